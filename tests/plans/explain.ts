/**
 * Runs a recorded statement under EXPLAIN ANALYZE as app_api with a viewer's tenant settings (the
 * row-level-security predicate is part of every plan) and judges the plan: a page must cost a page,
 * whatever the tenant's size. The statements only read, inside a READ ONLY transaction.
 */
import type { Pool } from 'pg';
import type { Statement } from './record';

/** The two settings the tenant policy reads (projections/sql.ts TENANT_PREDICATE), as a request sets them. */
export interface Scope {
  platformAdmin: boolean;
  ecosystemIds: readonly string[];
}

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Parent Relationship'?: string;
  'Plan Rows': number;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Join Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Sort Method'?: string;
  Plans?: PlanNode[];
}

export interface Judged {
  statement: Statement;
  plan: PlanNode;
  /** Why this plan would grow with the tenant's rows; empty when it costs a page. */
  problems: string[];
}

/** Rows a node produced or threw away, over all its loops: what it had to look at. */
function rowsTouched(node: PlanNode): number {
  const removed = (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Join Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
  return (node['Actual Rows'] + removed) * node['Actual Loops'];
}

const describe = (node: PlanNode) =>
  [node['Node Type'], node['Relation Name'] && `on ${node['Relation Name']}`, node['Index Name'] && `using ${node['Index Name']}`].filter(Boolean).join(' ');

/**
 * The problems of a plan: a sequential scan of any table (every table read through `read.*` is a
 * read model that grows), a node that looks at more than `bound` rows, and a sort of more rows
 * than that (a top-N sort of a page's own rows is fine). `searched` names tables a contains-search
 * may read whole (no index serves ILIKE under row-level security): their scans are let through.
 */
export function planProblems(root: PlanNode, bound: number, searched: readonly string[] = []): string[] {
  const problems: string[] = [];
  const visit = (node: PlanNode, relation: string | undefined) => {
    const table = node['Relation Name'] ?? (node['Node Type'] === 'Bitmap Index Scan' ? relation : undefined);
    const allowed = table !== undefined && searched.includes(table);
    if (node['Node Type'] === 'Seq Scan' && !allowed) problems.push(`${describe(node)}: sequential scan`);
    const touched = rowsTouched(node);
    if (touched > bound && !allowed) problems.push(`${describe(node)}: looks at ${touched} rows (bound ${bound})`);
    if (/Sort/.test(node['Node Type'])) {
      const input = (node.Plans ?? []).filter((child) => child['Parent Relationship'] === 'Outer')
        .reduce((n, child) => n + child['Actual Rows'] * child['Actual Loops'], 0);
      if (input > bound) problems.push(`${describe(node)}: sorts ${input} rows (bound ${bound})`);
    }
    for (const child of node.Plans ?? []) visit(child, node['Relation Name']);
  };
  visit(root, undefined);
  return problems;
}

export async function explain(apiPool: Pool, scope: Scope, statement: Statement): Promise<PlanNode> {
  const client = await apiPool.connect();
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`SELECT set_config('app.platform_admin', $1, true), set_config('app.ecosystem_ids', $2, true)`,
      [scope.platformAdmin ? 'on' : 'off', scope.ecosystemIds.join(',')]);
    const r = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
      `EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${statement.text}`, statement.values);
    return r.rows[0]['QUERY PLAN'][0].Plan;
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

/** Judges each statement; `searched` applies only to statements that search (ILIKE). */
export async function judge(apiPool: Pool, scope: Scope, statements: readonly Statement[], bound: number, searched: readonly string[] = []): Promise<Judged[]> {
  const judged: Judged[] = [];
  for (const statement of statements) {
    const plan = await explain(apiPool, scope, statement);
    judged.push({ statement, plan, problems: planProblems(plan, bound, /\bILIKE\b/i.test(statement.text) ? searched : []) });
  }
  return judged;
}

/** The plan as indented lines, for failure messages and the decision record. */
export function planText(node: PlanNode, depth = 0): string {
  const removed = node['Rows Removed by Filter'] ? `, removed by filter ${node['Rows Removed by Filter']}` : '';
  const line = `${'  '.repeat(depth)}${describe(node)} (rows ${node['Actual Rows']} x ${node['Actual Loops']}, estimated ${node['Plan Rows']}${removed}${node['Sort Method'] ? `, ${node['Sort Method']}` : ''})`;
  return [line, ...(node.Plans ?? []).map((child) => planText(child, depth + 1))].join('\n');
}
