import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useCancelSessionMutation as Mutation } from './__generated__/useCancelSessionMutation.graphql';

/** Cancels (or, with deleteSession, deletes) one occurrence, it and the following ones, or all. */
export function useCancelSessionMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useCancelSessionMutation($input: CancelSessionInput!) {
      cancelSessionV3(input: $input) { count session { id status cancelReason } }
    }
  `);
}
