import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useArchiveEcosystemMutation as Mutation } from './__generated__/useArchiveEcosystemMutation.graphql';

/** Archives an ecosystem; the row shows it archived at once and rolls back if the server refuses. */
export function useArchiveEcosystemMutation() {
  const [commit, inFlight] = usePromiseMutation<Mutation>(graphql`
    mutation useArchiveEcosystemMutation($ecosystemId: ID!) {
      archiveEcosystem(ecosystemId: $ecosystemId) {
        id
        archived
      }
    }
  `);
  const archive = useCallback((ecosystemId: string) => commit({
    variables: { ecosystemId },
    optimisticResponse: { archiveEcosystem: { id: ecosystemId, archived: true } },
  }), [commit]);
  return [archive, inFlight] as const;
}
