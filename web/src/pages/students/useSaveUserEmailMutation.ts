import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useSaveUserEmailMutation as Mutation } from './__generated__/useSaveUserEmailMutation.graphql';

/** Sets another person's e-mail address (adminSaveEcosystemUserEmail); a taken address answers CONFLICT. */
export function useSaveUserEmailMutation() {
  const [commit, inFlight] = usePromiseMutation<Mutation>(graphql`
    mutation useSaveUserEmailMutation($userId: ID!, $ecosystemId: ID, $email: String!) {
      adminSaveEcosystemUserEmail(userId: $userId, ecosystemId: $ecosystemId, email: $email) { id }
    }
  `);
  const save = useCallback(async (userId: string, ecosystemId: string, email: string) => {
    await commit({ variables: { userId, ecosystemId, email } });
  }, [commit]);
  return [save, inFlight] as const;
}
