/**
 * The sessions projection's handlers: one per Session event type, each folding the event into the
 * booking's stored state (session_series) and writing the booking's occurrences again (write.ts).
 * The state is the aggregate's own (domain/session/state.ts `evolve`), so the rows are exactly
 * `occurrencesOf` of the folded stream, and replaying the stream gives the same rows.
 */
import { sessionEventSchemas, type SessionEvent } from '../../domain/session/events';
import type { SessionState } from '../../domain/session/state';
import { evolve, initialSessionState } from '../../domain/session/state';
import { occurrencesOf } from '../../domain/session/occurrences';
import type { RecordedEvent } from '../../domain/shared/events';
import type { ProjectionContext, ProjectionHandler } from '../types';
import { loadSeriesState, saveSeriesState, writeOccurrences, type SegmentRecurrence } from './write';

/** Each repeating segment's rule as the list shows it: its latest version's, from the segment's first date. */
function recurrencesOf(state: Extract<SessionState, { status: 'scheduled' }>): Map<string, SegmentRecurrence> {
  const out = new Map<string, SegmentRecurrence>();
  for (const segment of state.segments) {
    const latest = segment.versions[segment.versions.length - 1];
    const rule = latest.schedule.recurrence;
    if (rule) out.set(segment.id, { ...rule, startDate: segment.versions[0].from });
  }
  return out;
}

async function apply(event: RecordedEvent, { client, table }: ProjectionContext): Promise<void> {
  const type = event.type as SessionEvent['type'];
  const data = sessionEventSchemas[type].parse(event.data) as { seriesId: string };
  const stored = (await loadSeriesState(client, table, data.seriesId)) as SessionState | null;
  const state = evolve(stored ?? initialSessionState, { type, data } as SessionEvent);
  if (state.status === 'none') return;
  await saveSeriesState(client, table, state.seriesId, state.ecosystemId, state, event.metadata.occurredAt);
  await writeOccurrences(client, table, state.seriesId, state.ecosystemId, occurrencesOf(state), recurrencesOf(state));
}

export const sessionHandlers: Record<string, ProjectionHandler> = Object.fromEntries(
  Object.keys(sessionEventSchemas).map((type) => [type, apply]));
