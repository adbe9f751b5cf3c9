/** A booking to test with: a weekly group session on Mondays and Wednesdays at 16:00 in New York. */
import { fold, type CommandContext, type CommandHandler } from '../shared/decider';
import type { Actor } from '../shared/events';
import type { SessionEvent } from './events';
import * as handlers from './handlers';
import type { Occurrence, Participant } from './model';
import { occurrencesOf } from './occurrences';
import { sessionAggregate, type SessionState } from './state';

export const NOW = '2026-11-21T10:00:00.000Z';
export const seriesId = '5e55a000-0000-4000-8000-000000000001';
export const ecosystemId = '5e55a000-0000-4000-8000-000000000002';
export const programId = '5e55a000-0000-4000-8000-000000000003';
export const tutor: Participant = { userId: '5e55a000-0000-4000-8000-0000000000a1', userType: 'TUTOR', isLeader: true, isPaired: true };
export const ana: Participant = { userId: '5e55a000-0000-4000-8000-0000000000b1', userType: 'STUDENT', isLeader: false, isPaired: true };
export const ben: Participant = { userId: '5e55a000-0000-4000-8000-0000000000b2', userType: 'STUDENT', isLeader: false, isPaired: false };
export const cleo: Participant = { userId: '5e55a000-0000-4000-8000-0000000000b3', userType: 'STUDENT', isLeader: false, isPaired: false };
export const admin: Actor = { userId: '5e55a000-0000-4000-8000-0000000000c1', role: 'SUPER_ADMIN' };

/** The ScheduleSession input; Mondays and Wednesdays 23 Nov to 16 Dec 2026, 16:00-17:00 New York. */
export function booking(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    seriesId, ecosystemId,
    schedule: {
      timeZoneId: 'America/New_York', startDate: '2026-11-23', startTime: '16:00', durationMinutes: 60,
      recurrence: { frequency: 'WEEKLY', interval: 1, recurringDays: [1, 3], weeks: 4, endDate: null },
    },
    details: { sessionType: 'GROUP', programId, subject: 'Algebra', location: 'ONLINE', meeting: { solution: 'LESSONSPACE' }, maxStudents: 3 },
    participants: [tutor, ana],
    ...overrides,
  };
}

/** Runs a handler on the folded events, as the command bus would, and returns the history after it. */
export function run<I>(events: SessionEvent[], handler: CommandHandler<I, SessionState, SessionEvent>, input: unknown, ctx: Partial<CommandContext> = {}): SessionEvent[] {
  const decided = handler.decide(handler.input.parse(input), fold(sessionAggregate, events), { actor: ctx.actor ?? admin, now: ctx.now ?? NOW });
  return [...events, ...decided];
}

export function occurrences(events: SessionEvent[]): Occurrence[] {
  return occurrencesOf(fold(sessionAggregate, events));
}

export function booked(overrides: Record<string, unknown> = {}): SessionEvent[] {
  return run([], handlers.scheduleSession, booking(overrides));
}

export { handlers };
