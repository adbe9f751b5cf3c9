import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useSaveUserPhoneMutation as Mutation } from './__generated__/useSaveUserPhoneMutation.graphql';

/** Sets another person's phone number (adminSaveEcosystemUserPhone). */
export function useSaveUserPhoneMutation() {
  const [commit, inFlight] = usePromiseMutation<Mutation>(graphql`
    mutation useSaveUserPhoneMutation($userId: ID!, $ecosystemId: ID, $phoneNumber: String!) {
      adminSaveEcosystemUserPhone(userId: $userId, ecosystemId: $ecosystemId, phoneNumber: $phoneNumber) { id }
    }
  `);
  const save = useCallback(async (userId: string, ecosystemId: string, phoneNumber: string) => {
    await commit({ variables: { userId, ecosystemId, phoneNumber } });
  }, [commit]);
  return [save, inFlight] as const;
}
