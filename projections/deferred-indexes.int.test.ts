/**
 * Secondary indexes (Projection.indexes, docs/decisions/0022): a build that serves from its
 * creation has them at once; a rebuild loads without them and creates them when it has caught up,
 * before its views switch, so what serves always has every index.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '../infra/eventstore/postgres';
import type { EventStore } from '../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { auditProjection } from './audit';
import { ProjectionRunner } from './runner';
import { buildOf, eventually, newEvent, waitUntilServing } from './testing/fixtures';

let db: TestDatabase;
let store: EventStore;
const runners: ProjectionRunner[] = [];
const errors: string[] = [];

beforeEach(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await store.close();
  await db.drop();
  expect(errors.splice(0)).toEqual([]);
});

function runner(eventStore: EventStore): ProjectionRunner {
  const r = new ProjectionRunner(db.ownerPool, eventStore, [auditProjection], {
    batchSize: 2, pollIntervalMs: 10, reconcileIntervalMs: 50, onError: (e, c) => errors.push(`${c}: ${e.message}`),
  });
  runners.push(r);
  return r;
}

/** The schema's index definitions, with the schema name taken out so that two builds compare. */
async function indexes(schema: string): Promise<string[]> {
  const r = await db.ownerPool.query<{ def: string }>(
    `SELECT replace(indexdef, quote_ident(schemaname) || '.', '') AS def FROM pg_indexes WHERE schemaname = $1 ORDER BY indexname`, [schema]);
  return r.rows.map((x) => x.def);
}

async function appendSome(n: number) {
  let last = null;
  for (let i = 0; i < n; i++) {
    last = (await store.append(`program-${crypto.randomUUID()}`, [newEvent('ProgramEdited', { name: `P${i}` })], { expectedRevision: 'no_stream' })).position;
  }
  return last!;
}

describe('secondary indexes of projection builds', () => {
  it('are there from the start on a build that serves at once, and come before the switch on a rebuild', async () => {
    const live = runner(store);
    await live.start();
    const first = (await buildOf(db.ownerPool, `proj_audit_v${auditProjection.version}`))!;
    expect(first.status).toBe('serving');
    const all = await indexes(first.schema);
    expect(all.filter((d) => !d.includes('_pkey'))).toHaveLength(auditProjection.indexes!('x').match(/CREATE INDEX/g)!.length);
    expect(await live.waitFor(await appendSome(6), ['audit'], 10_000)).toBe(true);

    // The rebuild's reads stop after two pages: it has loaded rows and has not caught up yet.
    let reads = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const gated: EventStore = { ...store, readPage: async (o) => { if (++reads > 2) await gate; return store.readPage(o); } };
    const rebuilder = runner(gated);
    await rebuilder.start();
    const [schema] = await rebuilder.rebuild(['audit']);
    await eventually('the rebuild to load two batches', async () => ((await buildOf(db.ownerPool, schema))?.eventsProcessed ?? 0) >= 4);
    expect(await indexes(schema)).toEqual(all.filter((d) => d.includes('_pkey')));

    release();
    await waitUntilServing(db.ownerPool, schema);
    expect(await indexes(schema)).toEqual(all);
  });
});
