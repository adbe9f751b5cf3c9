import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useRemoveLinkedIdentityMutation as Mutation } from './__generated__/useRemoveLinkedIdentityMutation.graphql';

/** removeLinkedIdentity: answers the identities left, which replace the page's list. */
export function useRemoveLinkedIdentityMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useRemoveLinkedIdentityMutation($id: ID!) {
      removeLinkedIdentity(id: $id) { id provider email linkedAt }
    }
  `);
}
