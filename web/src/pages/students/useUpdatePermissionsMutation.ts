import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { UserPermissionChanges, useUpdatePermissionsMutation as Mutation } from './__generated__/useUpdatePermissionsMutation.graphql';

/** Gives or takes roles of the chosen people (updateOneOrManyUserPermissions); answers how many changed. */
export function useUpdatePermissionsMutation() {
  const [commit, inFlight] = usePromiseMutation<Mutation>(graphql`
    mutation useUpdatePermissionsMutation($ecosystemId: ID, $userIds: [ID!]!, $changes: UserPermissionChanges!) {
      updateOneOrManyUserPermissions(ecosystemId: $ecosystemId, userIds: $userIds, changes: $changes) { changedCount }
    }
  `);
  const update = useCallback(async (ecosystemId: string, userIds: string[], changes: UserPermissionChanges) => {
    const response = await commit({ variables: { ecosystemId, userIds, changes } });
    return response.updateOneOrManyUserPermissions.changedCount;
  }, [commit]);
  return [update, inFlight] as const;
}
