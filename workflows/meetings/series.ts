/**
 * The room maker's view of a booking (sync.ts SeriesRoomsPort) over the Session aggregate: the
 * series' stream read and folded as it is now (with its revision), and rooms recorded with the
 * aggregate's SetSessionMeetingRoom command. The command id is derived from the series, segment,
 * room and link, so a retried run records nothing twice; the platform is the actor.
 */
import { fold } from '../../domain/shared/decider';
import type { Actor } from '../../domain/shared/events';
import type { SessionEvent } from '../../domain/session/events';
import { setSessionMeetingRoom } from '../../domain/session/handlers';
import { occurrencesOf } from '../../domain/session/occurrences';
import { sessionAggregate, type ScheduledSession } from '../../domain/session/state';
import type { EventStore } from '../../infra/eventstore/port';
import type { Room } from '../../infra/meetings/port';
import type { CommandDispatcher } from '../dispatch';
import { deterministicUuid } from '../ids';
import type { SeriesRoomsPort, SeriesSnapshot } from './sync';

/** The platform itself (api/auth/seed.ts SYSTEM_ACTOR): the room maker acts for no person. */
export const ROOM_MAKER_ACTOR: Actor = { userId: '00000000-0000-0000-0000-000000000000', role: 'SYSTEM' };

export interface SessionSeriesDeps {
  store: Pick<EventStore, 'readStream'>;
  bus: CommandDispatcher;
  clock: () => Date;
}

const latestVersion = (s: ScheduledSession, index: number) => s.segments[index].versions[s.segments[index].versions.length - 1];

/** The snapshot of a scheduled booking at `revision`, its next start judged at `now`. */
export function snapshotOf(s: ScheduledSession, revision: number, now: Date): SeriesSnapshot {
  const latest = latestVersion(s, s.segments.length - 1);
  const live = occurrencesOf(s).filter((o) => !o.cancelled).sort((a, b) => a.startAt.localeCompare(b.startAt));
  const next = live.find((o) => Date.parse(o.endAt) > now.getTime()) ?? null;
  const recurring = live.length > 1 || s.segments.some((g) => g.versions.some((v) => v.schedule.recurrence !== null));
  return {
    seriesId: s.seriesId, ecosystemId: s.ecosystemId, programId: latest.details.programId, revision,
    solution: latest.details.meeting.solution, title: latest.details.subject, timeZoneId: (next ?? latest.schedule).timeZoneId,
    durationMinutes: next?.durationMinutes ?? latest.schedule.durationMinutes, recurring, nextStartAt: next?.startAt ?? null,
    segments: s.segments.map((g, i) => {
      const { meeting } = latestVersion(s, i).details;
      return { segmentId: g.id, solution: meeting.solution, url: meeting.url, roomId: meeting.roomId };
    }),
  };
}

export function sessionSeriesRooms(deps: SessionSeriesDeps): SeriesRoomsPort {
  return {
    async load(seriesId) {
      const events = await deps.store.readStream(`${sessionAggregate.category}-${seriesId}`);
      const state = fold(sessionAggregate, events as unknown as SessionEvent[]);
      if (state.status === 'none' || events.length === 0) return null;
      return snapshotOf(state, events[events.length - 1].revision, deps.clock());
    },

    async record(snapshot: SeriesSnapshot, segmentId: string, room: Room) {
      const commandId = deterministicUuid(`meeting-room/${snapshot.seriesId}/${segmentId}/${room.roomId}/${room.joinUrl}`);
      await deps.bus.dispatch(setSessionMeetingRoom, { seriesId: snapshot.seriesId, segmentId, url: room.joinUrl, roomId: room.roomId }, {
        actor: ROOM_MAKER_ACTOR, commandId, correlationId: snapshot.seriesId, now: deps.clock().toISOString(),
      });
    },
  };
}
