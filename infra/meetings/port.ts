/**
 * Meeting rooms (docs/decisions/0058-meeting-rooms.md): the port a booking's video room is made
 * through, one room per session series (the `session-<seriesId>` stream), kept for the series'
 * whole life. An edit, a reschedule or a substitution updates the room in place, so the join link
 * people already have keeps working. Three adapters: Lessonspace, Zoom, and the built-in room page
 * used when the ecosystem has no credentials for the provider the booking chose.
 */

export const ROOM_PROVIDERS = ['LESSONSPACE', 'ZOOM', 'BUILT_IN'] as const;
export type RoomProvider = (typeof ROOM_PROVIDERS)[number];

export const RECORDINGS = ['OFF', 'ALLOWED', 'AUTOMATIC'] as const;
export type Recording = (typeof RECORDINGS)[number];

/** What a room is for: the series as it is now (after the latest edit). */
export interface RoomSpec {
  ecosystemId: string;
  seriesId: string;
  /** The subject, shown as the room's name (Lessonspace) or the meeting's topic (Zoom). */
  title: string;
  timeZoneId: string;
  /** ISO instant of the first occurrence that has not ended: what a one-off Zoom meeting is scheduled at. */
  startAt: string;
  durationMinutes: number;
  /** Whether the series has more than one occurrence. */
  recurring: boolean;
  /** Whether lessons may be recorded, and whether recording starts by itself (plan.ts: the ecosystem's and program's settings). */
  recording: Recording;
}

/** A room as the aggregate records it (MeetingDetails.roomId and url). */
export interface Room {
  provider: RoomProvider;
  roomId: string;
  joinUrl: string;
}

/** Someone opening the room. */
export interface Joiner {
  userId: string;
  name: string;
  /** Tutors, teachers and staff lead (Lessonspace leader mode, recording controls). */
  leader: boolean;
}

export interface MeetingRooms {
  readonly provider: RoomProvider;
  /** Makes the series' room. */
  create(spec: RoomSpec): Promise<Room>;
  /** Brings the room in line with an edited series. Answers the same room id and join link unless the provider lost the room. */
  update(room: Room, spec: RoomSpec): Promise<Room>;
  /** The link one participant opens: a named link where the provider has them (Lessonspace), else the shared one. */
  joinUrlFor(room: Room, joiner: Joiner): Promise<string>;
}

/** Why a provider call failed, never with a credential in the message. */
export type MeetingFailure =
  /** The provider refused the credentials: an admin must fix them; retrying does not help. */
  | 'credentials'
  /** The provider refused the request for good (4xx). */
  | 'refused'
  /** Worth another attempt later: not reachable, throttled (429) or a server error (5xx). */
  | 'transient';

export class MeetingProviderError extends Error {
  constructor(readonly provider: RoomProvider, readonly failure: MeetingFailure, message: string, readonly status: number | null = null) {
    super(`${provider}: ${message}`);
    this.name = 'MeetingProviderError';
  }
}
