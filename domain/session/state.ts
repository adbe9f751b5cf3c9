/**
 * State of one booking, folded from `session-<seriesId>`: its segments (each in versions from a
 * local date on) and the exceptions of single occurrences, keyed by occurrence id.
 * `occurrencesOf` (occurrences.ts) expands it into sessions.
 */
import type { Aggregate } from '../shared/decider';
import {
  sessionEventSchemas, type OccurrenceExceptionData, type OverriddenConflict, type SegmentVersion, type SessionEvent,
  type SessionMeetingRoomSet, type SessionSegmentEdited, type SessionSegmentSplit,
} from './events';
import { idOf } from './ids';
import { scheduleDates } from './recurrence';
import { occurrenceId, type Attendance, type LocalDate } from './model';
import { evolveLessonspace, type OccurrenceLessonspace } from './lessonspace-events';

export interface Segment {
  id: string;
  /** Sorted by `from`; each applies to the rule's dates from its `from` until the next one's. */
  versions: SegmentVersion[];
  /** The segment ends before this local date ("this and following" started a new one there). */
  until: LocalDate | null;
  pending: boolean;
}

/** What differs for one occurrence from its segment's rule. */
export interface OccurrenceException extends OccurrenceExceptionData {
  segmentId: string;
  originalDate: LocalDate;
  at: string | null;
}

export interface ScheduledSession {
  status: 'scheduled';
  seriesId: string;
  ecosystemId: string;
  createdBy: string;
  forceBooked: boolean;
  overriddenConflicts: OverriddenConflict[];
  segments: Segment[];
  exceptions: Record<string, OccurrenceException>;
  /** Lessonspace lessons and uploads by occurrence id (lessonspace-events.ts); absent until the first. */
  lessonspace?: Record<string, OccurrenceLessonspace>;
}

export type SessionState = { status: 'none' } | ScheduledSession;

export const initialSessionState: SessionState = { status: 'none' };

export function emptyException(segmentId: string, originalDate: LocalDate): OccurrenceException {
  return {
    segmentId, originalDate, added: [], removed: [], cancelled: false, cancelReason: null, deleted: false, pending: null, attendance: {}, at: null,
  };
}

/** The occurrence ids' exceptions, each changed by `change` (created when missing, from the id's owner). */
function withExceptions(
  s: ScheduledSession, ids: string[], at: string, change: (e: OccurrenceException) => OccurrenceException,
): ScheduledSession {
  const exceptions = { ...s.exceptions };
  let owners: Map<string, OccurrenceException> | null = null;
  for (const id of ids) {
    if (!exceptions[id]) owners ??= ownersOf(s);
    const current = exceptions[id] ?? owners?.get(id);
    if (current) exceptions[id] = { ...change(current), at };
  }
  return { ...s, exceptions };
}

/** An empty exception for every occurrence the segments' rules give, by id. */
function ownersOf(s: ScheduledSession): Map<string, OccurrenceException> {
  const owners = new Map<string, OccurrenceException>();
  for (const segment of s.segments) {
    for (const v of segment.versions) for (const date of versionDates(segment, v)) owners.set(idOf(segment.id, date), emptyException(segment.id, date));
  }
  return owners;
}

/** The local dates a version's rule gives: from its `from` until the next version's, before `until`. */
export function versionDates(segment: Segment, version: SegmentVersion): LocalDate[] {
  const next = segment.versions.find((v) => v.from > version.from)?.from ?? null;
  return scheduleDates(version.schedule).filter((d) => d >= version.from && (next === null || d < next) && (segment.until === null || d < segment.until));
}

const TIME_FIELDS = ['date', 'startTime', 'durationMinutes', 'timeZoneId'] as const;

/** An edit of many occurrences wins over SINGLE edits of those it covers, for the fields it changes. */
export function withoutOverrides(e: OccurrenceException, changed: string[]): OccurrenceException {
  const next: OccurrenceException = { ...e };
  if (changed.includes('time')) for (const f of TIME_FIELDS) delete next[f];
  if (changed.includes('participants')) delete next.participants;
  if (next.details) {
    const details = { ...next.details };
    for (const key of changed) delete details[key as keyof typeof details];
    next.details = details;
  }
  return next;
}

function segmentEdited(s: ScheduledSession, { segmentId, version, changed }: SessionSegmentEdited['data']): ScheduledSession {
  const segments = s.segments.map((g) => (g.id === segmentId
    ? { ...g, versions: [...g.versions.filter((v) => v.from < version.from), version] } : g));
  const exceptions: Record<string, OccurrenceException> = {};
  for (const [id, e] of Object.entries(s.exceptions)) {
    exceptions[id] = e.segmentId === segmentId && e.originalDate >= version.from ? withoutOverrides(e, changed) : e;
  }
  return { ...s, segments, exceptions };
}

function segmentSplit(s: ScheduledSession, d: SessionSegmentSplit['data']): ScheduledSession {
  const old = s.segments.find((g) => g.id === d.segmentId);
  const segments = s.segments.map((g) => (g.id === d.segmentId ? { ...g, until: d.until, versions: g.versions.filter((v) => v.from < d.until) } : g));
  // The new segment ends where the old one did (a later split of it started another one there).
  segments.push({ id: d.newSegmentId, versions: [d.version], until: old?.until ?? null, pending: old?.pending ?? false });
  // The old segment's exceptions from `until` on belong to occurrences that no longer exist.
  const exceptions = Object.fromEntries(Object.entries(s.exceptions).filter(([, e]) => e.segmentId !== d.segmentId || e.originalDate < d.until));
  for (const c of d.carried) {
    exceptions[occurrenceId(d.newSegmentId, c.originalDate)] = { ...c.exception, segmentId: d.newSegmentId, originalDate: c.originalDate, at: d.version.at };
  }
  return { ...s, segments, exceptions };
}

type Join = Omit<Attendance, 'checkedInTime' | 'checkedOutTime'>;

function mergeAttendance(previous: Attendance | undefined, next: Join): Attendance {
  if (!previous) return { ...next, checkedInTime: null, checkedOutTime: null };
  // The first join wins; the latest leave is kept; a check-in stays as it was.
  const joined = previous.joinedTime !== null ? previous : next;
  const leftTime = [previous.leftTime, next.leftTime].filter((t): t is string => t !== null).sort().at(-1) ?? null;
  return { ...previous, joinedTime: joined.joinedTime, joinedTimeDelta: joined.joinedTimeDelta, isFallbackJoin: joined.isFallbackJoin, leftTime };
}

/** A check-in or check-out (decision 0066): the decider emits one only for a first record or an admin's correction. */
function withCheck(previous: Attendance | undefined, change: Pick<Attendance, 'checkedInTime'> | Pick<Attendance, 'checkedOutTime'>): Attendance {
  return { ...(previous ?? { joinedTime: null, joinedTimeDelta: null, leftTime: null, isFallbackJoin: false, checkedInTime: null, checkedOutTime: null }), ...change };
}

/** How an event about chosen occurrences changes each one's exception. */
function occurrenceChange(event: SessionEvent): ((e: OccurrenceException) => OccurrenceException) | null {
  switch (event.type) {
    case 'SessionEdited': {
      const { changes } = event.data;
      return (e) => ({
        ...e, ...changes, details: changes.details ? { ...e.details, ...changes.details } : e.details,
        ...(changes.participants ? { added: [], removed: [] } : {}),
      });
    }
    case 'SessionsCancelled': {
      const { reason, deleted } = event.data;
      return (e) => ({ ...e, cancelled: true, cancelReason: reason, deleted: e.deleted || deleted });
    }
    case 'SessionsRestored': return (e) => ({ ...e, cancelled: false, cancelReason: null });
    case 'SessionParticipantDropped': {
      const { userId } = event.data;
      return (e) => ({ ...e, removed: [...e.removed.filter((u) => u !== userId), userId], added: e.added.filter((p) => p.userId !== userId) });
    }
    case 'SessionSeatReserved': {
      const { participant: p } = event.data;
      return (e) => ({ ...e, added: [...e.added.filter((q) => q.userId !== p.userId), p], removed: e.removed.filter((u) => u !== p.userId) });
    }
    case 'SessionsPendingSet': return (e) => ({ ...e, pending: event.data.pending });
    case 'SessionAttendanceRecorded': {
      const { userId, joinedTime, joinedTimeDelta, leftTime, isFallbackJoin } = event.data;
      return (e) => ({ ...e, attendance: { ...e.attendance, [userId]: mergeAttendance(e.attendance[userId], { joinedTime, joinedTimeDelta, leftTime, isFallbackJoin }) } });
    }
    case 'SessionCheckedIn': {
      const { userId, checkedInTime } = event.data;
      return (e) => ({ ...e, attendance: { ...e.attendance, [userId]: withCheck(e.attendance[userId], { checkedInTime }) } });
    }
    case 'SessionCheckedOut': {
      const { userId, checkedOutTime } = event.data;
      return (e) => ({ ...e, attendance: { ...e.attendance, [userId]: withCheck(e.attendance[userId], { checkedOutTime }) } });
    }
    case 'SessionOccurrenceCompleted': {
      const { status, attended, at } = event.data;
      return (e) => ({ ...e, completion: { status, attended, at } });
    }
    case 'SessionFeedbackRecorded': {
      const { userId, rating, comment, by, at } = event.data;
      return (e) => ({ ...e, feedback: { ...e.feedback, [userId]: { rating, comment, by, at } } });
    }
    default: return null;
  }
}

function meetingRoomSet(s: ScheduledSession, { segmentId, url, roomId, at }: SessionMeetingRoomSet['data']): ScheduledSession {
  return {
    ...s,
    segments: s.segments.map((g) => (g.id !== segmentId ? g : {
      ...g, versions: g.versions.map((v) => ({ ...v, details: { ...v.details, meeting: { ...v.details.meeting, url, roomId } }, at })),
    })),
  };
}

function applyToScheduled(s: ScheduledSession, event: SessionEvent): ScheduledSession {
  switch (event.type) {
    case 'SessionScheduled': return s;
    case 'SessionSegmentEdited': return segmentEdited(s, event.data);
    case 'SessionSegmentSplit': return segmentSplit(s, event.data);
    case 'SessionMeetingRoomSet': return meetingRoomSet(s, event.data);
    case 'SessionEdited':
    case 'SessionAttendanceRecorded':
    case 'SessionCheckedIn':
    case 'SessionCheckedOut':
    case 'SessionOccurrenceCompleted':
    case 'SessionFeedbackRecorded': return withExceptions(s, [event.data.occurrenceId], event.data.at, occurrenceChange(event) ?? ((e) => e));
    case 'SessionsCancelled':
    case 'SessionsRestored':
    case 'SessionParticipantDropped':
    case 'SessionSeatReserved':
    case 'SessionsPendingSet': return withExceptions(s, event.data.occurrenceIds, event.data.at, occurrenceChange(event) ?? ((e) => e));
    case 'SessionLessonspaceLessonRecorded':
    case 'SessionLessonspaceFilesUploaded': return evolveLessonspace(s, event);
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export function evolve(state: SessionState, event: SessionEvent): SessionState {
  if (event.type === 'SessionScheduled') {
    const d = event.data;
    if (state.status !== 'none') return state;
    return {
      status: 'scheduled', seriesId: d.seriesId, ecosystemId: d.ecosystemId, createdBy: d.createdBy, forceBooked: d.forceBooked,
      overriddenConflicts: d.overriddenConflicts, exceptions: {},
      segments: [{
        id: d.segmentId, until: null, pending: d.pending,
        versions: [{ from: d.schedule.startDate, schedule: d.schedule, details: d.details, participants: d.participants, at: d.at }],
      }],
    };
  }
  return state.status === 'none' ? state : applyToScheduled(state, event);
}

export const sessionAggregate: Aggregate<SessionState, SessionEvent> = {
  category: 'session',
  initialState: initialSessionState,
  evolve,
  eventSchemas: sessionEventSchemas,
};
