/**
 * The ecosystem's most recent batch job when it is still running, so a row shows the progress of
 * a demo-data job started before the page was (re)loaded. Asked once per row, from the network
 * (a job's state changes behind the store's back); only platform admins may read jobs.
 */
import { useEffect, useState } from 'react';
import { graphql, useRelayEnvironment } from 'react-relay';
import { fetchQuery } from 'relay-runtime';
import type { DemoJobStatus_job$key } from './__generated__/DemoJobStatus_job.graphql';
import type { useRecentJobQuery } from './__generated__/useRecentJobQuery.graphql';
import { isJobActive } from './jobState';

const query = graphql`
  query useRecentJobQuery($ecosystemId: ID!) {
    getRecentBatchJob(ecosystemId: $ecosystemId) {
      state
      isActive
      ...DemoJobStatus_job
    }
  }
`;

export function useActiveRecentJob(ecosystemId: string, enabled: boolean): DemoJobStatus_job$key | null {
  const environment = useRelayEnvironment();
  const [job, setJob] = useState<DemoJobStatus_job$key | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    const subscription = fetchQuery<useRecentJobQuery>(environment, query, { ecosystemId }, { fetchPolicy: 'network-only' }).subscribe({
      next: ({ getRecentBatchJob: recent }) => setJob(recent && isJobActive(recent) ? recent : null),
      error: (error: unknown) => console.error('Could not read the recent job of an ecosystem', error),
    });
    return () => subscription.unsubscribe();
  }, [environment, ecosystemId, enabled]);
  return job;
}
