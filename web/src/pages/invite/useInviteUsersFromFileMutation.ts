import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useInviteUsersFromFileMutation as Mutation } from './__generated__/useInviteUsersFromFileMutation.graphql';

export type FileResult = Mutation['response']['inviteUsersFromFile'];

/** inviteUsersFromFile: every row is checked first; a file with any bad row imports nothing; more than 50 rows run as a job (docs/decisions/0041). */
export function useInviteUsersFromFileMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useInviteUsersFromFileMutation($ecosystemId: ID!, $csv: String!) {
      inviteUsersFromFile(ecosystemId: $ecosystemId, csv: $csv) {
        rowCount
        rowErrors { row column message }
        invited { id email }
        job { id }
      }
    }
  `);
}
