import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useCreateSessionMutation as Mutation } from './__generated__/useCreateSessionMutation.graphql';

/** Books a session or a series; with conflicts (and no forceBook) it books nothing and answers them. */
export function useCreateSessionMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useCreateSessionMutation($input: CreateSessionInput!) {
      createSession(input: $input) {
        count
        session { id }
        conflicts { type description date startAt userId remainingMinutes totalMinutes dayAvailability { startTime endTime } }
      }
    }
  `);
}
