/**
 * Whom a booking may name: the ecosystem's tutees (getTuteesForEcosystem: admins, staff, teachers,
 * program admins and tutors may read it) and, for admins, its tutors (the roster's LEADER people).
 * Asked when the booking dialog opens; a refusal leaves the list empty rather than failing the form.
 */
import { graphql, fetchQuery } from 'react-relay';
import { relayEnvironment } from '../../relay/browser';
import type { peopleChoicesTuteesQuery } from './__generated__/peopleChoicesTuteesQuery.graphql';
import type { peopleChoicesTutorsQuery } from './__generated__/peopleChoicesTutorsQuery.graphql';

export interface PersonChoice { value: string; label: string; programIds: readonly string[] }

const tutees = graphql`
  query peopleChoicesTuteesQuery($ecosystemId: ID!) {
    getTuteesForEcosystem(ecosystemId: $ecosystemId, first: 100) {
      edges { node { userId firstName lastName preferredName programIds } }
    }
  }
`;

const tutors = graphql`
  query peopleChoicesTutorsQuery($ecosystemId: ID!) {
    getUserRoster(ecosystemId: $ecosystemId, first: 100, selectedFilters: { roles: [LEADER], statuses: [ACTIVATED] }) {
      edges { node { userId firstName lastName preferredName programIds } }
    }
  }
`;

interface Entry { userId: string; firstName: string; lastName: string; preferredName: string | null | undefined; programIds: readonly string[] }

export function choiceOf(entry: Entry): PersonChoice {
  return { value: entry.userId, label: `${entry.preferredName || entry.firstName} ${entry.lastName}`.trim(), programIds: entry.programIds };
}

export async function fetchTutees(ecosystemId: string): Promise<PersonChoice[]> {
  const answer = await fetchQuery<peopleChoicesTuteesQuery>(relayEnvironment, tutees, { ecosystemId }, { fetchPolicy: 'network-only' }).toPromise();
  return (answer?.getTuteesForEcosystem.edges ?? []).map((edge) => choiceOf(edge.node));
}

export async function fetchTutors(ecosystemId: string): Promise<PersonChoice[]> {
  const answer = await fetchQuery<peopleChoicesTutorsQuery>(relayEnvironment, tutors, { ecosystemId }, { fetchPolicy: 'network-only' }).toPromise();
  return (answer?.getUserRoster.edges ?? []).map((edge) => choiceOf(edge.node));
}

/** The people of the chosen program: a booking names the program's tutors and tutees. */
export function forProgram(choices: readonly PersonChoice[], programId: string): PersonChoice[] {
  return choices.filter((c) => c.programIds.includes(programId));
}
