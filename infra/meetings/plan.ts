/**
 * Which room a booking gets (decision 0058), from its meeting solution, the ecosystem's and
 * program's settings and which credentials the ecosystem has:
 * - IN_PERSON and CUSTOM_URL get no room (a place, or the booker's own link).
 * - ZOOM where both the ecosystem and the program have Zoom on and the ecosystem has Zoom
 *   credentials; LESSONSPACE where the ecosystem has Lessonspace on and its credentials.
 * - Otherwise the built-in room: a booking is never left without a way in because an admin has
 *   not set credentials yet, or turned a provider off after the booking was made.
 * Recording: only Lessonspace records here (the settings are Lessonspace's). Allowed when the
 * ecosystem and the program have recording on and the program has not disabled its recordings;
 * automatic when the program also starts it by itself.
 */
import type { MeetingSolution } from '../../domain/session/model';
import type { CredentialProvider } from './credentials';
import type { Recording, RoomProvider } from './port';

export interface MeetingSettings {
  ecosystem: { zoomEnabled: boolean; lessonspace: { enabled: boolean; recordingEnabled: boolean } };
  program: {
    zoomEnabled: boolean;
    lessonspace: { recordingEnabled: boolean; autoStartRecording: boolean };
    disableProgramRecordings: boolean;
  };
  /** Which providers the ecosystem has credentials for. */
  credentials: ReadonlySet<CredentialProvider>;
}

export interface RoomPlan {
  provider: RoomProvider;
  recording: Recording;
}

export function lessonspaceRecording(s: MeetingSettings): Recording {
  if (!s.ecosystem.lessonspace.recordingEnabled || !s.program.lessonspace.recordingEnabled || s.program.disableProgramRecordings) return 'OFF';
  return s.program.lessonspace.autoStartRecording ? 'AUTOMATIC' : 'ALLOWED';
}

export function roomPlan(solution: MeetingSolution, s: MeetingSettings): RoomPlan | null {
  switch (solution) {
    case 'IN_PERSON':
    case 'CUSTOM_URL':
      return null;
    case 'ZOOM':
      return s.ecosystem.zoomEnabled && s.program.zoomEnabled && s.credentials.has('ZOOM')
        ? { provider: 'ZOOM', recording: 'OFF' }
        : { provider: 'BUILT_IN', recording: 'OFF' };
    case 'LESSONSPACE':
      return s.ecosystem.lessonspace.enabled && s.credentials.has('LESSONSPACE')
        ? { provider: 'LESSONSPACE', recording: lessonspaceRecording(s) }
        : { provider: 'BUILT_IN', recording: 'OFF' };
    default: {
      const never: never = solution;
      throw new Error(`Unknown meeting solution ${String(never)}`);
    }
  }
}
