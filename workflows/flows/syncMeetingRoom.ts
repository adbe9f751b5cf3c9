/**
 * The meeting-room workflow of one series and revision (decision 0058): one activity, retried by
 * the engine on the `meetings` profile while the provider is unreachable. Deterministic: safe as
 * Temporal workflow code.
 */
import type { SyncMeetingRoomArgs } from '../engine/port';
import type { MeetingRoomOutcome } from '../meetings/activities';

export interface MeetingRoomActivities {
  syncMeetingRoom(args: SyncMeetingRoomArgs): Promise<MeetingRoomOutcome>;
}

export function syncMeetingRoomFlow(activities: MeetingRoomActivities, args: SyncMeetingRoomArgs): Promise<MeetingRoomOutcome> {
  return activities.syncMeetingRoom(args);
}
