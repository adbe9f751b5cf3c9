import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useChangePasswordMutation as Mutation } from './__generated__/useChangePasswordMutation.graphql';

/** changePassword: the server checks the current password and the policy (docs/decisions/0038) and ends the person's other sessions. */
export function useChangePasswordMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useChangePasswordMutation($oldPass: String!, $newPass: String!) {
      changePassword(oldPass: $oldPass, newPass: $newPass)
    }
  `);
}
