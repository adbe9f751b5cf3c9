import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useTrackJoinMutation as Mutation } from './__generated__/useTrackJoinMutation.graphql';

/** Records that the viewer joined an online session (the server's clock gives the time). */
export function useTrackJoinMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useTrackJoinMutation($sessionId: ID!, $participantType: ParticipantType!) {
      trackJoinedOnlineLesson(sessionId: $sessionId, participantType: $participantType) {
        ...sessionOperations_session @relay(mask: false)
      }
    }
  `);
}
