import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useToggleArchiveReportMutation as Mutation } from './__generated__/useToggleArchiveReportMutation.graphql';

/** Archives an active report or brings an archived one back; answers whether it is archived now. */
export function useToggleArchiveReportMutation() {
  const [commit, inFlight] = usePromiseMutation<Mutation>(graphql`
    mutation useToggleArchiveReportMutation($id: ID!) {
      toggleArchiveScheduledProgramLevelReports(input: { _id: $id }) { _id archived }
    }
  `);
  const toggle = useCallback(async (id: string) => {
    const response = await commit({ variables: { id } });
    return response.toggleArchiveScheduledProgramLevelReports.archived;
  }, [commit]);
  return [toggle, inFlight] as const;
}
