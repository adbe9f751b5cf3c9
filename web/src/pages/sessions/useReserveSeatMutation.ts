import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useReserveSeatMutation as Mutation } from './__generated__/useReserveSeatMutation.graphql';

/** Takes a seat in a drop-in or group session; the server never goes over maxStudents. */
export function useReserveSeatMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useReserveSeatMutation($input: ReserveSessionSeatInput!) {
      reserveSessionSeat(input: $input) { count session { id numLearners fullness viewerIsParticipant } }
    }
  `);
}
