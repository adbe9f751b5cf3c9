import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useEditEcosystemMutation as Mutation } from './__generated__/useEditEcosystemMutation.graphql';

export function useEditEcosystemMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useEditEcosystemMutation($ecosystemId: ID!, $ecosystemInput: EcosystemInput!) {
      editEcosystem(ecosystemId: $ecosystemId, ecosystemInput: $ecosystemInput) {
        id
        name
        ...EcosystemRow_ecosystem
      }
    }
  `);
}
