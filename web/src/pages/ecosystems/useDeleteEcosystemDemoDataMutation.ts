import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useDeleteEcosystemDemoDataMutation as Mutation } from './__generated__/useDeleteEcosystemDemoDataMutation.graphql';

export function useDeleteEcosystemDemoDataMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useDeleteEcosystemDemoDataMutation($ecosystemId: ID!) {
      deleteEcosystemDemoData(ecosystemId: $ecosystemId) {
        id
        ...DemoJobStatus_job
      }
    }
  `);
}
