import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { UnlinkFamilyMemberInput, useUnlinkFamilyMemberMutation as Mutation } from './__generated__/useUnlinkFamilyMemberMutation.graphql';

/** Removes a family link (unlinkFamilyMember, decision 0048). */
export function useUnlinkFamilyMemberMutation() {
  const [commit, inFlight] = usePromiseMutation<Mutation>(graphql`
    mutation useUnlinkFamilyMemberMutation($input: UnlinkFamilyMemberInput!) {
      unlinkFamilyMember(input: $input) { id }
    }
  `);
  const unlink = useCallback(async (input: UnlinkFamilyMemberInput) => { await commit({ variables: { input } }); }, [commit]);
  return [unlink, inFlight] as const;
}
