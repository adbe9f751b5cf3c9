/**
 * The meeting-room activity (decision 0058), shared by both engines: one room sync of one series.
 * A provider that is down or throttling fails the attempt, which the engine retries on the
 * `meetings` profile. A refusal no retry can change (wrong credentials, a refused request) is
 * logged: a new room then falls back to the built-in one (sync.ts), and a refused update ends the
 * run with its reason while the series keeps the room it had, until its next change or an admin
 * fixes the credentials.
 */
import { MeetingProviderError } from '../../infra/meetings/port';
import type { SyncMeetingRoomArgs } from '../engine/port';
import { syncSeriesRoom, type RoomSyncDeps } from './sync';

export type MeetingRoomOutcome =
  | { action: 'none' | 'created' | 'updated' | 'kept'; joinUrl: string | null }
  | { action: 'refused'; reason: string };

export interface MeetingActivityDeps extends RoomSyncDeps {
  log?: (line: string) => void;
}

export function createMeetingActivities(deps: MeetingActivityDeps | undefined) {
  return {
    async syncMeetingRoom(args: SyncMeetingRoomArgs): Promise<MeetingRoomOutcome> {
      if (!deps) throw new Error('This worker has no meeting-room set-up (workflows/meetings): it cannot sync rooms');
      try {
        const outcome = await syncSeriesRoom(deps, args.seriesId);
        if (outcome.action === 'none') return { action: 'none', joinUrl: null };
        if (outcome.refusal) deps.log?.(`[meetings] series ${args.seriesId} (revision ${args.revision}): ${outcome.refusal}; kept ${outcome.room.provider} room`);
        return { action: outcome.action, joinUrl: outcome.room.joinUrl };
      } catch (err) {
        if (!(err instanceof MeetingProviderError) || err.failure === 'transient') throw err;
        deps.log?.(`[meetings] series ${args.seriesId} (revision ${args.revision}): ${err.message}`);
        return { action: 'refused', reason: err.message };
      }
    },
  };
}
