import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useCreateEcosystemMutation as Mutation } from './__generated__/useCreateEcosystemMutation.graphql';

export type { EcosystemInput } from './__generated__/useCreateEcosystemMutation.graphql';

/** Creates an ecosystem and puts it first in the given connections (the list on screen). */
export function useCreateEcosystemMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useCreateEcosystemMutation($ecosystemInput: EcosystemInput!, $connections: [ID!]!) {
      createEcosystem(ecosystemInput: $ecosystemInput) @prependNode(connections: $connections, edgeTypeName: "EcosystemEdge") {
        id
        name
        ...EcosystemRow_ecosystem
      }
    }
  `);
}
