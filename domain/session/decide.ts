/**
 * Decisions about one booking (docs/decisions/0055). Booking and edits are in book.ts; here are
 * the facts about chosen occurrences: cancel and delete, restore, drop, seats, approval, meeting
 * rooms and attendance.
 */
import type { CommandContext } from '../shared/decider';
import { IllegalStateError, ValidationError } from '../shared/errors';
import { editSession, scheduleSession } from './book';
import { checkInToSession, checkOutOfSession } from './checkin';
import type {
  CancelSessionInput, DropSessionInput, RecordSessionAttendanceInput, ReserveSessionSeatInput, RestoreSessionInput, SessionCommand,
  SetSessionMeetingRoomInput, SetSessionsPendingInput,
} from './commands';
import type { SessionEvent } from './events';
import { sessionMessages as m } from './messages';
import { findOccurrence, hasEnded, inScope, isHttpUrl, learners, scheduled, segmentOf } from './select';
import type { SessionState } from './state';
import { recordLessonspaceFiles, recordLessonspaceLesson } from './lessonspace';
import { completeSessionOccurrence, recordSessionFeedback } from './completion';

const DAY_MS = 24 * 60 * 60_000;

export function cancelSession(input: CancelSessionInput, state: SessionState, ctx: CommandContext): SessionEvent[] {
  const s = scheduled(state);
  const { occurrence, all } = findOccurrence(s, input.occurrenceId);
  const covered = inScope(all, occurrence, input.scope, ctx.now);
  if (covered.length === 0) throw new IllegalStateError(m.allEnded, 'ENDED');
  // Deleting also takes cancelled occurrences out of the lists; cancelling skips them.
  const chosen = input.deleted ? covered : covered.filter((o) => !o.cancelled);
  if (chosen.length === 0) throw new IllegalStateError(m.alreadyCancelled, 'ALREADY_CANCELLED');
  const reason = input.reason?.trim() || null;
  const firstStart = Math.min(...chosen.filter((o) => !o.cancelled).map((o) => Date.parse(o.startAt)));
  if (reason === null && firstStart < Date.parse(ctx.now) + DAY_MS) throw ValidationError.forField('reason', m.reasonRequired);
  return [{ type: 'SessionsCancelled', data: { seriesId: s.seriesId, occurrenceIds: chosen.map((o) => o.id), reason, deleted: input.deleted, at: ctx.now } }];
}

export function restoreSession(input: RestoreSessionInput, state: SessionState, ctx: CommandContext): SessionEvent[] {
  const s = scheduled(state);
  const { occurrence, all } = findOccurrence(s, input.occurrenceId);
  const chosen = inScope(all, occurrence, input.scope, ctx.now).filter((o) => o.cancelled);
  if (chosen.length === 0) throw new IllegalStateError(m.notCancelled, 'NOT_CANCELLED');
  return [{ type: 'SessionsRestored', data: { seriesId: s.seriesId, occurrenceIds: chosen.map((o) => o.id), at: ctx.now } }];
}

/** One participant leaves; the others keep the session, which is never cancelled by it. */
export function dropSession(input: DropSessionInput, state: SessionState, ctx: CommandContext): SessionEvent[] {
  const s = scheduled(state);
  const { occurrence, all } = findOccurrence(s, input.occurrenceId);
  const chosen = inScope(all, occurrence, input.scope, ctx.now).filter((o) => o.participants.some((p) => p.userId === input.userId));
  if (chosen.length === 0) throw new IllegalStateError(m.notParticipant, 'NOT_PARTICIPANT');
  const reason = input.reason?.trim() || null;
  return [{ type: 'SessionParticipantDropped', data: { seriesId: s.seriesId, occurrenceIds: chosen.map((o) => o.id), userId: input.userId, reason, at: ctx.now } }];
}

/** A learner's seat; never more learners than maxStudents (the stream revision settles a race). */
export function reserveSessionSeat(input: ReserveSessionSeatInput, state: SessionState, ctx: CommandContext): SessionEvent[] {
  const s = scheduled(state);
  const { occurrence, all } = findOccurrence(s, input.occurrenceId);
  if (occurrence.cancelled) throw new IllegalStateError(m.cancelled, 'CANCELLED');
  if (hasEnded(occurrence, ctx.now)) throw new IllegalStateError(m.ended, 'ENDED');
  const open = inScope(all, occurrence, input.scope, ctx.now).filter((o) => !o.cancelled);
  const chosen = open.filter((o) => !o.participants.some((p) => p.userId === input.userId));
  if (chosen.length === 0) throw new IllegalStateError(m.alreadyParticipant, 'ALREADY_PARTICIPANT');
  for (const o of chosen) {
    if (o.details.maxStudents !== null && learners(o.participants) >= o.details.maxStudents) throw new IllegalStateError(m.full, 'FULL');
  }
  const participant = { userId: input.userId, userType: input.userType, isLeader: false, isPaired: input.isPaired };
  return [{ type: 'SessionSeatReserved', data: { seriesId: s.seriesId, occurrenceIds: chosen.map((o) => o.id), participant, at: ctx.now } }];
}

/** Marks occurrences as awaiting approval, or approves them; those already so are left alone. */
export function setSessionsPending(input: SetSessionsPendingInput, state: SessionState, ctx: CommandContext): SessionEvent[] {
  const s = scheduled(state);
  const { occurrence, all } = findOccurrence(s, input.occurrenceId);
  const chosen = inScope(all, occurrence, input.scope, ctx.now).filter((o) => o.pending !== input.pending);
  if (chosen.length === 0) return [];
  return [{ type: 'SessionsPendingSet', data: { seriesId: s.seriesId, occurrenceIds: chosen.map((o) => o.id), pending: input.pending, at: ctx.now } }];
}

/** The meeting adapters' answer: the segment's room and join link, kept through edits of the same solution. */
export function setSessionMeetingRoom(input: SetSessionMeetingRoomInput, state: SessionState, ctx: CommandContext): SessionEvent[] {
  const s = scheduled(state);
  segmentOf(s, input.segmentId);
  if (!isHttpUrl(input.url, false)) throw ValidationError.forField('url', m.invalidCustomUrl);
  return [{ type: 'SessionMeetingRoomSet', data: { seriesId: s.seriesId, segmentId: input.segmentId, url: input.url, roomId: input.roomId, at: ctx.now } }];
}

/** trackJoinedOnlineLesson: the first join is kept, and the latest leave. */
export function recordSessionAttendance(input: RecordSessionAttendanceInput, state: SessionState, ctx: CommandContext): SessionEvent[] {
  const s = scheduled(state);
  const { occurrence } = findOccurrence(s, input.occurrenceId);
  if (input.joinedTime === null && input.leftTime === null) throw ValidationError.forField('joinedTime', m.nothingToRecord);
  if (occurrence.cancelled) throw new IllegalStateError(m.cancelled, 'CANCELLED');
  if (!occurrence.participants.some((p) => p.userId === input.userId)) throw new IllegalStateError(m.notParticipant, 'NOT_PARTICIPANT');
  const joinedTime = input.joinedTime === null ? null : new Date(Date.parse(input.joinedTime)).toISOString();
  const leftTime = input.leftTime === null ? null : new Date(Date.parse(input.leftTime)).toISOString();
  const joinedTimeDelta = joinedTime === null ? null : Math.round((Date.parse(joinedTime) - Date.parse(occurrence.startAt)) / 60_000);
  return [{
    type: 'SessionAttendanceRecorded',
    data: { seriesId: s.seriesId, occurrenceId: occurrence.id, userId: input.userId, joinedTime, joinedTimeDelta, leftTime, isFallbackJoin: input.isFallbackJoin, at: ctx.now },
  }];
}

export function decide(command: SessionCommand, state: SessionState, ctx: CommandContext): SessionEvent[] {
  switch (command.type) {
    case 'ScheduleSession': return scheduleSession(command.data, state, ctx);
    case 'EditSession': return editSession(command.data, state, ctx);
    case 'CancelSession': return cancelSession(command.data, state, ctx);
    case 'RestoreSession': return restoreSession(command.data, state, ctx);
    case 'DropSession': return dropSession(command.data, state, ctx);
    case 'ReserveSessionSeat': return reserveSessionSeat(command.data, state, ctx);
    case 'SetSessionsPending': return setSessionsPending(command.data, state, ctx);
    case 'SetSessionMeetingRoom': return setSessionMeetingRoom(command.data, state, ctx);
    case 'RecordSessionAttendance': return recordSessionAttendance(command.data, state, ctx);
    case 'CheckInToSession': return checkInToSession(command.data, state, ctx);
    case 'CheckOutOfSession': return checkOutOfSession(command.data, state, ctx);
    case 'RecordLessonspaceLesson': return recordLessonspaceLesson(command.data, state, ctx);
    case 'RecordLessonspaceFiles': return recordLessonspaceFiles(command.data, state, ctx);
    case 'CompleteSessionOccurrence': return completeSessionOccurrence(command.data, state, ctx);
    case 'RecordSessionFeedback': return recordSessionFeedback(command.data, state, ctx);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
