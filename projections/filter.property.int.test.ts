/**
 * Property (decision 0026): a projection that fetches only the types it consumes ends in the state
 * that applying the whole log, ignoring the other types, gives, whatever the interleaving of
 * appends of consumed and other types, transactions committing out of position order or rolling
 * back, waits, batch sizes and a blue/green rebuild in between. The reference reads every event
 * (a handleBatch projection, which is never filtered) in the same runner.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Position, RecordedEvent } from '../domain/shared/events';
import type { PoolClient } from '../infra/db/pool';
import { appendInTransaction, createPostgresEventStore } from '../infra/eventstore/postgres';
import type { EventStore } from '../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { listBuilds } from './checkpoints';
import { ProjectionRunner } from './runner';
import { eventually, newEvent, rows } from './testing/fixtures';
import type { Projection, ProjectionContext } from './types';

const TYPES = ['Alpha', 'Beta', 'Gamma'] as const;
const CONSUMED = new Set<string>(['Alpha', 'Gamma']);

let db: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool, { pollIntervalMs: 50 });
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

const TABLE = (schema: string) => `CREATE TABLE "${schema}".seen (
  event_id uuid PRIMARY KEY, commit bigint NOT NULL, prepare bigint NOT NULL, type text NOT NULL, n integer NOT NULL)`;

async function record(event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  await ctx.client.query(`INSERT INTO ${ctx.table('seen')} VALUES ($1, $2, $3, $4, $5)`,
    [event.id, event.position.commit.toString(), event.position.prepare.toString(), event.type, (event.data as { n: number }).n]);
}

/** Handlers for the consumed types only: its workers fetch nothing else. */
const filtered = (name: string): Projection => ({
  name, version: 1, tables: TABLE, exposedTables: [],
  handlers: Object.fromEntries([...CONSUMED].map((t) => [t, record])),
});

/** Sees every event (handleBatch) and ignores the types the other does not consume. */
const reference = (name: string): Projection => ({
  name, version: 1, tables: TABLE, exposedTables: [], handlers: {},
  async handleBatch(events, ctx) {
    for (const e of events) if (CONSUMED.has(e.type)) await record(e, ctx);
  },
});

type Step =
  | { kind: 'append'; types: Array<typeof TYPES[number]> }
  | { kind: 'hold'; type: typeof TYPES[number] }
  | { kind: 'release'; commit: boolean; which: number }
  | { kind: 'wait' }
  | { kind: 'rebuild' };

const typeArb = fc.constantFrom(...TYPES);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('append' as const), types: fc.array(typeArb, { minLength: 1, maxLength: 4 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('hold' as const), type: typeArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('release' as const), commit: fc.boolean(), which: fc.nat(10) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'wait' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'rebuild' as const }) },
);

interface Held { client: PoolClient; open: boolean }

let run = 0;

async function servingRows(name: string) {
  const serving = (await listBuilds(db.ownerPool, { names: [name] })).find((b) => b.status === 'serving');
  if (!serving) throw new Error(`${name} has no serving build`);
  return { build: serving, rows: await rows(db.ownerPool, `SELECT event_id, type, n FROM "${serving.schema}".seen ORDER BY commit, prepare`) };
}

describe('a projection reading only its types', () => {
  it('ends as the whole log applied with the other types ignored (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 4 }), async (steps, batchSize) => {
      run += 1;
      const [f, r] = [`filtered${run}`, `reference${run}`];
      const runner = new ProjectionRunner(db.ownerPool, store, [filtered(f), reference(r)], { batchSize, pollIntervalMs: 20, reconcileIntervalMs: 50 });
      const held: Held[] = [];
      let n = 0;
      const appended: Position[] = [];
      const append = async (type: string) => {
        appended.push((await store.append(`prop-${crypto.randomUUID()}`, [newEvent(type, { n: n++ })], { expectedRevision: 'no_stream' })).position);
      };
      await runner.start();
      try {
        for (const step of steps) {
          if (step.kind === 'append') for (const t of step.types) await append(t);
          if (step.kind === 'hold') {
            const client = await db.ownerPool.connect();
            await client.query('BEGIN');
            await appendInTransaction(client, `prop-${crypto.randomUUID()}`, [newEvent(step.type, { n: n++ })], { expectedRevision: 'no_stream' });
            held.push({ client, open: true });
          }
          const open = held.filter((h) => h.open);
          if (step.kind === 'release' && open.length > 0) {
            const h = open[step.which % open.length];
            await h.client.query(step.commit ? 'COMMIT' : 'ROLLBACK');
            h.open = false;
            h.client.release();
          }
          // An open transaction holds back everything after it: only wait when none is.
          if (step.kind === 'wait' && appended.length > 0 && open.length === 0) expect(await runner.waitFor(appended[appended.length - 1], [f, r], 15_000)).toBe(true);
          if (step.kind === 'rebuild') await runner.rebuild([f]);
        }
        for (const h of held.filter((x) => x.open)) {
          await h.client.query('COMMIT');
          h.open = false;
          h.client.release();
        }
        // Last, a type the filtered projection does not read: its checkpoint must pass it too.
        await append('Beta');
        const last = appended[appended.length - 1];
        // A rebuild started above serves once it has caught up: compare what serves then.
        await eventually(`${f} to have no build in progress`, async () =>
          (await listBuilds(db.ownerPool, { names: [f] })).every((b) => b.status !== 'building'));
        expect(await runner.waitFor(last, [f, r], 15_000)).toBe(true);
        const [mine, theirs] = await Promise.all([servingRows(f), servingRows(r)]);
        expect(mine.rows).toEqual(theirs.rows);
        expect(mine.build.position).toEqual(theirs.build.position);
      } finally {
        for (const h of held.filter((x) => x.open)) {
          await h.client.query('ROLLBACK');
          h.client.release();
        }
        await runner.stop();
      }
    }), { numRuns: 20 });
  });
});
