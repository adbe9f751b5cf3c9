/**
 * DESIGN.md section 5: a rebuild yields exactly the rows the live projection built. Random command
 * sequences are appended while the live runner follows the log in random batch sizes, then both
 * projections are rebuilt blue/green from position zero with another batch size and the read views
 * compared before and after the switch.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Position } from '../domain/shared/events';
import { createPostgresEventStore } from '../infra/eventstore/postgres';
import type { EventStore } from '../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { auditProjection } from './audit';
import { itemsProjection, newEvent, resetProjections, rows, TENANT_A, TENANT_B, waitUntilServing } from './testing/fixtures';
import { ProjectionRunner } from './runner';

let db: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

type Command =
  | { kind: 'set'; item: number; value: number; tenant: string | null }
  | { kind: 'inc'; item: number; by: number }
  | { kind: 'del'; item: number }
  | { kind: 'noise'; tenant: string | null }
  /** Let the live runner catch up here, so live batches split the log in varied places. */
  | { kind: 'sync' };

const item = fc.nat(3);
const tenant = fc.constantFrom(TENANT_A, TENANT_B, null);
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('set' as const), item, value: fc.integer({ min: -50, max: 50 }), tenant }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('inc' as const), item, by: fc.integer({ min: -5, max: 5 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('del' as const), item }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('noise' as const), tenant }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'sync' as const }) },
);

/** What the items table must hold for this run's ids: value and number of applied updates. */
function model(commands: Command[], id: (n: number) => string): Record<string, { value: number; updates: number }> {
  const state = new Map<string, { value: number; updates: number }>();
  for (const c of commands) {
    if (c.kind === 'set') {
      const s = state.get(id(c.item));
      state.set(id(c.item), { value: c.value, updates: (s?.updates ?? 0) + 1 });
    } else if (c.kind === 'inc') {
      const s = state.get(id(c.item));
      if (s) state.set(id(c.item), { value: s.value + c.by, updates: s.updates + 1 });
    } else if (c.kind === 'del') {
      state.delete(id(c.item));
    }
  }
  return Object.fromEntries(state);
}

async function append(c: Exclude<Command, { kind: 'sync' }>, id: (n: number) => string): Promise<Position> {
  const [stream, event] =
    c.kind === 'set' ? [`item-${id(c.item)}`, newEvent('ItemSet', { id: id(c.item), value: c.value }, { ecosystemId: c.tenant })]
    : c.kind === 'inc' ? [`item-${id(c.item)}`, newEvent('ItemIncremented', { id: id(c.item), by: c.by })]
    : c.kind === 'del' ? [`item-${id(c.item)}`, newEvent('ItemDeleted', { id: id(c.item) })]
    : ['noise-1', newEvent('SomethingElseHappened', { password: 'hunter2', note: 'n' }, { ecosystemId: c.tenant })];
  return (await store.append(stream, [event], { expectedRevision: 'any' })).position;
}

const snapshot = async () => ({
  items: await rows(db.ownerPool, 'SELECT * FROM read.items ORDER BY id'),
  breadcrumbs: await rows(db.ownerPool, 'SELECT * FROM read.breadcrumbs ORDER BY position_commit, position_prepare'),
});

let run = 0;
/** The log outlives each run (only projection state is reset), so live must catch up to all of it. */
let lastAppended: Position | null = null;

describe('replay', () => {
  it('rebuilding from position zero gives exactly the rows the live runner built', async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(command, { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 40 }),
      async (commands, liveBatch, rebuildBatch) => {
        run += 1;
        const id = (n: number) => `r${run}-${n}`;
        await resetProjections(db.ownerPool);
        const options = { pollIntervalMs: 5, reconcileIntervalMs: 60_000, onError: (e: Error) => { throw e; } };
        const live = new ProjectionRunner(db.ownerPool, store, [itemsProjection(), auditProjection], { ...options, batchSize: liveBatch });
        const rebuilder = new ProjectionRunner(db.ownerPool, store, [itemsProjection(), auditProjection], { ...options, batchSize: rebuildBatch });
        try {
          await live.start();
          for (const c of commands) {
            if (c.kind === 'sync') {
              if (lastAppended) expect(await live.waitFor(lastAppended, undefined, 10_000)).toBe(true);
            } else {
              lastAppended = await append(c, id);
            }
          }
          // The last append's position, not headPosition(): the head may not show an event whose
          // transaction committed while an older one (a runner's batch) was still open.
          if (lastAppended) expect(await live.waitFor(lastAppended, undefined, 10_000)).toBe(true);
          const built = await snapshot();
          const mine = built.items.filter((r) => String(r.id).startsWith(`r${run}-`));
          expect(Object.fromEntries(mine.map((r) => [r.id, { value: r.value, updates: r.updates }]))).toEqual(model(commands, id));

          await rebuilder.start();
          const schemas = await rebuilder.rebuild(['items', 'audit']);
          for (const schema of schemas) await waitUntilServing(db.ownerPool, schema);
          expect(await snapshot()).toEqual(built);
        } finally {
          await rebuilder.stop();
          await live.stop();
        }
      }), { numRuns: 15 });
  }, 300_000);
});
