/**
 * What an admin action does to one session of the summary (decisions 0060, 0064), shared by the
 * actions on chosen sessions (api/sessions-admin) and the "all matching" jobs (this folder): which
 * rows change and the one command each sends. A session already as asked sends nothing, so a
 * repeat, a retried page or a resumed job changes nothing twice. Each row is one occurrence
 * (scope SINGLE): a row of the summary never reaches the other occurrences of its series.
 */
import type { CustomProperty } from '../../domain/ecosystem/groups/common';
import type { CommandHandler, DomainEvent } from '../../domain/shared/decider';
import { cancelSession, editSession, restoreSession, setSessionsPending } from '../../domain/session/handlers';
import type { SessionSummaryRow } from '../../projections/sessions/admin-queries';

export type SessionProperty = { key: string; value: string };
export interface PropertyChange { key: string; value: string | null }

export type SessionAction =
  | { kind: 'cancel'; reason: string | null }
  | { kind: 'restore' }
  | { kind: 'approve' }
  | { kind: 'properties'; changes: readonly PropertyChange[] };

/** Sends one command about one row (the API: ctx.execute; a job: its step's command id). */
export type RowSend = <I, S, E extends DomainEvent>(handler: CommandHandler<I, S, E>, input: I) => Promise<unknown>;

/** A day: the domain asks for a cancel reason for a session starting within it. */
export const DAY_MS = 86_400_000;

/** Whether `value` fits the property's field type (options by value; several separated by commas). */
export function fits(property: CustomProperty, value: string): boolean {
  const options = new Set(property.options.map((o) => o.value));
  switch (property.fieldType) {
    case 'SINGLE_SELECT': return options.has(value);
    case 'MULTI_SELECT': return value.split(',').every((v) => options.has(v.trim()));
    case 'NUMBER': return value.trim() !== '' && Number.isFinite(Number(value));
    case 'BOOLEAN': return value === 'true' || value === 'false';
    case 'DATE': return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
    default: return value.trim() !== '';
  }
}

/** The session's properties after the changes (null removes a key). */
export function mergedProperties(current: readonly SessionProperty[], changes: readonly PropertyChange[]): SessionProperty[] {
  const next = current.filter((p) => !changes.some((c) => c.key === p.key));
  for (const c of changes) if (c.value !== null) next.push({ key: c.key, value: c.value });
  return next;
}

function sameProperties(a: readonly SessionProperty[], b: readonly SessionProperty[]): boolean {
  return a.length === b.length && a.every((p) => b.some((q) => q.key === p.key && q.value === p.value));
}

/** Whether the action would change the row (cancelled sessions take no property: the domain edits none). */
export function changes(action: SessionAction, row: SessionSummaryRow): boolean {
  switch (action.kind) {
    case 'cancel': return !row.cancelled;
    case 'restore': return row.cancelled;
    case 'approve': return row.pending && !row.cancelled;
    case 'properties': return !row.cancelled && !sameProperties(mergedProperties(row.customProperties, action.changes), row.customProperties);
    default: {
      const exhaustive: never = action;
      return exhaustive;
    }
  }
}

/** Sends the row's one command when the action changes it; answers whether it did. */
export async function actOnSession(send: RowSend, action: SessionAction, row: SessionSummaryRow): Promise<boolean> {
  if (!changes(action, row)) return false;
  const target = { seriesId: row.seriesId, occurrenceId: row.id, scope: 'SINGLE' as const };
  switch (action.kind) {
    case 'cancel':
      await send(cancelSession, { ...target, reason: action.reason, deleted: false });
      return true;
    case 'restore':
      await send(restoreSession, target);
      return true;
    case 'approve':
      await send(setSessionsPending, { ...target, pending: false });
      return true;
    case 'properties':
      await send(editSession, { ...target, changes: { details: { customProperties: mergedProperties(row.customProperties, action.changes) } }, actorIsAdmin: true });
      return true;
    default: {
      const exhaustive: never = action;
      return exhaustive;
    }
  }
}
