import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useInviteUserMutation as Mutation } from './__generated__/useInviteUserMutation.graphql';

/** inviteUser: the server checks who may invite into which role, grants it INVITED and e-mails the link (docs/decisions/0040). */
export function useInviteUserMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useInviteUserMutation($input: InviteUserInput!) {
      inviteUser(input: $input) {
        id
        email
        status
      }
    }
  `);
}
