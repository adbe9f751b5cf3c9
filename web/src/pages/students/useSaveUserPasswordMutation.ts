import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useSaveUserPasswordMutation as Mutation } from './__generated__/useSaveUserPasswordMutation.graphql';

/** Sets another person's password (adminSaveEcosystemUserPassword); the server applies the policy and ends their sessions. */
export function useSaveUserPasswordMutation() {
  const [commit, inFlight] = usePromiseMutation<Mutation>(graphql`
    mutation useSaveUserPasswordMutation($userId: ID!, $password: String!) {
      adminSaveEcosystemUserPassword(userId: $userId, password: $password) { id }
    }
  `);
  const save = useCallback(async (userId: string, password: string) => { await commit({ variables: { userId, password } }); }, [commit]);
  return [save, inFlight] as const;
}
