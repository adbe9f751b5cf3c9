/**
 * Activities of the "all matching" session actions (decision 0064): cancel, restore, or set one
 * custom property on every session the admin summary's filters name, a page at a time in start
 * order (keyset cursor), reporting progress after each page. Each command's id derives from the
 * job and the occurrence, so a retried page or a re-run job sends nothing twice; a session already
 * as asked is skipped (counted, not changed), and one the domain refuses as a conflict (it ended,
 * someone changed it meanwhile) is skipped too. Commands go out as the admin, under the job's run.
 */
import { finishBatchJob, reportBatchJobProgress, startBatchJob } from '../../domain/job/handlers';
import type { CustomProperty } from '../../domain/ecosystem/groups/common';
import type { SessionSummaryFilter, SessionSummaryRow, SummaryStatus } from '../../projections/sessions/admin-queries';
import { endJob, type ActivityDeps } from '../activities';
import type { Send } from '../dispatch';
import type { BulkSessionsArgs, JobRunArgs } from '../engine/port';
import { isConflict } from '../invitations/activities';
import { actOnSession, changes, fits, type RowSend, type SessionAction } from './act';

export interface SessionJobReads {
  count(filter: SessionSummaryFilter): Promise<number>;
  /** Up to `limit` sessions after the cursor, by start then id. */
  page(filter: SessionSummaryFilter, limit: number, after: string[] | null): Promise<SessionSummaryRow[]>;
  /** Each program's custom session properties. */
  sessionProperties(programIds: readonly string[]): Promise<Map<string, CustomProperty[]>>;
}

/** Sessions per activity: one page, then a progress report. */
export const BULK_SESSIONS_PAGE = 50;
/** How long a page waits for the summary to show its changes before it reports progress anyway. */
const SETTLE_MS = 10_000;
const SETTLE_POLL_MS = 50;

export interface SessionPageOutcome { done: number; changed: number; next: string[] | null }

export function sessionFilterOf(args: BulkSessionsArgs): SessionSummaryFilter {
  const { filters: f } = args;
  return {
    ecosystemId: args.ecosystemId,
    now: new Date(args.asOf),
    from: f.from ? new Date(f.from) : null,
    to: f.to ? new Date(f.to) : null,
    programIds: f.programIds,
    statuses: f.statuses as SummaryStatus[] | undefined,
    sessionTypes: f.sessionTypes,
    text: f.text ?? null,
  };
}

function actionOf(args: BulkSessionsArgs): SessionAction {
  const { change } = args;
  if (change.kind === 'label') return { kind: 'properties', changes: [{ key: change.key, value: change.value }] };
  return change;
}

/**
 * "Save all label": a session whose program no longer defines the key (or whose value no longer
 * fits) since the request checked it is left out rather than given a property its program lacks.
 */
async function labelled(reads: SessionJobReads, args: BulkSessionsArgs, rows: SessionSummaryRow[]): Promise<SessionSummaryRow[]> {
  const { change } = args;
  if (change.kind !== 'label') return rows;
  const defined = await reads.sessionProperties([...new Set(rows.map((r) => r.programId))]);
  return rows.filter((r) => {
    const property = defined.get(r.programId)?.find((p) => p.internalKeyName === change.key);
    return !!property && (change.value === null || fits(property, change.value));
  });
}

/** Acts on one session; false when it was already so or the domain refused it as a conflict. */
async function actOn(send: Send, action: SessionAction, row: SessionSummaryRow): Promise<boolean> {
  const rowSend: RowSend = (handler, input) => send(`session:${row.id}`, handler, input);
  try {
    return await actOnSession(rowSend, action, row);
  } catch (err) {
    if (!isConflict(err)) throw err;
    return false;
  }
}

/**
 * Waits until the summary shows the page's changes (the sessions projection follows the commands by
 * a moment), so that progress, and the job's end, never run ahead of the list the admin reloads:
 * as a mutation's answer waits for its read models. Past SETTLE_MS the job goes on regardless.
 */
async function settled(reads: SessionJobReads, args: BulkSessionsArgs, action: SessionAction, changed: readonly SessionSummaryRow[]): Promise<void> {
  if (changed.length === 0) return;
  const filter = { ecosystemId: args.ecosystemId, now: new Date(args.asOf), sessionIds: changed.map((r) => r.id) };
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const rows = await reads.page(filter, changed.length, null);
    if (rows.every((r) => !changes(action, r)) || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
}

export function createBulkSessionActivities(deps: ActivityDeps, sendFor: (args: JobRunArgs) => Send) {
  const reads = (): SessionJobReads => {
    if (!deps.reads?.sessions) throw new Error('The "all matching" session actions need the sessions reads (JobReads.sessions).');
    return deps.reads.sessions;
  };
  return {
    /** Marks the job PROCESSING with the number of sessions the filters name; a re-run keeps the first count. */
    async beginBulkSessions(args: BulkSessionsArgs): Promise<{ total: number }> {
      const count = await reads().count(sessionFilterOf(args));
      const state = await sendFor(args)('job:start', startBatchJob, { jobId: args.jobId, total: count });
      return { total: state.status === 'NONE' ? count : state.progress.total };
    },

    /** Acts on the next page of sessions after `after` (start order), then reports progress. */
    async bulkSessionsPage(args: BulkSessionsArgs, after: string[] | null, done: number, total: number): Promise<SessionPageOutcome> {
      const send = sendFor(args);
      const rows = await reads().page(sessionFilterOf(args), BULK_SESSIONS_PAGE, after);
      const action = actionOf(args);
      const changed: SessionSummaryRow[] = [];
      for (const row of await labelled(reads(), args, rows)) if (await actOn(send, action, row)) changed.push(row);
      await settled(reads(), args, action, changed);
      const now = done + rows.length;
      // Sessions that joined the filter after the count are acted on too; progress stops at the total.
      if (rows.length) await send(`job:progress:${now}`, reportBatchJobProgress, { jobId: args.jobId, done: Math.min(now, total) });
      const last = rows.at(-1);
      return { done: now, changed: changed.length, next: rows.length === BULK_SESSIONS_PAGE && last ? last.sortKey : null };
    },

    async finishBulkSessions(args: BulkSessionsArgs, done: number, changed: number): Promise<void> {
      await sendFor(args)('job:finish', finishBatchJob, { jobId: args.jobId, result: { touched: done, changed } });
    },

    /** After a failure (`failure` set) or a cancellation (null): the sessions changed stay so, the job ends. */
    async abandonBulkSessions(args: BulkSessionsArgs, failure: string | null): Promise<void> {
      await endJob(sendFor(args), args.jobId, failure);
    },
  };
}
