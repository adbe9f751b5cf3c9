/**
 * The plan of the PostgreSQL store's read of some types only (READ_TYPES_SQL, decision 0026): on a
 * log where the wanted types are rare or common among many others, it reads at most a page of index
 * entries per wanted type and the page's rows, never the events it skips, whether PostgreSQL plans
 * it for the values at hand or once for all (the cached generic plan of the prepared statement),
 * and also when thousands of skipped events arrived since the statistics were taken. It counts rows
 * and, for the type index, pages: a scan that starts at a type's first entry rather than at the
 * checkpoint returns as few rows but walks every earlier entry of that type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoolClient } from '../../infra/db/pool';
import { READ_TYPES_SQL } from '../../infra/eventstore/postgres-sql';
import { createTestDatabase, type TestDatabase } from '../setup/db';

const EVENTS = 40_000;
const LIMIT = 100;

interface At { commit: string; prepare: string }

let db: TestDatabase;
let client: PoolClient;
/** Checkpoints: the start, the middle of the log, the head when the statistics were taken, and the head. */
const at: Record<'start' | 'middle' | 'analysed' | 'head', At> = {
  start: { commit: '0', prepare: '0' }, middle: { commit: '0', prepare: '0' }, analysed: { commit: '0', prepare: '0' }, head: { commit: '0', prepare: '0' },
};

async function fill(from: number, to: number, skippedOnly: boolean): Promise<void> {
  await client.query(`INSERT INTO public.events (stream_id, revision, event_id, type, data, metadata)
    SELECT 'plan-' || gen_random_uuid(), 0, gen_random_uuid(),
      CASE WHEN NOT $3 AND g % 200 = 0 THEN 'Rare' WHEN NOT $3 AND g % 10 = 1 THEN 'Common' ELSE 'Skipped' || (g % 10) END,
      jsonb_build_object('g', g), '{}'::jsonb
    FROM generate_series($1::int, $2::int) g`, [from, to, skippedOnly]);
}

async function position(sql: string, values: unknown[] = []): Promise<At> {
  return (await client.query<At>(`SELECT transaction_id::text AS commit, global_position::text AS prepare FROM public.events ${sql}`, values)).rows[0];
}

beforeAll(async () => {
  db = await createTestDatabase();
  client = await db.ownerPool.connect();
  // 0.5% Rare, 10% Common, the rest spread over ten types nobody here reads; 100 transactions.
  for (let t = 0; t < 100; t++) await fill(t * (EVENTS / 100), (t + 1) * (EVENTS / 100) - 1, false);
  await client.query('VACUUM ANALYZE public.events');
  at.middle = await position('ORDER BY global_position OFFSET $1 LIMIT 1', [EVENTS / 2]);
  at.analysed = await position('ORDER BY global_position DESC LIMIT 1');
  // Then 5,000 events of other types the statistics know nothing of: "few rows follow" is wrong now.
  for (let t = 0; t < 5; t++) await fill(EVENTS + t * 1000, EVENTS + (t + 1) * 1000 - 1, true);
  at.head = await position('ORDER BY global_position DESC LIMIT 1');
});
afterAll(async () => {
  client.release();
  await db.drop();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Heap Fetches'?: number;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

interface Touched {
  /** Rows the scans of public.events produced or threw away, over all their loops. */
  touched: number;
  kinds: string[];
  /** Scans of the type index: index pages read beyond those their entries fill (descents, walks). */
  typeIndexExcess: number;
}

/** Entries of the type index per leaf page, at the least (about 150 fit). */
const ENTRIES_PER_PAGE = 50;
/** Pages of one descent of the type index and the step past its range's end. */
const PAGES_PER_PROBE = 4;

function rowsTouched(node: PlanNode): Touched {
  const out: Touched = { touched: 0, kinds: [], typeIndexExcess: 0 };
  const loops = node['Actual Loops'] ?? 1;
  const rows = (node['Actual Rows'] ?? 0) * loops;
  if (node['Relation Name'] === 'events') {
    out.kinds.push(node['Node Type']);
    out.touched += rows + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
  }
  if (node['Index Name'] === 'events_type_position_idx') {
    // Heap pages it visits to check the visibility of the entries it returns count apart.
    const pages = (node['Shared Hit Blocks'] ?? 0) + (node['Shared Read Blocks'] ?? 0) - (node['Heap Fetches'] ?? 0);
    out.typeIndexExcess += Math.max(0, pages - PAGES_PER_PROBE * loops - Math.ceil(rows / ENTRIES_PER_PAGE));
  }
  for (const child of node.Plans ?? []) {
    const sub = rowsTouched(child);
    out.touched += sub.touched;
    out.kinds.push(...sub.kinds);
    out.typeIndexExcess += sub.typeIndexExcess;
  }
  return out;
}

/** EXPLAIN ANALYZE of the prepared statement, planned for these values or generically. */
async function explain(planning: 'force_custom_plan' | 'force_generic_plan', at: { commit: string; prepare: string }, types: string[]): Promise<PlanNode> {
  await client.query(`SET plan_cache_mode = ${planning}`);
  const args = [client.escapeLiteral(at.commit), client.escapeLiteral(at.prepare), String(LIMIT), client.escapeLiteral(`{${types.join(',')}}`)];
  const r = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) EXECUTE typed_plan(${args.join(', ')})`);
  return r.rows[0]['QUERY PLAN'][0].Plan;
}

/** [what, wanted types, checkpoint, at most this many rows touched]. */
const cases: Array<[string, string[], keyof typeof at, number]> = [
  ['a rare type from the start', ['Rare'], 'start', 2 * LIMIT + 3],
  ['a common type from the start', ['Common'], 'start', 2 * LIMIT + 3],
  ['a rare and a common type from the middle', ['Common', 'Rare'], 'middle', 3 * LIMIT + 4],
  ['three types, one absent, from the middle', ['Absent', 'Common', 'Rare'], 'middle', 4 * LIMIT + 5],
  ['caught up: nothing follows', ['Absent', 'Common', 'Rare'], 'head', 5],
  ['behind 5,000 events of other types the statistics never saw', ['Absent', 'Common', 'Rare'], 'analysed', 5],
];

describe('the plan of a read of some types only', () => {
  for (const [what, types, from, most] of cases) {
    it(`touches the page, never the events it skips: ${what}`, async () => {
      await client.query(`PREPARE typed_plan AS ${READ_TYPES_SQL}`);
      try {
        const plans = [await explain('force_custom_plan', at[from], types), await explain('force_generic_plan', at[from], types)];
        for (const plan of plans) {
          const { touched, kinds, typeIndexExcess } = rowsTouched(plan);
          expect(kinds).not.toContain('Seq Scan');
          expect(kinds).not.toContain('Bitmap Heap Scan');
          // At most a page of index entries per wanted type, the page's rows by key, and the head.
          expect(touched).toBeLessThanOrEqual(most);
          // Each type's range starts at the checkpoint: no walk over its earlier entries.
          expect(typeIndexExcess).toBe(0);
        }
      } finally {
        await client.query('RESET plan_cache_mode');
        await client.query('DEALLOCATE typed_plan');
      }
    });
  }
});
