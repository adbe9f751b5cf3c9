/**
 * The rules of "Add breakout rooms" (docs/decisions/0061, breakout rooms), apart from the dialog so
 * they can be tested alone: a group lesson's learners are shared out among its leaders in turn, and
 * each chosen pair becomes one ONE_ON_ONE_BREAKOUT booking at the lesson's own time, with its own
 * meeting room (Zoom when the lesson is on Zoom, else Lessonspace: a shared custom link or a place
 * would not make separate rooms).
 */
import { personName } from './names';
import type { CreateSessionInput, Session } from './sessionOperations';

export interface Person { userId: string; name: string }
/** Learner id to the chosen leader's id; absent or '' when the learner gets no room. */
export type Pairs = Readonly<Record<string, string>>;

function people(session: Session, leaders: boolean): Person[] {
  return session.participants.filter((p) => p.isLeader === leaders).map((p) => ({ userId: p.userId, name: personName(p.user) ?? p.userId }));
}

export function leadersOf(session: Session): Person[] {
  return people(session, true);
}

export function learnersOf(session: Session): Person[] {
  return people(session, false);
}

/** Every learner with a leader, the leaders taken in turn. */
export function defaultPairs(session: Session): Pairs {
  const leaders = leadersOf(session);
  if (leaders.length === 0) return {};
  return Object.fromEntries(learnersOf(session).map((l, i) => [l.userId, leaders[i % leaders.length].userId]));
}

/** A session may get breakout rooms when it is a group lesson still ahead, with a leader and a learner, run by the viewer. */
export function mayAddBreakouts(session: Session): boolean {
  return session.sessionType === 'GROUP' && session.status === 'UPCOMING' && session.viewerCanEdit
    && leadersOf(session).length > 0 && learnersOf(session).length > 0;
}

/** The createSession inputs of the chosen pairs, in the learners' order. */
export function breakoutInputs(session: Session, pairs: Pairs, subject: (learner: Person) => string, forceBook = false): { learnerId: string; input: CreateSessionInput }[] {
  return learnersOf(session).flatMap((learner) => {
    const leaderId = pairs[learner.userId];
    if (!leaderId) return [];
    const input: CreateSessionInput = {
      programId: session.programId, sessionType: 'ONE_ON_ONE_BREAKOUT', subject: subject(learner),
      date: session.date, startTime: session.startTime, endTime: session.endTime, timeZoneId: session.timeZoneId,
      recurrence: null, location: 'ONLINE', meetingSolution: session.meetingSolution === 'ZOOM' ? 'ZOOM' : 'LESSONSPACE',
      maxStudents: 1, tutorIds: [leaderId], tuteeIds: [learner.userId], forceBook: forceBook || null,
    };
    return [{ learnerId: learner.userId, input }];
  });
}
