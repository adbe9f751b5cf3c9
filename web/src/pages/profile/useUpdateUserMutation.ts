import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useUpdateUserMutation as Mutation } from './__generated__/useUpdateUserMutation.graphql';

export function useUpdateUserMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useUpdateUserMutation($input: ProfileInput!) {
      updateUser(input: $input) {
        id
        ...EditProfilePage_user
      }
    }
  `);
}
