/**
 * What the sessions pages ask the server (schema/sessions.graphql). The lists page from 1 and are
 * asked one page at a time outside a route loader, so one list failing shows its own error text
 * (SPEC section 8) and leaves the rest of the page working.
 */
import { graphql, fetchQuery } from 'react-relay';
import { relayEnvironment } from '../../relay/browser';
import type { sessionOperationsListQuery, SessionsFilterInput } from './__generated__/sessionOperationsListQuery.graphql';
import type { sessionOperationsDropInQuery } from './__generated__/sessionOperationsDropInQuery.graphql';
import type { sessionOperationsBreakoutQuery } from './__generated__/sessionOperationsBreakoutQuery.graphql';
import type { sessionOperationsAvailabilityQuery } from './__generated__/sessionOperationsAvailabilityQuery.graphql';
import type { sessionOperationsConflictsQuery, CreateSessionInput } from './__generated__/sessionOperationsConflictsQuery.graphql';

const sessionFields = graphql`
  fragment sessionOperations_session on Session @relay(mask: false) {
    id rawId seriesId recurringSessionId programId subject status sessionType
    date startTime endTime timeZoneId startAt endAt durationMinutes
    meetingSolution isInPerson joinUrl physicalSessionOptions { locationName }
    maxStudents numLearners fullness frequency cancelReason sessionDescription
    recurringDays weeksRecurring weeksRepeat recurringEndDate
    participants { userId userType isLeader joinedTime user { id profile { firstName lastName preferredName } } }
    viewerCanEdit viewerCanCancel viewerIsParticipant
    viewerCanCheckIn participants { userId checkedInTime checkedOutTime }
  }
`;
void sessionFields;

const list = graphql`
  query sessionOperationsListQuery($input: SessionsFilterInput!) {
    getSessionsForUserV2(input: $input) {
      sessions { ...sessionOperations_session @relay(mask: false) }
      hasMore
      pageNumber
    }
  }
`;

const dropIns = graphql`
  query sessionOperationsDropInQuery($startDate: DateTime) {
    getUpcomingDropInSessions(startDate: $startDate) { ...sessionOperations_session @relay(mask: false) }
  }
`;

const breakouts = graphql`
  query sessionOperationsBreakoutQuery($isTutorContext: Boolean) {
    getUpcomingBreakoutSessionsV2(isTutorContext: $isTutorContext) { ...sessionOperations_session @relay(mask: false) }
  }
`;

const availability = graphql`
  query sessionOperationsAvailabilityQuery($tutorId: ID!, $date: Date!, $timeZoneId: String) {
    getTutorAvailabilityForDay(tutorId: $tutorId, date: $date, timeZoneId: $timeZoneId) {
      date timeZoneId available { startTime endTime } busy { startTime endTime }
    }
  }
`;

const conflicts = graphql`
  query sessionOperationsConflictsQuery($input: CreateSessionInput!) {
    checkSessionConflicts(input: $input) {
      type description date startAt userId remainingMinutes totalMinutes dayAvailability { startTime endTime }
    }
  }
`;

export type Session = sessionOperationsListQuery['response']['getSessionsForUserV2']['sessions'][number];
export type SessionPage = sessionOperationsListQuery['response']['getSessionsForUserV2'];
export type DayAvailability = sessionOperationsAvailabilityQuery['response']['getTutorAvailabilityForDay'];
export type Conflict = sessionOperationsConflictsQuery['response']['checkSessionConflicts'][number];
export type { CreateSessionInput, SessionsFilterInput };

// Always from the server: a list shown after a booking or a cancel must show it.
const NETWORK = { fetchPolicy: 'network-only' } as const;

export async function fetchSessionPage(input: SessionsFilterInput): Promise<SessionPage> {
  const answer = await fetchQuery<sessionOperationsListQuery>(relayEnvironment, list, { input }, NETWORK).toPromise();
  if (!answer) throw new Error('No answer to the sessions list');
  return answer.getSessionsForUserV2;
}

export async function fetchDropIns(startDate: string): Promise<readonly Session[]> {
  const answer = await fetchQuery<sessionOperationsDropInQuery>(relayEnvironment, dropIns, { startDate }, NETWORK).toPromise();
  if (!answer) throw new Error('No answer to the drop-in list');
  return answer.getUpcomingDropInSessions;
}

/** Breakout rooms ahead: those the viewer leads (tutor context), else those they or their children take part in. */
export async function fetchBreakouts(isTutorContext: boolean): Promise<readonly Session[]> {
  const answer = await fetchQuery<sessionOperationsBreakoutQuery>(relayEnvironment, breakouts, { isTutorContext }, NETWORK).toPromise();
  if (!answer) throw new Error('No answer to the breakout rooms');
  return answer.getUpcomingBreakoutSessionsV2;
}

export async function fetchAvailability(tutorId: string, date: string, timeZoneId: string): Promise<DayAvailability> {
  const answer = await fetchQuery<sessionOperationsAvailabilityQuery>(relayEnvironment, availability, { tutorId, date, timeZoneId }, NETWORK).toPromise();
  if (!answer) throw new Error('No answer to the availability');
  return answer.getTutorAvailabilityForDay;
}

export async function fetchConflicts(input: CreateSessionInput): Promise<readonly Conflict[]> {
  const answer = await fetchQuery<sessionOperationsConflictsQuery>(relayEnvironment, conflicts, { input }, NETWORK).toPromise();
  if (!answer) throw new Error('No answer to the conflict check');
  return answer.checkSessionConflicts;
}
