import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useArchiveProgramMutation as Mutation } from './__generated__/useArchiveProgramMutation.graphql';

/** Archives a program; the row shows it archived at once and rolls back if the server refuses. */
export function useArchiveProgramMutation() {
  const [commit, inFlight] = usePromiseMutation<Mutation>(graphql`
    mutation useArchiveProgramMutation($programId: ID!) {
      archiveProgram(programId: $programId) {
        id
        archived
      }
    }
  `);
  const archive = useCallback((programId: string) => commit({
    variables: { programId },
    optimisticResponse: { archiveProgram: { id: programId, archived: true } },
  }), [commit]);
  return [archive, inFlight] as const;
}
