import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useStartSsoLinkMutation as Mutation } from './__generated__/useStartSsoLinkMutation.graphql';

/** startSsoLink: answers this server's address (with a one-use ticket) that the browser opens next. */
export function useStartSsoLinkMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useStartSsoLinkMutation($ecosystemId: ID!, $provider: SsoProvider!) {
      startSsoLink(ecosystemId: $ecosystemId, provider: $provider)
    }
  `);
}
