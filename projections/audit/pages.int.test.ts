/**
 * The trail's pages against a reference: for any filter (several actors, several actions, a run)
 * and any page size, paging through the events and the entries with their cursors gives exactly
 * the rows the documented order gives, each once. The queries split a filter with several values
 * into one index walk per value and merge them (trail-sql.ts); this is what proves the merge right.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { ProjectionRunner } from '../runner';
import { withTenantScope } from '../scope';
import { TENANT_A, TENANT_B, waitUntilServing } from '../testing/fixtures';
import { auditProjection, listBreadcrumbEntries, listBreadcrumbs, type BreadcrumbFilter } from './index';

const ACTORS = ['actor-1', 'actor-2', 'actor-3', 'actor-4'];
const TYPES = ['ProgramEdited', 'ProgramArchived', 'UserRegistered', 'DemoDataItemAdded'];
const ROWS = 240;

interface Seeded { id: string; position: number; entry: number; actor: string; type: string; runId: string | null; at: number }

let db: TestDatabase;
let store: EventStore;
let runner: ProjectionRunner;
const rows: Seeded[] = [];

/** A trail of two tenants interleaved in the log; runs of 1 to 6 steps fold into their first step's entry. */
function trail(): Array<Seeded & { tenant: string }> {
  const out: Array<Seeded & { tenant: string }> = [];
  let run: { id: string; entry: number; left: number } | null = null;
  for (let i = 0; i < ROWS; i++) {
    const position = 100 + i;
    if (!run && i % 17 === 5) run = { id: `run-${i}`, entry: position, left: 1 + (i % 6) };
    const inRun = run !== null && i % 2 === 0;
    const row = {
      tenant: i % 2 === 0 ? TENANT_A : TENANT_B, id: crypto.randomUUID(), position, entry: inRun ? run!.entry : position,
      actor: ACTORS[(i * 7) % ACTORS.length], type: TYPES[(i * 5) % TYPES.length], runId: inRun ? run!.id : null, at: Date.UTC(2026, 0, 1) + ((i * 37) % 97) * 60_000,
    };
    if (inRun && --run!.left === 0) run = null;
    out.push(row);
  }
  return out;
}

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
  runner = new ProjectionRunner(db.ownerPool, store, [auditProjection], { pollIntervalMs: 10 });
  await runner.start();
  const schema = `proj_audit_v${auditProjection.version}`;
  await waitUntilServing(db.ownerPool, schema);
  const all = trail();
  await db.ownerPool.query(`
    INSERT INTO "${schema}".breadcrumbs (event_id, position_commit, position_prepare, ecosystem_id, occurred_at, actor_user_id, actor_role,
      target_type, target_id, event_type, summary, changes, run_id, entry_commit, entry_prepare)
    SELECT r.id, r.position, r.position, r.tenant, to_timestamp(r.at / 1000.0), r.actor, 'SUPER_ADMIN', 'program', 'p', r.type, 's', '{}', r."runId", r.entry, r.entry
      FROM json_to_recordset($1::json) AS r(id uuid, tenant uuid, position bigint, entry bigint, actor text, type text, "runId" text, at bigint)`,
  [JSON.stringify(all)]);
  await db.ownerPool.query(`ANALYZE "${schema}".breadcrumbs`);
  rows.push(...all.filter((r) => r.tenant === TENANT_A));
});
afterAll(async () => {
  await runner.stop();
  await store.close();
  await db.drop();
});

const asTenant = <T>(fn: Parameters<typeof withTenantScope<T>>[2]) => withTenantScope(db.apiPool, { platformAdmin: false, ecosystemIds: [TENANT_A] }, fn);

function matches(row: Seeded, f: BreadcrumbFilter): boolean {
  return (!f.actorUserIds?.length || f.actorUserIds.includes(row.actor)) && (!f.eventTypes?.length || f.eventTypes.includes(row.type))
    && (!f.runId || row.runId === f.runId);
}

const newestFirst = (a: Seeded, b: Seeded) => b.entry - a.entry || b.position - a.position;

const filters = fc.record({
  actorUserIds: fc.subarray(ACTORS), eventTypes: fc.subarray(TYPES), first: fc.integer({ min: 1, max: 9 }),
});

describe('trail pages, any filter, any page size', () => {
  it('list every matching event once, newest entry first, a run\'s steps together', async () => {
    await fc.assert(fc.asyncProperty(filters, async ({ first, ...filter }) => {
      const seen: string[] = [];
      let after: string | null = null;
      do {
        const page = await asTenant((c) => listBreadcrumbs(c, { ecosystemId: TENANT_A, filter, first, after }));
        seen.push(...page.rows.map((r) => r.eventId));
        after = page.hasNextPage ? page.endCursor : null;
      } while (after);
      expect(seen).toEqual(rows.filter((r) => matches(r, filter)).sort(newestFirst).map((r) => r.id));
    }), { numRuns: 40 });
  });

  it('list every entry once, newest first, counting the steps that match', async () => {
    await fc.assert(fc.asyncProperty(filters, async ({ first, ...filter }) => {
      const seen: Array<[string, number]> = [];
      let after: string | null = null;
      do {
        const page = await asTenant((c) => listBreadcrumbEntries(c, { ecosystemId: TENANT_A, filter, first, after }));
        seen.push(...page.rows.map((e): [string, number] => [e.head.eventId, e.stepCount]));
        after = page.hasNextPage ? page.endCursor : null;
      } while (after);
      const groups = new Map<number, Seeded[]>();
      for (const r of rows.filter((x) => matches(x, filter))) groups.set(r.entry, [...(groups.get(r.entry) ?? []), r]);
      const expected = [...groups.entries()].sort(([a], [b]) => b - a)
        .map(([, steps]): [string, number] => [steps.reduce((h, s) => (s.position < h.position ? s : h)).id, steps.length]);
      expect(seen).toEqual(expected);
    }), { numRuns: 40 });
  });

  it('read one run\'s steps oldest first', async () => {
    const runId = rows.find((r) => r.runId)!.runId!;
    const page = await asTenant((c) => listBreadcrumbs(c, { ecosystemId: TENANT_A, filter: { runId }, first: 100, order: 'oldest' }));
    expect(page.rows.map((r) => r.eventId)).toEqual(rows.filter((r) => r.runId === runId).sort((a, b) => a.position - b.position).map((r) => r.id));
  });
});
