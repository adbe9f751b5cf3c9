/**
 * The SQL pieces the trail's queries share (queries.ts). Two rules shape them, both about keeping a
 * page's cost a page's (docs/decisions/0027):
 *  - Every list is in entry order, then log position, and each filter has an index in exactly that
 *    order (tables.ts), so a page is an index walk that stops at its limit. A filter with several
 *    actors or actions becomes one such walk ("arm") per value, merged: `= ANY` over an index would
 *    return each value's rows one after the other, which only a sort of all of them could order.
 *  - Under row-level security only leakproof conditions reach an index scan. `||` is not leakproof,
 *    so the facet looked up by "type:id" is keyed by a column the page computed first
 *    (`target_key`, in a materialized CTE), not by an expression inside the lookup.
 */
import { ValidationError } from '../../domain/shared/errors';
import { commonMessages } from '../../domain/shared/messages';
import type { BreadcrumbFilter } from './queries';

/** Adds a parameter and returns its placeholder. */
export type Param = (value: unknown) => string;

export interface FilterSql {
  /** WHERE clauses of each arm over `read.breadcrumbs b`: one arm, or one per value of a list. */
  arms: string[][];
  /** WHERE clauses of the whole filter, every value of every list (its parameters are added when asked for). */
  all: () => string[];
}

type ListFilter = readonly [column: string, values: readonly string[]];

/** The filter as SQL over `read.breadcrumbs b`, split into arms on its first list with several values. */
export function filterSql(ecosystemId: string, f: BreadcrumbFilter, p: Param): FilterSql {
  const common = [`b.ecosystem_id = ${p(ecosystemId)}::uuid`];
  if (f.targetType) common.push(`b.target_type = ${p(f.targetType)}`);
  if (f.targetId) common.push(`b.target_id = ${p(f.targetId)}`);
  if (f.from) common.push(`b.occurred_at >= ${p(f.from)}::timestamptz`);
  if (f.to) common.push(`b.occurred_at < ${p(f.to)}::timestamptz`);
  if (f.runId) common.push(`b.run_id = ${p(f.runId)}`);
  const lists: ListFilter[] = ([['b.actor_user_id', f.actorUserIds], ['b.event_type', f.eventTypes]] as const)
    .map(([column, values]): ListFilter => [column, [...new Set(values ?? [])]])
    .filter(([, values]) => values.length > 0);
  const clause = ([column, values]: ListFilter) => (values.length === 1 ? `${column} = ${p(values[0])}` : `${column} = ANY(${p(values)}::text[])`);
  const all = () => [...common, ...lists.map(clause)];
  const split = lists.find(([, values]) => values.length > 1);
  if (!split) {
    const where = all();
    return { arms: [where], all: () => where };
  }
  const rest = [...common, ...lists.filter((l) => l !== split).map(clause)];
  return { arms: split[1].map((value) => [...rest, `${split[0]} = ${p(value)}`]), all };
}

/**
 * One ordered, limited query per arm; several are merged in the same order and limited again, so
 * the merge reads at most arms x limit rows, whatever the trail holds. `distinct` for keys that
 * several arms can share (a run's entry, when its steps match two values); an event matches one.
 */
export function mergedArms(arms: readonly string[][], arm: (where: readonly string[]) => string, orderBy: string, limit: string, distinct = false): string {
  if (arms.length === 1) return arm(arms[0]);
  return `SELECT ${distinct ? 'DISTINCT ' : ''}* FROM (${arms.map((where) => `(${arm(where)})`).join('\n UNION ALL ')}) b ORDER BY ${orderBy} LIMIT ${limit}`;
}

/**
 * The page's rows with the actor's and the target's names, in `orderBy` (over `b`). Each name is
 * one primary-key probe per row of the page: a join would let the planner hash the tenant's every
 * facet instead once a page is long (the export's 500 rows), which grows with the tenant.
 */
export function withNames(pageSql: string, orderBy: string): string {
  const name = (kind: string, value: string) =>
    `(SELECT f.label FROM read.breadcrumb_facets f WHERE f.ecosystem_id = b.ecosystem_id AND f.kind = '${kind}' AND f.value = ${value})`;
  return `WITH page AS MATERIALIZED (${pageSql})
  SELECT b.*, ${name('actor', 'b.actor_user_id')} AS actor_name, ${name('target', 'b.target_key')} AS target_name
    FROM page b ORDER BY ${orderBy}`;
}

/** What a page row selects: every column, and the key its target's facet is found by. */
export const PAGE_COLUMNS = `b.*, b.target_type || ':' || b.target_id AS target_key`;

/** An opaque cursor over log positions (bigints as decimal strings). */
export function encodeCursor(parts: readonly string[]): string {
  return Buffer.from(parts.join('.')).toString('base64url');
}

/** The `size` positions inside a cursor; null when none is given; bad input when it is not ours. */
export function decodeCursor(cursor: string | null | undefined, size: number): string[] | null {
  if (!cursor) return null;
  const parts = Buffer.from(cursor, 'base64url').toString().split('.');
  if (parts.length !== size || !parts.every((part) => /^\d{1,19}$/.test(part))) throw ValidationError.forField('after', commonMessages.invalidCursor);
  return parts;
}
