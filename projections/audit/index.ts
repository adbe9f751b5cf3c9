/**
 * The audit trail ("breadcrumbs", DESIGN.md section 3 and spec section 4): every event, of every
 * type, becomes one readable row with its actor, time, target and what it changed. Nothing is
 * logged twice: actor and time come from the event's metadata.
 */
import type { RecordedEvent } from '../../domain/shared/events';
import { ValidationError } from '../../domain/shared/errors';
import { commonMessages } from '../../domain/shared/messages';
import { fieldLabels } from '../../domain/ecosystem/labels';
import type { Queryable } from '../../infra/db/pool';
import type { Projection } from '../types';
import { describeEvent, targetOf } from './describe';

export { registerBreadcrumbDescriber, type BreadcrumbDescriber, type BreadcrumbDescription } from './describe';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const tables = (schema: string) => `
CREATE TABLE "${schema}".breadcrumbs (
  event_id         uuid PRIMARY KEY,
  position_commit  bigint NOT NULL,
  position_prepare bigint NOT NULL,
  ecosystem_id     uuid,
  program_id       uuid,
  occurred_at      timestamptz NOT NULL,
  actor_user_id    text NOT NULL,
  actor_role       text NOT NULL,
  target_type      text NOT NULL,
  target_id        text NOT NULL,
  event_type       text NOT NULL,
  summary          text NOT NULL,
  changes          jsonb NOT NULL,
  command_id       text,
  correlation_id   text
);
CREATE INDEX ON "${schema}".breadcrumbs (ecosystem_id, position_commit DESC, position_prepare DESC);
CREATE INDEX ON "${schema}".breadcrumbs (target_id, position_commit DESC, position_prepare DESC);
COMMENT ON TABLE "${schema}".breadcrumbs IS 'Audit trail: one row per event, newest last in log order (position_commit, position_prepare).';
COMMENT ON COLUMN "${schema}".breadcrumbs.event_id IS 'Id of the event this row describes.';
COMMENT ON COLUMN "${schema}".breadcrumbs.position_commit IS 'Log position, first part (writer transaction id); order by both position columns.';
COMMENT ON COLUMN "${schema}".breadcrumbs.position_prepare IS 'Log position, second part (global position).';
COMMENT ON COLUMN "${schema}".breadcrumbs.ecosystem_id IS 'Tenant; null for platform-wide events (platform admins only).';
COMMENT ON COLUMN "${schema}".breadcrumbs.program_id IS 'Program the event belongs to, when it belongs to one.';
COMMENT ON COLUMN "${schema}".breadcrumbs.occurred_at IS 'When the command that caused the event was issued.';
COMMENT ON COLUMN "${schema}".breadcrumbs.actor_user_id IS 'User who acted.';
COMMENT ON COLUMN "${schema}".breadcrumbs.actor_role IS 'Role the user acted in (PLATFORM_ADMIN, SUPER_ADMIN, PROGRAM_ADMIN, LEADER, ..., SYSTEM).';
COMMENT ON COLUMN "${schema}".breadcrumbs.target_type IS 'Kind of thing acted on: the stream category (ecosystem, program, session, user, ...).';
COMMENT ON COLUMN "${schema}".breadcrumbs.target_id IS 'Id of the thing acted on.';
COMMENT ON COLUMN "${schema}".breadcrumbs.event_type IS 'What happened, as a past-tense event type (ProgramRenamed).';
COMMENT ON COLUMN "${schema}".breadcrumbs.summary IS 'One English sentence describing the action.';
COMMENT ON COLUMN "${schema}".breadcrumbs.changes IS 'The fields the event set, as JSON; credentials are redacted.';
COMMENT ON COLUMN "${schema}".breadcrumbs.command_id IS 'Command that produced the event; events of one command share it.';
COMMENT ON COLUMN "${schema}".breadcrumbs.correlation_id IS 'Request or workflow the command belonged to.';
`;

function uuidOrNull(value: string | null | undefined): string | null {
  return value && UUID.test(value) ? value : null;
}

/** One row per event. Malformed metadata degrades to nulls rather than stopping the whole trail. */
function toRow(event: RecordedEvent) {
  const m = event.metadata;
  const { summary, changes } = describeEvent(event);
  const target = targetOf(event);
  const occurred = m?.occurredAt && !Number.isNaN(Date.parse(m.occurredAt)) ? m.occurredAt : event.recordedAt;
  return {
    event_id: event.id,
    position_commit: event.position.commit.toString(),
    position_prepare: event.position.prepare.toString(),
    ecosystem_id: uuidOrNull(m?.ecosystemId),
    program_id: uuidOrNull(m?.programId),
    occurred_at: occurred,
    actor_user_id: m?.actor?.userId ?? 'unknown',
    actor_role: m?.actor?.role ?? 'UNKNOWN',
    target_type: target.type,
    target_id: target.id,
    event_type: event.type,
    summary,
    changes,
    command_id: m?.commandId ?? null,
    correlation_id: m?.correlationId ?? null,
  };
}

const COLUMNS = `event_id uuid, position_commit bigint, position_prepare bigint, ecosystem_id uuid, program_id uuid,
  occurred_at timestamptz, actor_user_id text, actor_role text, target_type text, target_id text, event_type text,
  summary text, changes jsonb, command_id text, correlation_id text`;
const NAMES = COLUMNS.split(',').map((c) => c.trim().split(/\s+/)[0]).join(', ');

export const auditProjection: Projection = {
  name: 'audit',
  version: 1,
  tables,
  exposedTables: ['breadcrumbs'],
  handlers: {},
  // One statement per batch: the audit takes every event, so per-event inserts would dominate replay time.
  async handleBatch(events, ctx) {
    await ctx.client.query(
      `INSERT INTO ${ctx.table('breadcrumbs')} (${NAMES})
       SELECT ${NAMES} FROM jsonb_to_recordset($1::jsonb) AS x(${COLUMNS})
       ON CONFLICT (event_id) DO NOTHING`,
      [JSON.stringify(events.map(toRow))]);
  },
};

export interface Breadcrumb {
  eventId: string;
  ecosystemId: string | null;
  programId: string | null;
  /** ISO-8601. */
  occurredAt: string;
  actorUserId: string;
  actorRole: string;
  targetType: string;
  targetId: string;
  eventType: string;
  summary: string;
  changes: Record<string, unknown>;
  commandId: string | null;
  correlationId: string | null;
  /** Opaque; pass as `after` to get the entries older than this one. */
  cursor: string;
}

export interface BreadcrumbPage {
  rows: Breadcrumb[];
  hasNextPage: boolean;
  endCursor: string | null;
}

interface BreadcrumbRow {
  event_id: string; ecosystem_id: string | null; program_id: string | null; occurred_at: Date;
  actor_user_id: string; actor_role: string; target_type: string; target_id: string; event_type: string;
  summary: string; changes: Record<string, unknown>; command_id: string | null; correlation_id: string | null;
  position_commit: string; position_prepare: string;
}

export const MAX_BREADCRUMBS_PAGE = 500;

function encodeCursor(commit: string, prepare: string): string {
  return Buffer.from(`${commit}.${prepare}`).toString('base64url');
}

function decodeCursor(cursor: string): [string, string] {
  const m = /^(\d{1,19})\.(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw ValidationError.forField('after', commonMessages.invalidCursor);
  return [m[1], m[2]];
}

/**
 * Newest first (log order), through `read.breadcrumbs`, so row-level security of `client`'s scope
 * applies on top of the ecosystem filter. `targetId` narrows to one thing (a session's breadcrumbs).
 */
export async function listBreadcrumbs(client: Queryable, args: {
  ecosystemId: string; first: number; after?: string | null; targetId?: string | null;
}): Promise<BreadcrumbPage> {
  if (!Number.isInteger(args.first) || args.first < 0 || args.first > MAX_BREADCRUMBS_PAGE) {
    throw ValidationError.forField('first', commonMessages.pageSizeRange({ max: MAX_BREADCRUMBS_PAGE }));
  }
  if (!UUID.test(args.ecosystemId)) throw ValidationError.forField('ecosystemId', commonMessages.invalidId({ label: fieldLabels.ecosystemId }));
  const [commit, prepare] = args.after ? decodeCursor(args.after) : [null, null];
  const r = await client.query<BreadcrumbRow>(
    `SELECT * FROM read.breadcrumbs
      WHERE ecosystem_id = $1
        AND ($2::text IS NULL OR target_id = $2)
        AND ($3::bigint IS NULL OR (position_commit, position_prepare) < ($3::bigint, $4::bigint))
      ORDER BY position_commit DESC, position_prepare DESC
      LIMIT $5`,
    [args.ecosystemId, args.targetId ?? null, commit, prepare, args.first + 1]);
  const rows = r.rows.slice(0, args.first).map((row): Breadcrumb => ({
    eventId: row.event_id, ecosystemId: row.ecosystem_id, programId: row.program_id, occurredAt: row.occurred_at.toISOString(),
    actorUserId: row.actor_user_id, actorRole: row.actor_role, targetType: row.target_type, targetId: row.target_id,
    eventType: row.event_type, summary: row.summary, changes: row.changes, commandId: row.command_id,
    correlationId: row.correlation_id, cursor: encodeCursor(row.position_commit, row.position_prepare),
  }));
  return { rows, hasNextPage: r.rows.length > args.first, endCursor: rows.length ? rows[rows.length - 1].cursor : null };
}
