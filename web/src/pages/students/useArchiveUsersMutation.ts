import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useArchiveUsersMutation as Mutation } from './__generated__/useArchiveUsersMutation.graphql';

/** Archives the chosen people of the ecosystem (adminArchiveOneOrManyUser); answers how many changed. */
export function useArchiveUsersMutation() {
  const [commit, inFlight] = usePromiseMutation<Mutation>(graphql`
    mutation useArchiveUsersMutation($ecosystemId: ID, $userIds: [ID!]!) {
      adminArchiveOneOrManyUser(ecosystemId: $ecosystemId, userIds: $userIds) { changedCount }
    }
  `);
  const archive = useCallback(async (ecosystemId: string, userIds: string[]) => {
    const response = await commit({ variables: { ecosystemId, userIds } });
    return response.adminArchiveOneOrManyUser.changedCount;
  }, [commit]);
  return [archive, inFlight] as const;
}
