/**
 * How session events read in the audit trail (spec section 4's recorded session actions): what was
 * booked, changed, cancelled, restored, dropped or recorded, for how many sessions. The changes
 * carry words the trail labels in both languages (web/src/pages/breadcrumbs/i18n); meeting links
 * are left out (a Zoom link carries its passcode), and so are ids other than the people's.
 */
import type { SessionEvent } from '../../domain/session/events';
import { scheduleSchema } from '../../domain/session/schedule';
import type { OccurrenceChanges, SegmentVersion } from '../../domain/session/events';
import { expandSchedule } from '../../domain/session/recurrence';
import type { RecordedEvent } from '../../domain/shared/events';
import { registerBreadcrumbDescriber, type BreadcrumbDescription } from '../audit';

type DataOf = { [K in SessionEvent['type']]: Extract<SessionEvent, { type: K }>['data'] };
type Details = Partial<SegmentVersion['details']>;

/**
 * The event's data as its type says. The log validated it on append (and upcasts old versions on
 * read), so it is read as is; a describer never throws, and only the occurrence count, which
 * expands the rule, checks the schedule first.
 */
function parsed<T extends SessionEvent['type']>(event: RecordedEvent, _type: T): DataOf[T] | null {
  return typeof event.data === 'object' && event.data !== null ? (event.data as DataOf[T]) : null;
}

function occurrenceCount(schedule: unknown): number | undefined {
  const r = scheduleSchema.safeParse(schedule);
  return r.success ? expandSchedule(r.data).length : undefined;
}

function detailWords(d: Details | undefined): Record<string, unknown> {
  if (!d) return {};
  return {
    sessionType: d.sessionType, subject: d.subject, description: d.sessionDescription, location: d.location,
    meetingSolution: d.meeting?.solution, maxStudents: d.maxStudents, gradeLevels: d.gradeLevels, schools: d.schools,
  };
}

function scheduleWords(s: SegmentVersion['schedule'] | undefined): Record<string, unknown> {
  if (!s) return {};
  return {
    date: s.startDate, startTime: s.startTime, durationMinutes: s.durationMinutes, timeZone: s.timeZoneId,
    frequency: s.recurrence?.frequency, recurringDays: s.recurrence?.recurringDays, weeks: s.recurrence?.weeks ?? undefined,
    endDate: s.recurrence?.endDate ?? undefined,
  };
}

function changeWords(c: OccurrenceChanges): Record<string, unknown> {
  return {
    date: c.date, startTime: c.startTime, durationMinutes: c.durationMinutes, timeZone: c.timeZoneId,
    ...detailWords(c.details as Details | undefined), participants: c.participants?.length,
  };
}

function plural(n: number): string {
  return n === 1 ? '1 session' : `${n} sessions`;
}

type Describer = (event: RecordedEvent) => BreadcrumbDescription;

const describers: { [T in SessionEvent['type']]: Describer } = {
  SessionScheduled: (e) => {
    const d = parsed(e, 'SessionScheduled');
    if (!d) return { summary: 'Booked sessions' };
    const count = occurrenceCount(d.schedule);
    return {
      summary: `Booked ${count === undefined ? 'sessions' : plural(count)} of ${d.details?.subject}${d.forceBooked ? ' despite conflicts' : ''}`,
      changes: { ...detailWords(d.details), ...scheduleWords(d.schedule), sessions: count, participants: d.participants?.length, forceBooked: d.forceBooked, pending: d.pending },
      targetName: d.details?.subject,
    };
  },
  SessionEdited: (e) => {
    const d = parsed(e, 'SessionEdited');
    return { summary: 'Changed one session', changes: d?.changes ? { ...changeWords(d.changes), occurrenceId: d.occurrenceId } : {} };
  },
  SessionSegmentEdited: (e) => {
    const d = parsed(e, 'SessionSegmentEdited');
    return { summary: 'Changed all sessions of a series', changes: d?.version ? { ...detailWords(d.version.details), ...scheduleWords(d.version.schedule), from: d.version.from, segmentId: d.segmentId } : {} };
  },
  SessionSegmentSplit: (e) => {
    const d = parsed(e, 'SessionSegmentSplit');
    return { summary: 'Changed a session and the following ones', changes: d?.version ? { ...detailWords(d.version.details), ...scheduleWords(d.version.schedule), from: d.until, segmentId: d.segmentId, newSegmentId: d.newSegmentId } : {} };
  },
  SessionsCancelled: (e) => {
    const d = parsed(e, 'SessionsCancelled');
    const n = d?.occurrenceIds?.length ?? 0;
    return { summary: `${d?.deleted ? 'Deleted' : 'Cancelled'} ${plural(n)}`, changes: d ? { sessions: n, reason: d.reason, deleted: d.deleted, occurrenceIds: d.occurrenceIds } : {} };
  },
  SessionsRestored: (e) => {
    const n = parsed(e, 'SessionsRestored')?.occurrenceIds?.length ?? 0;
    return { summary: `Restored ${plural(n)}`, changes: { sessions: n, occurrenceIds: parsed(e, 'SessionsRestored')?.occurrenceIds } };
  },
  SessionParticipantDropped: (e) => {
    const d = parsed(e, 'SessionParticipantDropped');
    const n = d?.occurrenceIds?.length ?? 0;
    return { summary: `A participant left ${plural(n)}`, changes: d ? { sessions: n, reason: d.reason, leftUserId: d.userId, occurrenceIds: d.occurrenceIds } : {} };
  },
  SessionSeatReserved: (e) => {
    const d = parsed(e, 'SessionSeatReserved');
    return { summary: 'Reserved a seat', changes: d ? { sessions: d.occurrenceIds?.length, userType: d.participant?.userType, occurrenceIds: d.occurrenceIds } : {} };
  },
  SessionsPendingSet: (e) => {
    const d = parsed(e, 'SessionsPendingSet');
    const n = d?.occurrenceIds?.length ?? 0;
    return { summary: d?.pending ? `Set ${plural(n)} to await approval` : `Approved ${plural(n)}`, changes: d ? { sessions: n, pending: d.pending, occurrenceIds: d.occurrenceIds } : {} };
  },
  SessionMeetingRoomSet: (e) => ({ summary: 'Set the meeting room', changes: { segmentId: parsed(e, 'SessionMeetingRoomSet')?.segmentId } }),
  SessionAttendanceRecorded: (e) => {
    const d = parsed(e, 'SessionAttendanceRecorded');
    return {
      summary: d?.leftTime && !d.joinedTime ? 'Recorded leaving an online session' : 'Recorded joining an online session',
      changes: d ? { joinedTime: d.joinedTime ?? undefined, leftTime: d.leftTime ?? undefined, isFallbackJoin: d.isFallbackJoin, occurrenceId: d.occurrenceId, joinedUserId: d.userId } : {},
    };
  },
  SessionCheckedIn: (e) => {
    const d = parsed(e, 'SessionCheckedIn');
    return { summary: 'Checked in to a session', changes: d ? { checkedInTime: d.checkedInTime, corrected: d.corrected, occurrenceId: d.occurrenceId, checkedInUserId: d.userId } : {} };
  },
  SessionCheckedOut: (e) => {
    const d = parsed(e, 'SessionCheckedOut');
    return { summary: 'Checked out of a session', changes: d ? { checkedOutTime: d.checkedOutTime, corrected: d.corrected, occurrenceId: d.occurrenceId, checkedOutUserId: d.userId } : {} };
  },
  // Decision 0074: the session-timers tick's completion and a participant's feedback (its comment is left out: the rating says how it went).
  SessionOccurrenceCompleted: (e) => {
    const d = parsed(e, 'SessionOccurrenceCompleted');
    return { summary: 'Completed a session', changes: d ? { completionStatus: d.status, attendedCount: d.attended.length, graceMinutes: d.graceMinutes, occurrenceId: d.occurrenceId } : {} };
  },
  SessionFeedbackRecorded: (e) => {
    const d = parsed(e, 'SessionFeedbackRecorded');
    return { summary: 'Gave feedback on a session', changes: d ? { rating: d.rating, occurrenceId: d.occurrenceId, feedbackUserId: d.userId } : {} };
  },
  // The recording's link is left out like meeting links: whoever has it can watch.
  SessionLessonspaceLessonRecorded: (e) => {
    const d = parsed(e, 'SessionLessonspaceLessonRecorded');
    return {
      summary: 'Recorded the Lessonspace lesson of a session',
      changes: d ? { occurrenceId: d.occurrenceId, lessonspaceSessionId: d.lessonspaceSessionId, hasRecording: d.recordingUrl !== null, recordingFileName: d.fileName ?? undefined } : {},
    };
  },
  SessionLessonspaceFilesUploaded: (e) => {
    const d = parsed(e, 'SessionLessonspaceFilesUploaded');
    return { summary: 'Put files into a session\'s Lessonspace room', changes: d ? { occurrenceId: d.occurrenceId, fileNames: d.fileNames } : {} };
  },
};

export function registerSessionBreadcrumbs(): void {
  for (const [type, describe] of Object.entries(describers)) registerBreadcrumbDescriber(type, describe);
}
