import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useSendFollowUpMutation as Mutation } from './__generated__/useSendFollowUpMutation.graphql';

/** Writes to a person of the ecosystem (sendErrorMessageFollowUpToUser): the admin's note and, if given, the error they saw. */
export function useSendFollowUpMutation() {
  const [commit, inFlight] = usePromiseMutation<Mutation>(graphql`
    mutation useSendFollowUpMutation($userId: ID!, $ecosystemId: ID, $message: String!, $errorMessage: String) {
      sendErrorMessageFollowUpToUser(userId: $userId, ecosystemId: $ecosystemId, message: $message, errorMessage: $errorMessage) { messageId }
    }
  `);
  const send = useCallback(async (userId: string, ecosystemId: string, message: string, errorMessage: string | null) => {
    await commit({ variables: { userId, ecosystemId, message, errorMessage } });
  }, [commit]);
  return [send, inFlight] as const;
}
