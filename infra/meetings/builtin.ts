/**
 * The built-in room (decision 0058): when the ecosystem has no credentials for the provider a
 * booking chose (or none at all), the series' link is our own room page, /sessions/room/<seriesId>.
 * Nothing is called: the link is a function of the series, so it survives every edit by
 * construction. The page shows the session (subject, time in the viewer's zone, who leads), who is
 * there now, and says that opening it records attendance (trackJoinedOnlineLesson).
 */
import type { MeetingRooms, Room, RoomSpec } from './port';

export const builtInRoomPath = (seriesId: string): string => `/sessions/room/${encodeURIComponent(seriesId)}`;

export class BuiltInRooms implements MeetingRooms {
  readonly provider = 'BUILT_IN' as const;

  /** @param publicUrl turns a path into the address people open (infra/config.ts publicUrl). */
  constructor(private readonly publicUrl: (path: string) => string) {}

  create(spec: RoomSpec): Promise<Room> {
    return Promise.resolve({ provider: 'BUILT_IN', roomId: spec.seriesId, joinUrl: this.publicUrl(builtInRoomPath(spec.seriesId)) });
  }

  update(room: Room): Promise<Room> {
    return Promise.resolve(room);
  }

  joinUrlFor(room: Room): Promise<string> {
    return Promise.resolve(room.joinUrl);
  }
}
