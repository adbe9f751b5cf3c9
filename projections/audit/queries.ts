/**
 * Reading the audit trail through `read.*`, so row-level security applies on top of the ecosystem
 * filter. Entries are what the admin page lists: one per event, except that a background job's
 * steps fold into one entry per run. Every list is in entry order (a run where its job was queued),
 * then log position, and walks an index in that order to its page (trail-sql.ts, tables.ts).
 */
import { ValidationError } from '../../domain/shared/errors';
import { commonMessages } from '../../domain/shared/messages';
import type { Queryable } from '../../infra/db/pool';
import { decodeCursor, encodeCursor, filterSql, mergedArms, PAGE_COLUMNS, withNames, type Param } from './trail-sql';

export interface BreadcrumbFilter {
  actorUserIds?: readonly string[] | null;
  eventTypes?: readonly string[] | null;
  targetType?: string | null;
  targetId?: string | null;
  /** ISO-8601 instants: from inclusive, to exclusive. */
  from?: string | null;
  to?: string | null;
  /** Only the steps of this job run. */
  runId?: string | null;
}

export interface Breadcrumb {
  eventId: string;
  ecosystemId: string | null;
  programId: string | null;
  /** ISO-8601. */
  occurredAt: string;
  actorUserId: string;
  actorRole: string;
  /** The actor's current name as the audit knows it, or null (the platform itself, an unknown user). */
  actorName: string | null;
  targetType: string;
  targetId: string;
  targetName: string | null;
  eventType: string;
  summary: string;
  changes: Record<string, unknown>;
  commandId: string | null;
  correlationId: string | null;
  runId: string | null;
  /** Why the platform could not read the event, or null when it could (decision 0016). */
  unreadable: string | null;
  /** Opaque; pass as `after` for the next page in the same order. */
  cursor: string;
}

export interface BreadcrumbRun { runId: string; jobName: string; status: string }

export interface BreadcrumbEntry {
  /** The entry's first matching event: the only one, or the first step of a run. */
  head: Breadcrumb;
  run: BreadcrumbRun | null;
  /** Events folded into the entry that match the filter (1 unless it is a run). */
  stepCount: number;
  lastOccurredAt: string;
  cursor: string;
}

export interface Page<T> { rows: T[]; hasNextPage: boolean; endCursor: string | null }

export const MAX_BREADCRUMBS_PAGE = 500;

interface Row {
  event_id: string; ecosystem_id: string | null; program_id: string | null; occurred_at: Date;
  actor_user_id: string; actor_role: string; actor_name: string | null; target_type: string; target_id: string; target_name: string | null;
  event_type: string; summary: string; changes: Record<string, unknown>; command_id: string | null; correlation_id: string | null;
  run_id: string | null; position_commit: string; position_prepare: string; entry_commit: string; entry_prepare: string; decode_error: string | null;
}

function checkPageSize(first: number): void {
  if (!Number.isInteger(first) || first < 0 || first > MAX_BREADCRUMBS_PAGE) {
    throw ValidationError.forField('first', commonMessages.pageSizeRange({ max: MAX_BREADCRUMBS_PAGE }));
  }
}

function parameters(): { params: unknown[]; p: Param } {
  const params: unknown[] = [];
  return { params, p: (value) => `$${params.push(value)}` };
}

/**
 * The orders of the event list. Newest first goes by entry, then position: a run's steps sit
 * together where the run began, as on the entries page, and one index per filter serves it.
 * Oldest first is for one run's steps (filter.runId), which share their entry: by position.
 */
const ORDERS = {
  newest: { columns: ['entry_commit', 'entry_prepare', 'position_commit', 'position_prepare'], direction: 'DESC', after: '<' },
  oldest: { columns: ['position_commit', 'position_prepare'], direction: 'ASC', after: '>' },
} as const;

type Order = (typeof ORDERS)[keyof typeof ORDERS];

const orderBy = (order: Order) => order.columns.map((c) => `b.${c} ${order.direction}`).join(', ');

function toBreadcrumb(row: Row, order: Order): Breadcrumb {
  return {
    eventId: row.event_id, ecosystemId: row.ecosystem_id, programId: row.program_id, occurredAt: row.occurred_at.toISOString(),
    actorUserId: row.actor_user_id, actorRole: row.actor_role, actorName: row.actor_role === 'SYSTEM' ? null : row.actor_name,
    targetType: row.target_type, targetId: row.target_id, targetName: row.target_name,
    eventType: row.event_type, summary: row.summary, changes: row.changes, commandId: row.command_id,
    correlationId: row.correlation_id, runId: row.run_id, unreadable: row.decode_error,
    cursor: encodeCursor(order.columns.map((c) => String(row[c]))),
  };
}

export interface ListArgs { ecosystemId: string; filter?: BreadcrumbFilter; first: number; after?: string | null }

/** Events one by one, newest first (or oldest first: a run's steps read in the order they happened). */
export async function listBreadcrumbs(client: Queryable, args: ListArgs & { order?: 'newest' | 'oldest' }): Promise<Page<Breadcrumb>> {
  checkPageSize(args.first);
  const order = ORDERS[args.order ?? 'newest'];
  const key = decodeCursor(args.after, order.columns.length);
  const { params, p } = parameters();
  const { arms } = filterSql(args.ecosystemId, args.filter ?? {}, p);
  const after = key ? [`(${order.columns.map((c) => `b.${c}`).join(', ')}) ${order.after} (${key.map((k) => `${p(k)}::bigint`).join(', ')})`] : [];
  const limit = p(args.first + 1);
  const arm = (where: readonly string[]) => `SELECT ${PAGE_COLUMNS} FROM read.breadcrumbs b
    WHERE ${[...where, ...after].join(' AND ')} ORDER BY ${orderBy(order)} LIMIT ${limit}`;
  const r = await client.query<Row>(withNames(mergedArms(arms, arm, orderBy(order), limit), orderBy(order)), params);
  const rows = r.rows.slice(0, args.first).map((row) => toBreadcrumb(row, order));
  return { rows, hasNextPage: r.rows.length > args.first, endCursor: rows.at(-1)?.cursor ?? null };
}

interface EntryRow { entry_commit: string; entry_prepare: string; run_id: string | null; steps: number; head_id: string; last_at: Date }

/**
 * Entries newest first by where they began: a run sits where its job was queued. First the page's
 * entry keys, each arm walking its index in entry order and stopping at the page (DISTINCT folds a
 * run's steps as they stream by); then, per key, the steps that match the filter are counted.
 */
export async function listBreadcrumbEntries(client: Queryable, args: ListArgs): Promise<Page<BreadcrumbEntry>> {
  checkPageSize(args.first);
  const key = decodeCursor(args.after, 2);
  const { params, p } = parameters();
  const { arms, all } = filterSql(args.ecosystemId, args.filter ?? {}, p);
  const after = key ? [`(b.entry_commit, b.entry_prepare) < (${p(key[0])}::bigint, ${p(key[1])}::bigint)`] : [];
  const limit = p(args.first + 1);
  const entryOrder = 'b.entry_commit DESC, b.entry_prepare DESC';
  const arm = (where: readonly string[]) => `SELECT DISTINCT b.entry_commit, b.entry_prepare FROM read.breadcrumbs b
    WHERE ${[...where, ...after].join(' AND ')} ORDER BY ${entryOrder} LIMIT ${limit}`;
  const groups = await client.query<EntryRow>(`WITH keys AS MATERIALIZED (${mergedArms(arms, arm, entryOrder, limit, true)})
    SELECT k.entry_commit::text, k.entry_prepare::text, g.run_id, g.steps, g.head_id, g.last_at
      FROM keys k CROSS JOIN LATERAL (
        SELECT max(b.run_id) AS run_id, count(*)::int AS steps, max(b.occurred_at) AS last_at,
               (array_agg(b.event_id ORDER BY b.position_commit, b.position_prepare))[1] AS head_id
          FROM read.breadcrumbs b WHERE ${all().join(' AND ')} AND b.entry_commit = k.entry_commit AND b.entry_prepare = k.entry_prepare) g
     ORDER BY k.entry_commit DESC, k.entry_prepare DESC`, params);
  const page = groups.rows.slice(0, args.first);
  const [heads, runs] = await Promise.all([
    client.query<Row>(withNames(`SELECT ${PAGE_COLUMNS} FROM read.breadcrumbs b WHERE b.event_id = ANY($1::uuid[])`, 'b.event_id'), [page.map((g) => g.head_id)]),
    client.query<{ run_id: string; job_name: string; status: string }>(`SELECT run_id, job_name, status FROM read.breadcrumb_runs WHERE run_id = ANY($1::text[])`,
      [page.flatMap((g) => (g.run_id ? [g.run_id] : []))]),
  ]);
  const headById = new Map(heads.rows.map((row) => [row.event_id, toBreadcrumb(row, ORDERS.newest)]));
  const runById = new Map(runs.rows.map((run) => [run.run_id, { runId: run.run_id, jobName: run.job_name, status: run.status }]));
  const rows = page.flatMap((g): BreadcrumbEntry[] => {
    const head = headById.get(g.head_id);
    if (!head) return [];
    const run = g.run_id ? runById.get(g.run_id) ?? null : null;
    return [{ head, run, stepCount: g.steps, lastOccurredAt: g.last_at.toISOString(), cursor: encodeCursor([g.entry_commit, g.entry_prepare]) }];
  });
  const last = page.at(-1);
  return { rows, hasNextPage: groups.rows.length > args.first, endCursor: last ? encodeCursor([last.entry_commit, last.entry_prepare]) : null };
}

export interface BreadcrumbFacets {
  actors: Array<{ userId: string; name: string | null; role: string | null }>;
  eventTypes: string[];
  targetTypes: string[];
}

/**
 * The filters' choices: one walk of the facets' key index over the ecosystem's actors, actions and
 * target types (a `type` row per kind of target, written with the first target of that kind). Its
 * length is the number of people and kinds of things, not of targets or events.
 */
export async function breadcrumbFacets(client: Queryable, ecosystemId: string): Promise<BreadcrumbFacets> {
  const r = await client.query<{ kind: string; value: string; label: string | null; detail: string | null }>(
    `SELECT kind, value, label, detail FROM read.breadcrumb_facets WHERE ecosystem_id = $1 AND kind IN ('actor', 'action', 'type')`,
    [ecosystemId]);
  const of = (kind: string) => r.rows.filter((row) => row.kind === kind);
  return {
    actors: of('actor').map((row) => ({ userId: row.value, name: row.label, role: row.detail }))
      .sort((a, b) => (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff')),
    eventTypes: of('action').map((row) => row.value).sort(),
    targetTypes: of('type').map((row) => row.value).sort(),
  };
}

export interface BreadcrumbTarget { targetType: string; targetId: string; name: string | null }

/**
 * Things acted on in the ecosystem, optionally of one type and matching a search, by name: a walk
 * of the (ecosystem[, type], label) index to the page. A search is a filter on that walk (ILIKE,
 * which no index serves under row-level security), so a rare term reads the tenant's targets of
 * that type.
 */
export async function breadcrumbTargets(client: Queryable, args: { ecosystemId: string; targetType?: string | null; search?: string | null; first: number }): Promise<BreadcrumbTarget[]> {
  checkPageSize(args.first);
  const params: unknown[] = [args.ecosystemId];
  const where = [`ecosystem_id = $1`, `kind = 'target'`];
  if (args.targetType) where.push(`target_type = $${params.push(args.targetType)}`);
  if (args.search?.trim()) where.push(`(label ILIKE $${params.push(`%${args.search.trim().replace(/[\\%_]/g, '\\$&')}%`)} OR value = $${params.push(args.search.trim())})`);
  const r = await client.query<{ value: string; label: string | null }>(`SELECT value, label FROM read.breadcrumb_facets
    WHERE ${where.join(' AND ')} ORDER BY label NULLS LAST, value LIMIT $${params.push(args.first)}`, params);
  return r.rows.map((row) => {
    const at = row.value.indexOf(':');
    return { targetType: row.value.slice(0, at), targetId: row.value.slice(at + 1), name: row.label };
  });
}
