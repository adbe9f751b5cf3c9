import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type {
  UserPermissionChanges, UserRosterFilters, useUpdateAllPermissionsMutation as Mutation,
} from './__generated__/useUpdateAllPermissionsMutation.graphql';

/** Starts changing the roles of everyone the filters name (adminUpdateAllUserPermissions) with the count the admin saw; answers the job id. */
export function useUpdateAllPermissionsMutation() {
  const [commit, inFlight] = usePromiseMutation<Mutation>(graphql`
    mutation useUpdateAllPermissionsMutation($ecosystemId: ID, $filters: UserRosterFilters, $changes: UserPermissionChanges!, $expectedCount: Int!) {
      adminUpdateAllUserPermissions(ecosystemId: $ecosystemId, selectedFilters: $filters, changes: $changes, expectedCount: $expectedCount) { jobId }
    }
  `);
  const start = useCallback(async (ecosystemId: string, filters: UserRosterFilters, changes: UserPermissionChanges, expectedCount: number) => {
    const response = await commit({ variables: { ecosystemId, filters, changes, expectedCount } });
    return response.adminUpdateAllUserPermissions.jobId;
  }, [commit]);
  return [start, inFlight] as const;
}
