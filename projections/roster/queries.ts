/**
 * Pages of the user roster (decision 0049), in the request's tenant scope. A page is one statement
 * whose plan walks one index in the page's order: the role table for one role, the program table
 * for one program, the status index for one status, else the ecosystem's own. Further filters are
 * checked on the rows walked. A search by text reads the ecosystem's rows (ILIKE is not leakproof,
 * so no index serves it under row-level security), as the other searches of the platform do.
 */
import type { Queryable } from '../../infra/db/pool';

export const ROSTER_SORTS = ['NAME_ASC', 'NAME_DESC', 'JOINED_ASC', 'JOINED_DESC'] as const;
export type RosterSort = (typeof ROSTER_SORTS)[number];

export interface RosterFilter {
  ecosystemId: string;
  /** Roles, or TUTEE for STUDENT or PUPIL. */
  roles?: readonly string[];
  statuses?: readonly string[];
  programIds?: readonly string[];
  text?: string | null;
  /** Only these people (a bulk action's selection). */
  userIds?: readonly string[];
  /** Never these (the admin running a bulk action on everyone matching). */
  excludeUserIds?: readonly string[];
}

export interface RosterRow {
  ecosystemId: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  preferredName: string | null;
  status: string;
  roles: string[];
  programIds: string[];
  joinedAt: Date;
  /** The sort value as PostgreSQL prints it: the cursor's first part, compared in SQL. */
  sortKey: string;
}

interface Built { from: string; where: string[]; values: unknown[]; sortColumn: string; driver: string }

const param = (values: unknown[], value: unknown): string => {
  values.push(value);
  return `$${values.length}`;
};

/** The table that drives the walk, and the conditions on it and on the entries. */
function build(filter: RosterFilter, sort: RosterSort): Built {
  const values: unknown[] = [filter.ecosystemId];
  const where = ['e.ecosystem_id = $1'];
  const byName = sort.startsWith('NAME');
  const single = (list?: readonly string[]) => (list?.length === 1 ? list[0] : null);
  let from = 'read.roster_entries e';
  let driver = 'e';
  const role = single(filter.roles);
  const program = role ? null : single(filter.programIds);
  if (role) {
    from = 'read.roster_roles d JOIN read.roster_entries e ON e.ecosystem_id = d.ecosystem_id AND e.user_id = d.user_id';
    driver = 'd';
    where.push(`d.ecosystem_id = $1 AND d.role_key = ${param(values, role)}`);
  } else if (program) {
    from = 'read.roster_programs d JOIN read.roster_entries e ON e.ecosystem_id = d.ecosystem_id AND e.user_id = d.user_id';
    driver = 'd';
    where.push(`d.ecosystem_id = $1 AND d.program_id = ${param(values, program)}::uuid`);
  }
  if (filter.roles?.length && !role) where.push(`EXISTS (SELECT 1 FROM read.roster_roles r WHERE r.ecosystem_id = $1 AND r.user_id = e.user_id AND r.role_key = ANY(${param(values, filter.roles)}::text[]))`);
  if (filter.programIds?.length && !program) where.push(`e.program_ids && ${param(values, filter.programIds)}::uuid[]`);
  if (filter.statuses?.length) where.push(filter.statuses.length === 1 ? `e.status = ${param(values, filter.statuses[0])}` : `e.status = ANY(${param(values, filter.statuses)}::text[])`);
  if (filter.userIds) where.push(`e.user_id = ANY(${param(values, filter.userIds)}::uuid[])`);
  if (filter.excludeUserIds?.length) where.push(`e.user_id <> ALL(${param(values, filter.excludeUserIds)}::uuid[])`);
  const text = filter.text?.trim();
  if (text) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(`(e.first_name || ' ' || e.last_name || ' ' || coalesce(e.preferred_name, '') || ' ' || e.email) ILIKE ${param(values, pattern)}`);
  }
  return { from, where, values, sortColumn: `${driver}.${byName ? 'sort_name' : 'joined_at'}`, driver };
}

const SELECT = `e.ecosystem_id AS "ecosystemId", e.user_id AS "userId", e.email, e.first_name AS "firstName", e.last_name AS "lastName",
  e.preferred_name AS "preferredName", e.status, e.roles, e.program_ids AS "programIds", e.joined_at AS "joinedAt"`;

/** Up to `limit` rows after the cursor key `[sortKey, userId]`, in `sort` order. */
export async function rosterPage(db: Queryable, filter: RosterFilter, sort: RosterSort, limit: number, after: [string, string] | null): Promise<RosterRow[]> {
  const { from, where, values, sortColumn, driver } = build(filter, sort);
  const desc = sort.endsWith('DESC');
  const cast = sort.startsWith('NAME') ? 'text' : 'timestamptz';
  if (after) where.push(`(${sortColumn}, ${driver}.user_id) ${desc ? '<' : '>'} (${param(values, after[0])}::${cast}, ${param(values, after[1])}::uuid)`);
  const dir = desc ? 'DESC' : 'ASC';
  const r = await db.query<RosterRow>(
    `SELECT ${SELECT}, ${sortColumn}::text AS "sortKey" FROM ${from} WHERE ${where.join(' AND ')}
      ORDER BY ${sortColumn} ${dir}, ${driver}.user_id ${dir} LIMIT ${param(values, limit)}`, values);
  return r.rows;
}

/** How many people the filter names: what a bulk action will touch (it reads every matching row). */
export async function rosterCount(db: Queryable, filter: RosterFilter): Promise<number> {
  const { from, where, values } = build(filter, 'NAME_ASC');
  const r = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from} WHERE ${where.join(' AND ')}`, values);
  return r.rows[0].n;
}
