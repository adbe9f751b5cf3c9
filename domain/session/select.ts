/** What the session decisions share: finding occurrences, choosing them by scope, common checks. */
import { IllegalStateError, NotFoundError, ValidationError } from '../shared/errors';
import type { EditScope, MeetingDetails, Occurrence, Participant, SessionDetails } from './model';
import { sessionMessages as m } from './messages';
import { occurrencesOf } from './occurrences';
import type { ScheduledSession, Segment, SessionState } from './state';

export function scheduled(state: SessionState): ScheduledSession {
  if (state.status === 'none') throw new NotFoundError(m.notFound);
  return state;
}

export function segmentOf(s: ScheduledSession, segmentId: string): Segment {
  const segment = s.segments.find((g) => g.id === segmentId);
  if (!segment) throw new NotFoundError(m.notFound);
  return segment;
}

/** The chosen occurrence; a deleted one, or one the booking never had, "no longer exists". */
export function findOccurrence(s: ScheduledSession, occurrenceId: string): { occurrence: Occurrence; all: Occurrence[] } {
  const all = occurrencesOf(s);
  const occurrence = all.find((o) => o.id === occurrenceId);
  if (!occurrence) throw new NotFoundError(m.notFound);
  return { occurrence, all };
}

export function hasEnded(o: Occurrence, now: string): boolean {
  return Date.parse(o.endAt) <= Date.parse(now);
}

/**
 * The occurrences a scope covers: SINGLE the chosen one whatever its time; SINGLE_AND_FOLLOWING
 * and ALL those of its segment (the spec's recurring series) from its original date on, or all of
 * them, leaving out those that have ended, which are history.
 */
export function inScope(all: Occurrence[], chosen: Occurrence, scope: EditScope, now: string): Occurrence[] {
  if (scope === 'SINGLE') return [chosen];
  return all
    .filter((o) => o.segmentId === chosen.segmentId && (scope === 'ALL' || o.originalDate >= chosen.originalDate) && !hasEnded(o, now))
    .sort((a, b) => (a.originalDate < b.originalDate ? -1 : 1));
}

export function learners(participants: Participant[]): number {
  return participants.filter((p) => !p.isLeader).length;
}

/** An http(s) URL; a link people type must also name a dotted host (meeting adapters may answer localhost). */
export function isHttpUrl(value: string, typedByPerson = true): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && (!typedByPerson || url.hostname.includes('.'));
  } catch {
    return false;
  }
}

/** Only a CUSTOM_URL carries the booker's link; rooms of the other solutions come from their adapters. */
export function checkedMeeting(meeting: Omit<MeetingDetails, 'roomId'>, current: MeetingDetails | null, field: string): MeetingDetails {
  if (meeting.solution === 'CUSTOM_URL') {
    if (meeting.url === null || !isHttpUrl(meeting.url.trim())) throw ValidationError.forField(`${field}.url`, m.invalidCustomUrl);
    return { ...meeting, url: meeting.url.trim(), roomId: null };
  }
  // The same solution keeps its room and join link through edits; another starts without one.
  const keep = current !== null && current.solution === meeting.solution;
  return { ...meeting, url: keep ? current.url : null, roomId: keep ? current.roomId : null };
}

/** A list of people given by the booker or an edit: someone, each once, within the seats. */
export function checkParticipants(participants: Participant[], details: SessionDetails, field: string): void {
  if (participants.length === 0) throw ValidationError.forField(field, m.noParticipants);
  if (new Set(participants.map((p) => p.userId)).size !== participants.length) throw ValidationError.forField(field, m.duplicateParticipant);
  checkSeats([participants], details);
}

/** Seats are at least one, and never fewer than the learners an occurrence has (some took a seat in one occurrence only). */
export function checkSeats(lists: Participant[][], details: SessionDetails): void {
  const seats = details.maxStudents;
  if (seats === null) return;
  if (seats < 1) throw ValidationError.forField('details.maxStudents', m.invalidSeats);
  if (lists.some((people) => learners(people) > seats)) throw new IllegalStateError(m.full, 'FULL');
}

export function checkNotInPast(startAt: string, now: string, actorIsAdmin: boolean, field: string): void {
  if (!actorIsAdmin && Date.parse(startAt) < Date.parse(now)) throw ValidationError.forField(field, m.startInPast);
}
