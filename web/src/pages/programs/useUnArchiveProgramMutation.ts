import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useUnArchiveProgramMutation as Mutation } from './__generated__/useUnArchiveProgramMutation.graphql';

/** Unarchives a program, optimistically like useArchiveProgramMutation. */
export function useUnArchiveProgramMutation() {
  const [commit, inFlight] = usePromiseMutation<Mutation>(graphql`
    mutation useUnArchiveProgramMutation($programId: ID!) {
      unArchiveProgram(programId: $programId) {
        id
        archived
      }
    }
  `);
  const unarchive = useCallback((programId: string) => commit({
    variables: { programId },
    optimisticResponse: { unArchiveProgram: { id: programId, archived: false } },
  }), [commit]);
  return [unarchive, inFlight] as const;
}
