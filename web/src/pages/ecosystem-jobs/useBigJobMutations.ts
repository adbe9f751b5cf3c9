/** The big jobs page's mutations (decision 0075): start an export or a report, cancel, retry. */
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useBigJobMutationsCreateMutation } from './__generated__/useBigJobMutationsCreateMutation.graphql';
import type { useBigJobMutationsReportMutation } from './__generated__/useBigJobMutationsReportMutation.graphql';
import type { useBigJobMutationsCancelMutation } from './__generated__/useBigJobMutationsCancelMutation.graphql';
import type { useBigJobMutationsRetryMutation } from './__generated__/useBigJobMutationsRetryMutation.graphql';

export function useCreateBigJob() {
  return usePromiseMutation<useBigJobMutationsCreateMutation>(graphql`
    mutation useBigJobMutationsCreateMutation($type: BigJobExportType!, $ecosystemId: ID!, $filters: BigJobFilters) {
      createBigJob(type: $type, ecosystemId: $ecosystemId, filters: $filters) { id name state }
    }
  `);
}

export function useCreateReportBigJob() {
  return usePromiseMutation<useBigJobMutationsReportMutation>(graphql`
    mutation useBigJobMutationsReportMutation($ecosystemId: ID!, $programIds: [ID!]!, $from: DateTime!, $to: DateTime!) {
      createReportBigJob(reportType: PROGRAM_SESSIONS, ecosystemId: $ecosystemId, programIds: $programIds, from: $from, to: $to) { id name state }
    }
  `);
}

export function useCancelBigJob() {
  return usePromiseMutation<useBigJobMutationsCancelMutation>(graphql`
    mutation useBigJobMutationsCancelMutation($jobId: ID!) {
      cancelBigJob(jobId: $jobId) { id state isActive }
    }
  `);
}

export function useRetryBigJob() {
  return usePromiseMutation<useBigJobMutationsRetryMutation>(graphql`
    mutation useBigJobMutationsRetryMutation($jobId: ID!) {
      retryBigJob(jobId: $jobId) { id state isActive attempt }
    }
  `);
}
