/**
 * The sessions projection's handlers: one per Session event type. Each folds the event into the
 * booking's state stored in `session_series` (`evolve` of domain/session/state.ts) and writes the
 * booking's occurrences again from it (`occurrencesOf`, write.ts). Events of one booking arrive in
 * stream order, so the stored state is always the fold of the events before.
 */
import { sessionEventSchemas, type SessionEvent } from '../../domain/session/events';
import { occurrencesOf } from '../../domain/session/occurrences';
import { evolve, initialSessionState, type ScheduledSession, type SessionState } from '../../domain/session/state';
import type { ProjectionHandler } from '../types';
import { loadSeriesState, saveSeriesState, writeOccurrences, type SegmentRecurrence } from './write';

type SessionEventType = keyof typeof sessionEventSchemas;

/** Each repeating segment's current rule, with the date the segment starts on (the list's recurring* fields). */
export function recurrencesOf(state: ScheduledSession): Map<string, SegmentRecurrence> {
  const rules = new Map<string, SegmentRecurrence>();
  for (const segment of state.segments) {
    const first = segment.versions[0];
    const rule = segment.versions.at(-1)?.schedule.recurrence;
    if (first && rule) rules.set(segment.id, { ...rule, startDate: first.schedule.startDate });
  }
  return rules;
}

function handlerOf(type: SessionEventType): ProjectionHandler {
  return async (event, { client, table }) => {
    const data = sessionEventSchemas[type].parse(event.data);
    const stored = (await loadSeriesState(client, table, data.seriesId)) as SessionState | null;
    const state = evolve(stored ?? initialSessionState, { type, data } as SessionEvent);
    if (state.status === 'none') return;
    await saveSeriesState(client, table, data.seriesId, state.ecosystemId, state, event.metadata.occurredAt);
    await writeOccurrences(client, table, data.seriesId, state.ecosystemId, occurrencesOf(state), recurrencesOf(state));
  };
}

export const sessionHandlers: Record<string, ProjectionHandler> = Object.fromEntries(
  (Object.keys(sessionEventSchemas) as SessionEventType[]).map((type) => [type, handlerOf(type)]));
