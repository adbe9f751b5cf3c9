/**
 * A booking's sessions: its segments' rules expanded and each occurrence's exception applied. These
 * are exactly the rows the sessions projection writes (deleted occurrences have none).
 */
import type { SegmentVersion } from './events';
import { idOf } from './ids';
import { type Attendance, type LocalDate, type Occurrence, type Participant, type Schedule } from './model';
import { instantIso, wallTimeToInstant } from './recurrence';
import { versionDates, type OccurrenceException, type ScheduledSession, type Segment, type SessionState } from './state';

const MINUTE = 60_000;
export const NO_ATTENDANCE: Attendance = {
  joinedTime: null, joinedTimeDelta: null, leftTime: null, isFallbackJoin: false, checkedInTime: null, checkedOutTime: null,
};

/** The base list (or a SINGLE edit's), less who dropped, plus who took a seat, each once. */
function participantsOf(version: SegmentVersion, e: OccurrenceException | undefined): Participant[] {
  const base = e?.participants ?? version.participants;
  const removed = new Set(e?.removed ?? []);
  const all = [...base, ...(e?.added ?? [])].filter((p) => !removed.has(p.userId));
  return all.filter((p, i) => all.findIndex((q) => q.userId === p.userId) === i);
}

function latest(a: string, b: string | null | undefined): string {
  return b && b > a ? b : a;
}

function occurrenceOf(s: ScheduledSession, segment: Segment, version: SegmentVersion, originalDate: LocalDate, id: string): Occurrence {
  const e: OccurrenceException | undefined = s.exceptions[id];
  const { schedule } = version;
  const date = e?.date ?? originalDate;
  const startTime = e?.startTime ?? schedule.startTime;
  const durationMinutes = e?.durationMinutes ?? schedule.durationMinutes;
  const timeZoneId = e?.timeZoneId ?? schedule.timeZoneId;
  const start = wallTimeToInstant(date, startTime, timeZoneId);
  const attendance = e?.attendance ?? {};
  return {
    id, seriesId: s.seriesId, segmentId: segment.id, recurring: schedule.recurrence !== null, ecosystemId: s.ecosystemId,
    originalDate, date, startTime, timeZoneId, durationMinutes,
    startAt: instantIso(start), endAt: instantIso(start + durationMinutes * MINUTE),
    details: { ...version.details, ...e?.details },
    cancelled: e?.cancelled ?? false,
    cancelReason: e?.cancelReason ?? null,
    pending: e?.pending ?? segment.pending,
    participants: participantsOf(version, e).map((p) => ({ ...p, attendance: attendance[p.userId] ?? NO_ATTENDANCE })),
    createdBy: s.createdBy,
    forceBooked: s.forceBooked,
    lastModified: latest(version.at, e?.at),
    ...(e?.completion ? { completion: e.completion } : {}),
    ...(e?.feedback ? { feedback: e.feedback } : {}),
  };
}

/** Every occurrence of the booking that is not deleted, by start then id. */
export function occurrencesOf(state: SessionState): Occurrence[] {
  if (state.status === 'none') return [];
  const all: Occurrence[] = [];
  for (const segment of state.segments) {
    for (const version of segment.versions) {
      for (const date of versionDates(segment, version)) {
        const id = idOf(segment.id, date);
        if (!state.exceptions[id]?.deleted) all.push(occurrenceOf(state, segment, version, date, id));
      }
    }
  }
  return all.sort((a, b) => (a.startAt === b.startAt ? (a.id < b.id ? -1 : 1) : a.startAt < b.startAt ? -1 : 1));
}

/** The version of a segment that generated an occurrence's original date. */
export function versionFor(segment: Segment, originalDate: LocalDate): SegmentVersion {
  return [...segment.versions].reverse().find((v) => v.from <= originalDate) ?? segment.versions[0];
}

/** The rule that generated an occurrence (for the read model's recurrence fields: weeksRecurring, recurringEndDate ...). */
export function scheduleOf(state: SessionState, occurrence: Pick<Occurrence, 'segmentId' | 'originalDate'>): Schedule | null {
  if (state.status === 'none') return null;
  const segment = state.segments.find((g) => g.id === occurrence.segmentId);
  return segment ? versionFor(segment, occurrence.originalDate).schedule : null;
}
