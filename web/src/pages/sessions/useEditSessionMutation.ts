import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useEditSessionMutation as Mutation } from './__generated__/useEditSessionMutation.graphql';

/** Changes one occurrence, it and the following ones (the series splits), or all of them. */
export function useEditSessionMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useEditSessionMutation($input: EditSessionInput!) {
      editSessionV3(input: $input) {
        count
        session { id subject date startTime endTime startAt endAt }
        conflicts { type description date startAt userId remainingMinutes totalMinutes dayAvailability { startTime endTime } }
      }
    }
  `);
}
