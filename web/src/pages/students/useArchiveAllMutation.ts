import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useArchiveAllMutation as Mutation, UserRosterFilters } from './__generated__/useArchiveAllMutation.graphql';

/** Starts archiving everyone the filters name (adminArchiveAllUser) with the count the admin saw; answers the job id. */
export function useArchiveAllMutation() {
  const [commit, inFlight] = usePromiseMutation<Mutation>(graphql`
    mutation useArchiveAllMutation($ecosystemId: ID, $filters: UserRosterFilters, $expectedCount: Int!) {
      adminArchiveAllUser(ecosystemId: $ecosystemId, selectedFilters: $filters, expectedCount: $expectedCount) { jobId }
    }
  `);
  const start = useCallback(async (ecosystemId: string, filters: UserRosterFilters, expectedCount: number) => {
    const response = await commit({ variables: { ecosystemId, filters, expectedCount } });
    return response.adminArchiveAllUser.jobId;
  }, [commit]);
  return [start, inFlight] as const;
}
