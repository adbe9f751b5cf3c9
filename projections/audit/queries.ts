/**
 * Reading the audit trail through `read.*`, so row-level security applies on top of the ecosystem
 * filter. Filters run in SQL on indexed columns (tables.ts). Entries are what the admin page lists:
 * one per event, except that a background job's steps fold into one entry per run.
 */
import { ValidationError } from '../../domain/shared/errors';
import { commonMessages } from '../../domain/shared/messages';
import type { Queryable } from '../../infra/db/pool';

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
  run_id: string | null; position_commit: string; position_prepare: string; decode_error: string | null;
}

function encodeCursor(commit: string, prepare: string): string {
  return Buffer.from(`${commit}.${prepare}`).toString('base64url');
}

function decodeCursor(cursor: string | null | undefined): [string, string] | [null, null] {
  if (!cursor) return [null, null];
  const m = /^(\d{1,19})\.(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw ValidationError.forField('after', commonMessages.invalidCursor);
  return [m[1], m[2]];
}

function checkPageSize(first: number): void {
  if (!Number.isInteger(first) || first < 0 || first > MAX_BREADCRUMBS_PAGE) {
    throw ValidationError.forField('first', commonMessages.pageSizeRange({ max: MAX_BREADCRUMBS_PAGE }));
  }
}

/** The WHERE clauses of a filter over `read.breadcrumbs b`; `params` receives their values ($1 is the ecosystem). */
function filterClauses(ecosystemId: string, f: BreadcrumbFilter, params: unknown[]): string[] {
  const p = (value: unknown) => { params.push(value); return `$${params.length}`; };
  const clauses = [`b.ecosystem_id = ${p(ecosystemId)}::uuid`];
  if (f.actorUserIds?.length) clauses.push(`b.actor_user_id = ANY(${p(f.actorUserIds)}::text[])`);
  if (f.eventTypes?.length) clauses.push(`b.event_type = ANY(${p(f.eventTypes)}::text[])`);
  if (f.targetType) clauses.push(`b.target_type = ${p(f.targetType)}`);
  if (f.targetId) clauses.push(`b.target_id = ${p(f.targetId)}`);
  if (f.from) clauses.push(`b.occurred_at >= ${p(f.from)}::timestamptz`);
  if (f.to) clauses.push(`b.occurred_at < ${p(f.to)}::timestamptz`);
  if (f.runId) clauses.push(`b.run_id = ${p(f.runId)}`);
  return clauses;
}

const WITH_NAMES = `SELECT b.*, b.position_commit::text AS position_commit, b.position_prepare::text AS position_prepare,
    fa.label AS actor_name, ft.label AS target_name
  FROM read.breadcrumbs b
  LEFT JOIN read.breadcrumb_facets fa ON fa.ecosystem_id = b.ecosystem_id AND fa.kind = 'actor' AND fa.value = b.actor_user_id
  LEFT JOIN read.breadcrumb_facets ft ON ft.ecosystem_id = b.ecosystem_id AND ft.kind = 'target' AND ft.value = b.target_type || ':' || b.target_id`;

function toBreadcrumb(row: Row): Breadcrumb {
  return {
    eventId: row.event_id, ecosystemId: row.ecosystem_id, programId: row.program_id, occurredAt: row.occurred_at.toISOString(),
    actorUserId: row.actor_user_id, actorRole: row.actor_role, actorName: row.actor_role === 'SYSTEM' ? null : row.actor_name,
    targetType: row.target_type, targetId: row.target_id, targetName: row.target_name,
    eventType: row.event_type, summary: row.summary, changes: row.changes, commandId: row.command_id,
    correlationId: row.correlation_id, runId: row.run_id, unreadable: row.decode_error, cursor: encodeCursor(row.position_commit, row.position_prepare),
  };
}

export interface ListArgs { ecosystemId: string; filter?: BreadcrumbFilter; first: number; after?: string | null }

/** Events one by one, newest first (or oldest first: a run's steps read in the order they happened). */
export async function listBreadcrumbs(client: Queryable, args: ListArgs & { order?: 'newest' | 'oldest' }): Promise<Page<Breadcrumb>> {
  checkPageSize(args.first);
  const [commit, prepare] = decodeCursor(args.after);
  const params: unknown[] = [];
  const where = filterClauses(args.ecosystemId, args.filter ?? {}, params);
  const direction = args.order === 'oldest' ? 'ASC' : 'DESC';
  if (commit !== null) where.push(`(b.position_commit, b.position_prepare) ${direction === 'ASC' ? '>' : '<'} ($${params.push(commit)}::bigint, $${params.push(prepare)}::bigint)`);
  const r = await client.query<Row>(`${WITH_NAMES} WHERE ${where.join(' AND ')}
    ORDER BY b.position_commit ${direction}, b.position_prepare ${direction} LIMIT $${params.push(args.first + 1)}`, params);
  const rows = r.rows.slice(0, args.first).map(toBreadcrumb);
  return { rows, hasNextPage: r.rows.length > args.first, endCursor: rows.at(-1)?.cursor ?? null };
}

interface EntryRow { entry_commit: string; entry_prepare: string; run_id: string | null; steps: number; head_id: string; last_at: Date }

/**
 * Entries newest first by where they began: a run sits where its job was queued. The grouping
 * walks the (ecosystem, entry position) index in order and stops after one page.
 */
export async function listBreadcrumbEntries(client: Queryable, args: ListArgs): Promise<Page<BreadcrumbEntry>> {
  checkPageSize(args.first);
  const [commit, prepare] = decodeCursor(args.after);
  const params: unknown[] = [];
  const where = filterClauses(args.ecosystemId, args.filter ?? {}, params);
  if (commit !== null) where.push(`(b.entry_commit, b.entry_prepare) < ($${params.push(commit)}::bigint, $${params.push(prepare)}::bigint)`);
  const groups = await client.query<EntryRow>(`SELECT b.entry_commit::text, b.entry_prepare::text, b.run_id, count(*)::int AS steps,
      (array_agg(b.event_id ORDER BY b.position_commit, b.position_prepare))[1] AS head_id, max(b.occurred_at) AS last_at
    FROM read.breadcrumbs b WHERE ${where.join(' AND ')}
    GROUP BY b.entry_commit, b.entry_prepare, b.run_id
    ORDER BY b.entry_commit DESC, b.entry_prepare DESC LIMIT $${params.push(args.first + 1)}`, params);
  const page = groups.rows.slice(0, args.first);
  const [heads, runs] = await Promise.all([
    client.query<Row>(`${WITH_NAMES} WHERE b.event_id = ANY($1::uuid[])`, [page.map((g) => g.head_id)]),
    client.query<{ run_id: string; job_name: string; status: string }>(`SELECT run_id, job_name, status FROM read.breadcrumb_runs WHERE run_id = ANY($1::text[])`,
      [page.flatMap((g) => (g.run_id ? [g.run_id] : []))]),
  ]);
  const headById = new Map(heads.rows.map((row) => [row.event_id, toBreadcrumb(row)]));
  const runById = new Map(runs.rows.map((run) => [run.run_id, { runId: run.run_id, jobName: run.job_name, status: run.status }]));
  const rows = page.flatMap((g): BreadcrumbEntry[] => {
    const head = headById.get(g.head_id);
    if (!head) return [];
    const run = g.run_id ? runById.get(g.run_id) ?? null : null;
    return [{ head, run, stepCount: g.steps, lastOccurredAt: g.last_at.toISOString(), cursor: encodeCursor(g.entry_commit, g.entry_prepare) }];
  });
  return { rows, hasNextPage: groups.rows.length > args.first, endCursor: page.length ? encodeCursor(page.at(-1)!.entry_commit, page.at(-1)!.entry_prepare) : null };
}

export interface BreadcrumbFacets {
  actors: Array<{ userId: string; name: string | null; role: string | null }>;
  eventTypes: string[];
  targetTypes: string[];
}

export async function breadcrumbFacets(client: Queryable, ecosystemId: string): Promise<BreadcrumbFacets> {
  const r = await client.query<{ kind: string; value: string; label: string | null; detail: string | null }>(
    `SELECT kind, value, label, detail FROM read.breadcrumb_facets WHERE ecosystem_id = $1 AND kind IN ('actor', 'action')
     UNION ALL
     SELECT DISTINCT 'targetType', split_part(value, ':', 1), NULL, NULL FROM read.breadcrumb_facets WHERE ecosystem_id = $1 AND kind = 'target'`,
    [ecosystemId]);
  const of = (kind: string) => r.rows.filter((row) => row.kind === kind);
  return {
    actors: of('actor').map((row) => ({ userId: row.value, name: row.label, role: row.detail }))
      .sort((a, b) => (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff')),
    eventTypes: of('action').map((row) => row.value).sort(),
    targetTypes: of('targetType').map((row) => row.value).sort(),
  };
}

export interface BreadcrumbTarget { targetType: string; targetId: string; name: string | null }

/** Things acted on in the ecosystem, optionally of one type and matching a search, by name. */
export async function breadcrumbTargets(client: Queryable, args: { ecosystemId: string; targetType?: string | null; search?: string | null; first: number }): Promise<BreadcrumbTarget[]> {
  checkPageSize(args.first);
  const params: unknown[] = [args.ecosystemId];
  const where = [`ecosystem_id = $1`, `kind = 'target'`];
  if (args.targetType) where.push(`value LIKE $${params.push(`${args.targetType.replace(/[\\%_]/g, '\\$&')}:%`)}`);
  if (args.search?.trim()) where.push(`(label ILIKE $${params.push(`%${args.search.trim().replace(/[\\%_]/g, '\\$&')}%`)} OR value = $${params.push(args.search.trim())})`);
  const r = await client.query<{ value: string; label: string | null }>(`SELECT value, label FROM read.breadcrumb_facets
    WHERE ${where.join(' AND ')} ORDER BY label NULLS LAST, value LIMIT $${params.push(args.first)}`, params);
  return r.rows.map((row) => {
    const at = row.value.indexOf(':');
    return { targetType: row.value.slice(0, at), targetId: row.value.slice(at + 1), name: row.label };
  });
}
