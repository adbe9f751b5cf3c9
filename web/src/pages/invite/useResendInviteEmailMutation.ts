import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useResendInviteEmailMutation as Mutation } from './__generated__/useResendInviteEmailMutation.graphql';

/** resendInviteEmail: a new link goes out and the one sent before stops working (docs/decisions/0040). */
export function useResendInviteEmailMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useResendInviteEmailMutation($userId: ID!, $ecosystemId: ID!) {
      resendInviteEmail(userId: $userId, ecosystemId: $ecosystemId) {
        id
        timesSent
        expiresAt
      }
    }
  `);
}
