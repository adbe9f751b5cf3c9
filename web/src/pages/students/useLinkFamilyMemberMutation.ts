import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { LinkFamilyMemberInput, useLinkFamilyMemberMutation as Mutation } from './__generated__/useLinkFamilyMemberMutation.graphql';

/** Links a parent or guardian to a child in the ecosystem (linkFamilyMember, decision 0048). */
export function useLinkFamilyMemberMutation() {
  const [commit, inFlight] = usePromiseMutation<Mutation>(graphql`
    mutation useLinkFamilyMemberMutation($input: LinkFamilyMemberInput!) {
      linkFamilyMember(input: $input) { id }
    }
  `);
  const link = useCallback(async (input: LinkFamilyMemberInput) => { await commit({ variables: { input } }); }, [commit]);
  return [link, inFlight] as const;
}
