import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useCreateEcosystemDemoDataMutation as Mutation } from './__generated__/useCreateEcosystemDemoDataMutation.graphql';

export function useCreateEcosystemDemoDataMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useCreateEcosystemDemoDataMutation($ecosystemId: ID!, $demoSessionsStartDate: Date!) {
      createEcosystemDemoData(ecosystemId: $ecosystemId, demoSessionsStartDate: $demoSessionsStartDate) {
        id
        ...DemoJobStatus_job
      }
    }
  `);
}
