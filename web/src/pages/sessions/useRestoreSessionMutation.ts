import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useRestoreSessionMutation as Mutation } from './__generated__/useRestoreSessionMutation.graphql';

/** Restores a cancelled occurrence, it and the following ones, or all the cancelled ones of its series. */
export function useRestoreSessionMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useRestoreSessionMutation($input: RestoreSessionInput!) {
      restoreSession(input: $input) { count session { id status cancelReason } }
    }
  `);
}
