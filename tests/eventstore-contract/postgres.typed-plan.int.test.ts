/**
 * The plan of the PostgreSQL store's read of some types only (readTypesSql, decision 0026): on a
 * log where the wanted types are rare or common among many others, it reads about as many index
 * entries and rows as the page returns, never the events it skips, whether PostgreSQL plans it for
 * the values at hand (a one-off) or once for all (a cached generic plan of the prepared statement).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoolClient } from '../../infra/db/pool';
import { readTypesSql } from '../../infra/eventstore/postgres-sql';
import { createTestDatabase, type TestDatabase } from '../setup/db';

const EVENTS = 20_000;
const LIMIT = 100;

let db: TestDatabase;
let client: PoolClient;
/** A position in the middle of the log, as a checkpoint would be. */
let middle: { commit: string; prepare: string };

beforeAll(async () => {
  db = await createTestDatabase();
  client = await db.ownerPool.connect();
  // 0.5% Rare, 10% Common, the rest spread over ten types nobody here reads; 100 transactions.
  for (let t = 0; t < 100; t++) {
    await client.query(`INSERT INTO public.events (stream_id, revision, event_id, type, data, metadata)
      SELECT 'plan-' || gen_random_uuid(), 0, gen_random_uuid(),
        CASE WHEN g % 200 = 0 THEN 'Rare' WHEN g % 10 = 1 THEN 'Common' ELSE 'Skipped' || (g % 10) END,
        jsonb_build_object('g', g), '{}'::jsonb
      FROM generate_series($1::int, $2::int) g`, [t * (EVENTS / 100), (t + 1) * (EVENTS / 100) - 1]);
  }
  await client.query('VACUUM ANALYZE public.events');
  const r = await client.query<{ commit: string; prepare: string }>(
    `SELECT transaction_id::text AS commit, global_position::text AS prepare FROM public.events ORDER BY global_position OFFSET $1 LIMIT 1`, [EVENTS / 2]);
  middle = r.rows[0];
});
afterAll(async () => {
  client.release();
  await db.drop();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Rows the scans of public.events produced or threw away, over all their loops. */
function rowsTouched(node: PlanNode): { touched: number; kinds: string[] } {
  let touched = 0;
  const kinds: string[] = [];
  if (node['Relation Name'] === 'events') {
    kinds.push(node['Node Type']);
    touched += (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
  }
  for (const child of node.Plans ?? []) {
    const sub = rowsTouched(child);
    touched += sub.touched;
    kinds.push(...sub.kinds);
  }
  return { touched, kinds };
}

/** EXPLAIN ANALYZE of the prepared statement, planned for these values or generically. */
async function explain(planning: 'force_custom_plan' | 'force_generic_plan', at: { commit: string; prepare: string }, types: string[]): Promise<PlanNode> {
  await client.query(`SET plan_cache_mode = ${planning}`);
  const args = [client.escapeLiteral(at.commit), client.escapeLiteral(at.prepare), String(LIMIT), client.escapeLiteral(`{${types.join(',')}}`)];
  const r = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE typed_plan(${args.join(', ')})`);
  return r.rows[0]['QUERY PLAN'][0].Plan;
}

const cases: Array<[string, string[], 'start' | 'middle']> = [
  ['a rare type from the start', ['Rare'], 'start'],
  ['a common type from the start', ['Common'], 'start'],
  ['a rare and a common type from the middle', ['Common', 'Rare'], 'middle'],
  ['three types, one absent, from the middle', ['Absent', 'Common', 'Rare'], 'middle'],
];

describe('the plan of a read of some types only', () => {
  for (const [what, types, from] of cases) {
    it(`touches about the rows it returns, not the ones it skips: ${what}`, async () => {
      const at = from === 'start' ? { commit: '0', prepare: '0' } : middle;
      await client.query(`PREPARE typed_plan AS ${readTypesSql(types.length)}`);
      try {
        const plans = [await explain('force_custom_plan', at, types), await explain('force_generic_plan', at, types)];
        for (const plan of plans) {
          const { touched, kinds } = rowsTouched(plan);
          expect(kinds).not.toContain('Seq Scan');
          expect(kinds).not.toContain('Bitmap Heap Scan');
          // The page (LIMIT rows by key), one look-ahead entry per type, the head, each at most once more.
          expect(touched).toBeLessThanOrEqual(2 * LIMIT + 2 * types.length + 2);
        }
      } finally {
        await client.query('RESET plan_cache_mode');
        await client.query('DEALLOCATE typed_plan');
      }
    });
  }
});
