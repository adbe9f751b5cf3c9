import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useDropSessionMutation as Mutation } from './__generated__/useDropSessionMutation.graphql';

/** One participant leaves; the session goes on for the others. */
export function useDropSessionMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useDropSessionMutation($input: DropSessionInput!) {
      dropSession(input: $input) { count session { id numLearners fullness } }
    }
  `);
}
