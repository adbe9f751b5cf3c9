import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useUnArchiveEcosystemMutation as Mutation } from './__generated__/useUnArchiveEcosystemMutation.graphql';

/** Unarchives an ecosystem, optimistically like useArchiveEcosystemMutation. */
export function useUnArchiveEcosystemMutation() {
  const [commit, inFlight] = usePromiseMutation<Mutation>(graphql`
    mutation useUnArchiveEcosystemMutation($ecosystemId: ID!) {
      unArchiveEcosystem(ecosystemId: $ecosystemId) {
        id
        archived
      }
    }
  `);
  const unarchive = useCallback((ecosystemId: string) => commit({
    variables: { ecosystemId },
    optimisticResponse: { unArchiveEcosystem: { id: ecosystemId, archived: false } },
  }), [commit]);
  return [unarchive, inFlight] as const;
}
