/**
 * When a booking's room must be made or brought up to date (decision 0058): after a command on a
 * series appended one of the events that change what a room is for (scheduled, edited, split), the
 * caller starts one sync for the series at the revision it reached. The workflow id names the
 * series and revision, so a retried mutation starts nothing twice, and a run always reads the
 * series as it is then (a late run for an old revision only confirms the newest room).
 */
import type { WorkflowEngine } from '../engine/port';
import { meetingRoomWorkflowId } from '../engine/port';

export const ROOM_EVENT_TYPES: ReadonlySet<string> = new Set(['SessionScheduled', 'SessionEdited', 'SessionSegmentEdited', 'SessionSegmentSplit']);

export interface AppendedToSeries {
  /** The series id (the aggregate id of `session-<seriesId>`). */
  aggregateId: string;
  /** The events the command appended (or, replayed, had appended), as recorded. */
  events: ReadonlyArray<{ type: string; revision: number }>;
}

/** Starts the series' room sync when the command changed what its room is for; whether one was started. */
export async function startMeetingRoomSync(engine: Pick<WorkflowEngine, 'startWorkflow'>, appended: AppendedToSeries): Promise<boolean> {
  if (!appended.events.some((e) => ROOM_EVENT_TYPES.has(e.type))) return false;
  const seriesId = appended.aggregateId;
  const revision = appended.events[appended.events.length - 1].revision;
  const result = await engine.startWorkflow('syncMeetingRoom', meetingRoomWorkflowId(seriesId, revision), { seriesId, revision });
  return result.started;
}
