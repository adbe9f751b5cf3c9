import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useCheckInMutation as Mutation } from './__generated__/useCheckInMutation.graphql';

/** A tutor checks in to a session they lead (decision 0066); the server's clock gives the time. */
export function useCheckInMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useCheckInMutation($input: SessionCheckInInput!) {
      checkInToSession(input: $input) { id participants { userId checkedInTime checkedOutTime } }
    }
  `);
}
