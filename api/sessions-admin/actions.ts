/**
 * The admin's actions on chosen sessions (decision 0060): cancel, restore, approve or decline
 * pending ones, at most MAX_SESSIONS at once, one occurrence each (scope SINGLE). Everything named is
 * checked before the first command (ids, the ecosystem, a reason where one is needed), so refused
 * input writes nothing; then one command per session that changes, each an event with the admin as
 * actor. A session already as asked is left alone, so a repeat changes nothing twice.
 */
import { sessionMessages } from '../../domain/session/messages';
import { ValidationError } from '../../domain/shared/errors';
import { isUuid } from '../../domain/shared/ids';
import { textProblem } from '../../domain/shared/text';
import { sessionSummaryPage, type SessionSummaryRow } from '../../projections/sessions/admin-queries';
import { SESSIONS_PROJECTION } from '../../projections/sessions';
import { actOnSession, changes, DAY_MS, type RowSend, type SessionAction } from '../../workflows/session-bulk/act';
import type { RequestContext } from '../context';
import { idOf } from '../relay';
import { allowedEcosystem } from '../roster/queries';
import { sessionAdminActionMessages as m } from './messages';
import { withParticipants, type SummaryItem } from './page';

export const MAX_SESSIONS = 100;
const MAX_REASON = 2000;
const waitFor = [SESSIONS_PROJECTION];

export interface AdminSessionsResult { changedCount: number; sessions: SummaryItem[] }
export interface Chosen { ecosystemId: string; rows: SessionSummaryRow[]; now: Date }

/** The sessions named, in the order named, each checked to be one of the ecosystem's. */
export async function chosenSessions(ctx: RequestContext, ecosystemValue: string | null | undefined, values: readonly string[]): Promise<Chosen> {
  const ecosystemId = await allowedEcosystem(ctx, ecosystemValue, 'manage');
  if (values.length === 0) throw ValidationError.forField('sessionIds', m.noSessions);
  if (values.length > MAX_SESSIONS) throw ValidationError.forField('sessionIds', m.tooManySessions({ max: MAX_SESSIONS }));
  const ids = values.map((v, i) => {
    const id = idOf('Session', v).toLowerCase();
    if (!isUuid(id)) throw ValidationError.forField(`sessionIds.${i}`, m.notInEcosystem);
    return id;
  });
  ids.forEach((id, i) => { if (ids.indexOf(id) !== i) throw ValidationError.forField(`sessionIds.${i}`, m.duplicateSession); });
  const now = ctx.services.clock();
  const found = await ctx.read((c) => sessionSummaryPage(c, { ecosystemId, now, sessionIds: ids }, 'START_ASC', MAX_SESSIONS, null));
  const byId = new Map(found.map((r) => [r.id, r]));
  const rows = ids.map((id, i) => {
    const row = byId.get(id);
    if (!row) throw ValidationError.forField(`sessionIds.${i}`, m.notInEcosystem);
    return row;
  });
  return { ecosystemId, rows, now };
}

/** The reason's shape, checked before anything else is read. */
export function reasonOf(value: string | null | undefined): string | null {
  const reason = value?.trim() || null;
  if (reason && reason.length > MAX_REASON) throw ValidationError.forField('reason', m.reasonTooLong({ max: MAX_REASON }));
  if (reason && textProblem(reason, { singleLine: true })) throw ValidationError.forField('reason', m.reasonOneLine);
  return reason;
}

/** The domain asks for a reason within 24 hours of the start; asked here for all, before any is cancelled. */
function requireReason(reason: string | null, rows: readonly SessionSummaryRow[], now: Date): string | null {
  if (!reason && rows.some((r) => r.startAt.getTime() < now.getTime() + DAY_MS)) throw ValidationError.forField('reason', sessionMessages.reasonRequired);
  return reason;
}

export async function result(ctx: RequestContext, chosen: Chosen, changedCount: number): Promise<AdminSessionsResult> {
  const filter = { ecosystemId: chosen.ecosystemId, now: ctx.services.clock(), sessionIds: chosen.rows.map((r) => r.id) };
  const rows = await ctx.read((c) => sessionSummaryPage(c, filter, 'START_ASC', MAX_SESSIONS, null));
  return { changedCount, sessions: await withParticipants(ctx, filter, rows) };
}

/** Sends each chosen session's one command where the action changes it; answers how many changed. */
export async function actOnRows(ctx: RequestContext, chosen: Chosen, action: SessionAction): Promise<number> {
  const send: RowSend = (handler, input) => ctx.execute(handler, input, { waitFor, ecosystemId: chosen.ecosystemId });
  let changed = 0;
  for (const r of chosen.rows) if (await actOnSession(send, action, r)) changed += 1;
  return changed;
}

export async function cancelMany(ctx: RequestContext, args: { ecosystemId?: string | null; sessionIds: readonly string[]; reason?: string | null }): Promise<AdminSessionsResult> {
  const reason = reasonOf(args.reason);
  const chosen = await chosenSessions(ctx, args.ecosystemId, args.sessionIds);
  const action: SessionAction = { kind: 'cancel', reason };
  requireReason(reason, chosen.rows.filter((r) => changes(action, r)), chosen.now);
  return result(ctx, chosen, await actOnRows(ctx, chosen, action));
}

export async function restoreMany(ctx: RequestContext, args: { ecosystemId?: string | null; sessionIds: readonly string[] }): Promise<AdminSessionsResult> {
  const chosen = await chosenSessions(ctx, args.ecosystemId, args.sessionIds);
  return result(ctx, chosen, await actOnRows(ctx, chosen, { kind: 'restore' }));
}

/** Approving clears `pending`; declining cancels the session (a reason within 24 hours of its start). */
export async function updatePending(
  ctx: RequestContext, args: { ecosystemId?: string | null; sessionIds: readonly string[]; approve: boolean; reason?: string | null },
): Promise<AdminSessionsResult> {
  const reason = reasonOf(args.reason);
  const chosen = await chosenSessions(ctx, args.ecosystemId, args.sessionIds);
  const pending = { ...chosen, rows: chosen.rows.filter((r) => changes({ kind: 'approve' }, r)) };
  if (args.approve) return result(ctx, chosen, await actOnRows(ctx, pending, { kind: 'approve' }));
  requireReason(reason, pending.rows, chosen.now);
  return result(ctx, chosen, await actOnRows(ctx, pending, { kind: 'cancel', reason }));
}
