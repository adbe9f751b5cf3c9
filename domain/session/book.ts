/** Decisions that set when, what and who: booking a session or series, and scoped edits. */
import { v5 as uuidv5 } from 'uuid';
import type { CommandContext } from '../shared/decider';
import { IllegalStateError, ValidationError } from '../shared/errors';
import type { EditSessionInput, ScheduleSessionInput, SessionChangesInput } from './commands';
import type { OccurrenceChanges, SegmentVersion, SessionEvent } from './events';
import type { Occurrence, Participant, Schedule, SessionDetails } from './model';
import { sessionMessages as m } from './messages';
import { versionFor } from './occurrences';
import { daysBetween, expandSchedule, instantIso, scheduleEndDate, shiftDate, wallTimeToInstant } from './recurrence';
import { validateSchedule } from './schedule';
import { checkedMeeting, checkNotInPast, checkParticipants, findOccurrence, inScope, learners, scheduled, segmentOf } from './select';
import type { ScheduledSession, Segment, SessionState } from './state';
import { versionDates } from './state';

const SEGMENT_NAMESPACE = '3d0c9f6e-5b8a-4f4e-8f0e-2a7d1c9b6e51';
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export function scheduleSession(input: ScheduleSessionInput, state: SessionState, ctx: CommandContext): SessionEvent[] {
  if (state.status !== 'none') throw new IllegalStateError(m.alreadyExists, 'ALREADY_EXISTS');
  validateSchedule(input.schedule);
  const details: SessionDetails = { ...input.details, meeting: checkedMeeting(input.details.meeting, null, 'details.meeting') };
  checkParticipants(input.participants, details, 'participants');
  checkNotInPast(expandSchedule(input.schedule)[0].startAt, ctx.now, input.actorIsAdmin, 'schedule.startDate');
  const { seriesId, ecosystemId, schedule, participants, pending, forceBooked, overriddenConflicts } = input;
  return [{
    type: 'SessionScheduled',
    data: {
      seriesId, ecosystemId, segmentId: seriesId, schedule, details, participants, pending, forceBooked, overriddenConflicts,
      createdBy: ctx.actor.userId, at: ctx.now,
    },
  }];
}

function mergedDetails(base: SessionDetails, changes: SessionChangesInput['details']): SessionDetails {
  if (!changes) return base;
  const meeting = changes.meeting ? checkedMeeting(changes.meeting, base.meeting, 'changes.details.meeting') : base.meeting;
  return { ...base, ...changes, meeting };
}

function withoutAttendance(o: Occurrence): Participant[] {
  return o.participants.map(({ userId, userType, isLeader, isPaired }) => ({ userId, userType, isLeader, isPaired }));
}

/** SINGLE: this occurrence only, keeping its id; the recurrence is not one occurrence's to change. */
function editSingle(input: EditSessionInput, s: ScheduledSession, o: Occurrence, ctx: CommandContext): SessionEvent[] {
  const { changes } = input;
  if (changes.recurrence !== undefined) throw ValidationError.forField('changes.recurrence', m.recurrenceNotSingle);
  if (o.cancelled) throw new IllegalStateError(m.cancelled, 'CANCELLED');
  const time = {
    date: changes.date ?? o.date, startTime: changes.startTime ?? o.startTime,
    durationMinutes: changes.durationMinutes ?? o.durationMinutes, timeZoneId: changes.timeZoneId ?? o.timeZoneId,
  };
  validateSchedule({ ...time, startDate: time.date, recurrence: null }, 'changes');
  const startAt = instantIso(wallTimeToInstant(time.date, time.startTime, time.timeZoneId));
  if (startAt !== o.startAt) checkNotInPast(startAt, ctx.now, input.actorIsAdmin, 'changes.startTime');
  const details = mergedDetails(o.details, changes.details);
  const participants = changes.participants ?? withoutAttendance(o);
  checkParticipants(participants, details, 'changes.participants');
  const diff: OccurrenceChanges = {};
  for (const key of ['date', 'startTime', 'durationMinutes', 'timeZoneId'] as const) if (time[key] !== o[key]) Object.assign(diff, { [key]: time[key] });
  const detailChanges = Object.fromEntries(Object.entries(details).filter(([k, v]) => !same(v, o.details[k as keyof SessionDetails])));
  if (Object.keys(detailChanges).length > 0) diff.details = detailChanges;
  if (!same(participants, withoutAttendance(o))) diff.participants = participants;
  if (Object.keys(diff).length === 0) return [];
  return [{ type: 'SessionEdited', data: { seriesId: s.seriesId, occurrenceId: o.id, changes: diff, at: ctx.now } }];
}

/**
 * The new rule of the covered occurrences. A new `date` moves the chosen occurrence and the rule
 * with it by as many days (weekly days too, unless a recurrence is given); a split keeps the old
 * series' last date (moved likewise) unless a recurrence is given.
 */
function newSchedule(base: Schedule, changes: SessionChangesInput, chosen: Occurrence, startDate: string, split: boolean): Schedule {
  const delta = changes.date === undefined ? 0 : daysBetween(chosen.date, changes.date);
  const shifted = base.recurrence === null ? null : {
    ...base.recurrence,
    recurringDays: base.recurrence.recurringDays.map((d) => (((d + delta) % 7) + 7) % 7).sort(),
    weeks: split ? null : base.recurrence.weeks,
    endDate: split ? shiftDate(scheduleEndDate(base), delta) : base.recurrence.endDate && shiftDate(base.recurrence.endDate, delta),
  };
  return {
    timeZoneId: changes.timeZoneId ?? base.timeZoneId,
    startDate: shiftDate(startDate, delta),
    startTime: changes.startTime ?? base.startTime,
    durationMinutes: changes.durationMinutes ?? base.durationMinutes,
    recurrence: changes.recurrence !== undefined ? changes.recurrence : shifted,
  };
}

/** What SINGLE edits of the covered occurrences lose: the edit of many wins for what it changes. */
function changedFields(changes: SessionChangesInput, timeChanged: boolean): string[] {
  return [...(timeChanged ? ['time'] : []), ...(changes.participants ? ['participants'] : []), ...Object.keys(changes.details ?? {})];
}

function carriedFrom(s: ScheduledSession, segment: Segment, until: string, delta: number) {
  return Object.values(s.exceptions)
    .filter((e) => e.segmentId === segment.id && e.originalDate >= until)
    .filter((e) => e.cancelled || e.deleted || e.pending !== null || Object.keys(e.attendance).length > 0)
    .map((e) => ({
      originalDate: shiftDate(e.originalDate, delta), cancelled: e.cancelled, cancelReason: e.cancelReason, deleted: e.deleted, pending: e.pending, attendance: e.attendance,
    }));
}

/** SINGLE_AND_FOLLOWING and ALL; see inScope for which occurrences they cover. */
function editMany(input: EditSessionInput, s: ScheduledSession, chosen: Occurrence, all: Occurrence[], ctx: CommandContext): SessionEvent[] {
  const covered = inScope(all, chosen, input.scope, ctx.now);
  if (covered.length === 0) throw new IllegalStateError(m.allEnded, 'ENDED');
  const segment = segmentOf(s, chosen.segmentId);
  const from = covered[0].originalDate;
  const base = versionFor(segment, from);
  const { changes } = input;
  const wholeSegment = !all.some((o) => o.segmentId === segment.id && o.originalDate < from);
  const datesChange = changes.date !== undefined || changes.recurrence !== undefined;
  const split = !wholeSegment && (input.scope === 'SINGLE_AND_FOLLOWING' || datesChange);
  const schedule = newSchedule(base.schedule, changes, covered[0], split ? from : base.schedule.startDate, split);
  validateSchedule(schedule, 'changes');
  const details = mergedDetails(base.details, changes.details);
  const participants = changes.participants ?? base.participants;
  checkParticipants(participants, details, 'changes.participants');
  checkSeatsOfCovered(covered, details);
  const timeChanged = datesChange || schedule.startTime !== base.schedule.startTime
    || schedule.durationMinutes !== base.schedule.durationMinutes || schedule.timeZoneId !== base.schedule.timeZoneId;
  if (!timeChanged && same(details, base.details) && same(participants, base.participants)) return [];
  const version: SegmentVersion = {
    from: wholeSegment ? [schedule.startDate, segment.versions[0].from].sort()[0] : split ? schedule.startDate : from,
    schedule, details, participants, at: ctx.now,
  };
  if (timeChanged) checkFirstNotInPast(segment, version, input.actorIsAdmin, ctx);
  if (!split) return [{ type: 'SessionSegmentEdited', data: { seriesId: s.seriesId, segmentId: segment.id, version, changed: changedFields(changes, timeChanged) } }];
  const delta = changes.date === undefined ? 0 : daysBetween(covered[0].date, changes.date);
  return [{
    type: 'SessionSegmentSplit',
    data: {
      seriesId: s.seriesId, segmentId: segment.id, until: from, version, carried: carriedFrom(s, segment, from, delta),
      newSegmentId: uuidv5(`session-segment/${segment.id}/${from}`, SEGMENT_NAMESPACE),
    },
  }];
}

/** Fewer seats than an occurrence already has learners (some took a seat in one occurrence only) is refused. */
function checkSeatsOfCovered(covered: Occurrence[], details: SessionDetails): void {
  const seats = details.maxStudents;
  if (seats !== null && covered.some((o) => learners(o.participants) > seats)) throw new IllegalStateError(m.full, 'FULL');
}

function checkFirstNotInPast(segment: Segment, version: SegmentVersion, actorIsAdmin: boolean, ctx: CommandContext): void {
  const dates = versionDates({ ...segment, until: null, versions: [version] }, version);
  if (dates.length === 0) return;
  const start = wallTimeToInstant(dates[0], version.schedule.startTime, version.schedule.timeZoneId);
  checkNotInPast(instantIso(start), ctx.now, actorIsAdmin, 'changes.startTime');
}

export function editSession(input: EditSessionInput, state: SessionState, ctx: CommandContext): SessionEvent[] {
  const s = scheduled(state);
  const { occurrence, all } = findOccurrence(s, input.occurrenceId);
  return input.scope === 'SINGLE' ? editSingle(input, s, occurrence, ctx) : editMany(input, s, occurrence, all, ctx);
}
