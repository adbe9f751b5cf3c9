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
import { listBuilds } from './checkpoints';
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
    // Loading: the other tables' keys (the handler looks runs and people up by them), not breadcrumbs' (docs/decisions/0031).
    expect(await indexes(schema)).toEqual(all.filter((d) => d.includes('_pkey') && !d.includes('breadcrumbs_pkey')));

    release();
    await waitUntilServing(db.ownerPool, schema);
    expect(await indexes(schema)).toEqual(all);
  });

  it('keep the first of two events with one id, loading without the key as serving with it', async () => {
    // The PostgreSQL store refuses a second event with an id; a log that does not (this wrapper
    // gives an event the id named in its data) must still give a rebuild the rows the live build has.
    const original = newEvent('ProgramEdited', { name: 'original' });
    const { id } = original;
    await store.append(`program-${crypto.randomUUID()}`, [original], { expectedRevision: 'no_stream' });
    await store.append(`program-${crypto.randomUUID()}`, [newEvent('ProgramEdited', { name: 'copy', sameIdAs: id })], { expectedRevision: 'no_stream' });
    const last = await appendSome(3);
    const sameIds: EventStore = {
      ...store,
      readPage: async (o) => {
        const page = await store.readPage(o);
        return { ...page, events: page.events.map((e) => ((e.data as { sameIdAs?: string }).sameIdAs ? { ...e, id: (e.data as { sameIdAs: string }).sameIdAs } : e)) };
      },
    };
    const live = runner(sameIds);
    await live.start();
    expect(await live.waitFor(last, ['audit'], 10_000)).toBe(true);
    const served = await rows((await listBuilds(db.ownerPool, { names: ['audit'] }))[0].schema);
    expect(served.filter((r) => r.event_id === id).map((r) => r.changes.name)).toEqual(['original']);
    const [schema] = await live.rebuild(['audit']);
    await waitUntilServing(db.ownerPool, schema);
    expect(await rows(schema)).toEqual(served);
  });
});

/** A build's breadcrumbs in log order, read as the runner writes them (every tenant). */
async function rows(schema: string): Promise<Array<{ event_id: string; changes: { name: string } }>> {
  const client = await db.ownerPool.connect();
  try {
    await client.query(`BEGIN READ ONLY`);
    await client.query(`SELECT set_config('app.platform_admin', 'on', true)`);
    const r = await client.query<{ event_id: string; changes: { name: string } }>(
      `SELECT * FROM "${schema}".breadcrumbs ORDER BY position_commit, position_prepare`);
    return r.rows;
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}
