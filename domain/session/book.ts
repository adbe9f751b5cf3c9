/** Decisions that set when, what and who: booking a session or series, and scoped edits. */
import { v5 as uuidv5 } from 'uuid';
import type { CommandContext } from '../shared/decider';
import { IllegalStateError, ValidationError } from '../shared/errors';
import type { EditSessionInput, ScheduleSessionInput, SessionChangesInput } from './commands';
import type { OccurrenceChanges, OccurrenceExceptionData, SegmentVersion, SessionEvent, SessionSegmentSplit } from './events';
import type { Occurrence, Participant, Schedule, SessionDetails } from './model';
import { sessionMessages as m } from './messages';
import { versionFor } from './occurrences';
import { daysBetween, expandSchedule, instantIso, scheduleEndDate, shiftDate, wallTimeToInstant } from './recurrence';
import { validateSchedule } from './schedule';
import { checkedMeeting, checkNotInPast, checkParticipants, checkSeats, findOccurrence, inScope, scheduled, segmentOf } from './select';
import { versionDates, withoutOverrides, type ScheduledSession, type Segment, type SessionState } from './state';

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
  if (changes.participants) checkParticipants(participants, details, 'changes.participants');
  else checkSeats([participants], details);
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

/** The fields an edit of many gives: SINGLE edits of the covered occurrences lose theirs (the edit of many wins). */
function changedFields(changes: SessionChangesInput): string[] {
  const time = (['date', 'startTime', 'durationMinutes', 'timeZoneId', 'recurrence'] as const).some((k) => changes[k] !== undefined);
  return [...(time ? ['time'] : []), ...(changes.participants ? ['participants'] : []), ...Object.keys(changes.details ?? {})];
}

/** Whether every covered occurrence already has what the edit gives (then there is nothing to record). */
function alreadySo(covered: Occurrence[], changes: SessionChangesInput, version: Omit<SegmentVersion, 'from' | 'at'>): boolean {
  const { schedule, details, participants } = version;
  return covered.every((o) => (changes.startTime === undefined || o.startTime === schedule.startTime)
    && (changes.durationMinutes === undefined || o.durationMinutes === schedule.durationMinutes)
    && (changes.timeZoneId === undefined || o.timeZoneId === schedule.timeZoneId)
    && Object.keys(changes.details ?? {}).every((k) => same(o.details[k as keyof SessionDetails], details[k as keyof SessionDetails]))
    && (changes.participants === undefined || same(withoutAttendance(o), participants)));
}

function isEmpty(e: OccurrenceExceptionData): boolean {
  const overrides = [e.date, e.startTime, e.durationMinutes, e.timeZoneId, e.participants].some((v) => v !== undefined) || Object.keys(e.details ?? {}).length > 0;
  return !overrides && e.added.length === 0 && e.removed.length === 0 && !e.cancelled && !e.deleted && e.pending === null && Object.keys(e.attendance).length === 0;
}

/** What the old occurrences from `until` on had of their own, less what the split changes, by (moved) local date. */
function carriedFrom(s: ScheduledSession, segment: Segment, until: string, delta: number, changed: string[]): SessionSegmentSplit['data']['carried'] {
  return Object.values(s.exceptions)
    .filter((e) => e.segmentId === segment.id && e.originalDate >= until)
    .map((e) => {
      const { segmentId: _segment, originalDate, at: _at, ...exception } = withoutOverrides(e, changed);
      return { originalDate: shiftDate(originalDate, delta), exception };
    })
    .filter((c) => !isEmpty(c.exception));
}

/** SINGLE_AND_FOLLOWING and ALL; see inScope for which occurrences they cover. */
function editMany(input: EditSessionInput, s: ScheduledSession, chosen: Occurrence, all: Occurrence[], ctx: CommandContext): SessionEvent[] {
  const covered = inScope(all, chosen, input.scope, ctx.now);
  if (covered.length === 0) throw new IllegalStateError(m.allEnded, 'ENDED');
  const segment = segmentOf(s, chosen.segmentId);
  const from = covered[0].originalDate;
  const base = versionFor(segment, from);
  const { changes } = input;
  // "This and following" from a segment's first occurrence is all of it: edited in place, ids kept.
  // New dates always start a new segment, so the covered occurrences' own changes move with them.
  const wholeSegment = !all.some((o) => o.segmentId === segment.id && o.originalDate < from);
  const datesChange = changes.date !== undefined || changes.recurrence !== undefined;
  const split = datesChange || (!wholeSegment && input.scope === 'SINGLE_AND_FOLLOWING');
  const schedule = newSchedule(base.schedule, changes, covered[0], split ? from : base.schedule.startDate, split);
  validateSchedule(schedule, 'changes');
  const details = mergedDetails(base.details, changes.details);
  const participants = changes.participants ?? base.participants;
  if (changes.participants) checkParticipants(participants, details, 'changes.participants');
  checkSeats(covered.map(withoutAttendance), details);
  if (!(datesChange && !same(schedule, base.schedule)) && alreadySo(covered, changes, { schedule, details, participants })) return [];
  const version: SegmentVersion = {
    from: wholeSegment ? [schedule.startDate, segment.versions[0].from].sort()[0] : split ? schedule.startDate : from,
    schedule, details, participants, at: ctx.now,
  };
  const changed = changedFields(changes);
  if (changed.includes('time')) checkFirstNotInPast(segment, version, input.actorIsAdmin, ctx);
  if (!split) return [{ type: 'SessionSegmentEdited', data: { seriesId: s.seriesId, segmentId: segment.id, version, changed } }];
  const delta = changes.date === undefined ? 0 : daysBetween(covered[0].date, changes.date);
  return [{
    type: 'SessionSegmentSplit',
    data: {
      seriesId: s.seriesId, segmentId: segment.id, until: from, version, carried: carriedFrom(s, segment, from, delta, changed),
      newSegmentId: uuidv5(`session-segment/${segment.id}/${from}`, SEGMENT_NAMESPACE),
    },
  }];
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
