import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useCheckOutMutation as Mutation } from './__generated__/useCheckOutMutation.graphql';

/** A tutor checks out of a session they checked in to (decision 0066). */
export function useCheckOutMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useCheckOutMutation($input: SessionCheckInInput!) {
      checkOutOfSession(input: $input) { id participants { userId checkedInTime checkedOutTime } }
    }
  `);
}
