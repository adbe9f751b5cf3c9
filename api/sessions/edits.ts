/**
 * What an edit would do, before it is done: editSessionV3 checks conflicts on exactly the
 * occurrences the edit creates or moves, and for the people they would have. The booking's current
 * state comes from its stream (`ctx.loadAggregate`, never stale), the edit is decided on it as the
 * command bus will decide it, and the occurrences before and after are compared. An occurrence
 * whose times and people are unchanged is not checked again.
 */
import type { SessionChangesInput } from '../../domain/session/commands';
import { decide } from '../../domain/session/decide';
import type { EditScope, Occurrence } from '../../domain/session/model';
import { occurrencesOf } from '../../domain/session/occurrences';
import { evolve, sessionAggregate } from '../../domain/session/state';
import type { PoolClient } from 'pg';
import { sessionsByIds, type SessionRow } from '../../projections/sessions';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { actorRole } from '../request-context';
import type { BookingToCheck } from './conflicts';

const peopleKey = (o: Occurrence) => o.participants.map((p) => `${p.userId}:${p.isLeader ? 'L' : 'l'}`).sort().join(',');

function moved(before: Occurrence | undefined, after: Occurrence): boolean {
  return !before || before.startAt !== after.startAt || before.endAt !== after.endAt || before.cancelled !== after.cancelled
    || peopleKey(before) !== peopleKey(after);
}

/**
 * The booking to check for conflicts after an edit: the occurrences it creates or moves (not
 * cancelled, not ended) with the people they would have; null when it moves none.
 */
export async function editedOccurrences(ctx: RequestContext, row: SessionRow, scope: EditScope, changes: SessionChangesInput, now: string): Promise<BookingToCheck | null> {
  const viewer = requireViewer(ctx);
  const state = await ctx.loadAggregate(sessionAggregate, row.seriesId);
  if (state.status === 'none') return null;
  const events = decide({ type: 'EditSession', data: { seriesId: row.seriesId, occurrenceId: row.id, scope, changes, actorIsAdmin: true } }, state,
    { actor: { userId: viewer.userId, role: actorRole(viewer, row.ecosystemId) }, now });
  const before = new Map(occurrencesOf(state).map((o) => [o.id, o]));
  const after = occurrencesOf(events.reduce(evolve, state));
  const changed = after.filter((o) => !o.cancelled && Date.parse(o.endAt) > Date.parse(now) && moved(before.get(o.id), o));
  if (changed.length === 0) return null;
  const people = (leader: boolean) => [...new Set(changed.flatMap((o) => o.participants.filter((p) => p.isLeader === leader).map((p) => p.userId)))];
  return {
    ecosystemId: row.ecosystemId, programId: changed[0].details.programId, timeZoneId: changed[0].timeZoneId,
    occurrences: changed.map((o) => ({ date: o.date, startAt: o.startAt, endAt: o.endAt })),
    tutorIds: people(true), tuteeIds: people(false),
    excludeSessionIds: [...new Set([...before.keys(), ...after.map((o) => o.id)])],
  };
}

/** Every occurrence of a booking the tenant scope shows, soonest first. */
export async function seriesRows(client: PoolClient, seriesId: string): Promise<SessionRow[]> {
  const ids = await client.query<{ id: string }>('SELECT id FROM read.sessions WHERE series_id = $1 ORDER BY start_at, id', [seriesId]);
  const rows = await sessionsByIds(client, ids.rows.map((r) => r.id));
  return ids.rows.map((r) => rows.get(r.id)).filter((r): r is SessionRow => r !== undefined);
}

/** The leaders and learners of one occurrence. */
export async function occurrencePeople(client: PoolClient, sessionId: string): Promise<{ leaders: string[]; learners: string[] }> {
  const r = await client.query<{ user_id: string; is_leader: boolean }>(
    'SELECT user_id, is_leader FROM read.session_participants WHERE session_id = $1 ORDER BY user_id', [sessionId]);
  return { leaders: r.rows.filter((p) => p.is_leader).map((p) => p.user_id), learners: r.rows.filter((p) => !p.is_leader).map((p) => p.user_id) };
}
