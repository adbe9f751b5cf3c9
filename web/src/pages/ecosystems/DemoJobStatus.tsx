/**
 * Progress of a demo-data job. While the job is active (QUEUED, SUBMITTED or PROCESSING) it polls
 * getRecentBatchJob; the answer updates the job's record in the Relay store, so this fragment
 * re-renders with the new state. When the job ends it says so once in a toast and tells the page
 * (which refreshes its data).
 */
import { Group, Progress, Text } from '@mantine/core';
import { showToast } from '../../components/toast';
import { useEffect, useRef } from 'react';
import { graphql, useFragment, useRelayEnvironment } from 'react-relay';
import { fetchQuery } from 'relay-runtime';
import { JOB_POLL_INTERVAL_MS } from '../../constants';
import { useT } from '../../i18n/terms';
import type { MessageId } from '../../i18n/en';
import type { DemoJobStatusPollQuery } from './__generated__/DemoJobStatusPollQuery.graphql';
import type { DemoJobStatus_job$key } from './__generated__/DemoJobStatus_job.graphql';
import { isJobActive } from './jobState';

const pollQuery = graphql`
  query DemoJobStatusPollQuery($ecosystemId: ID!) {
    getRecentBatchJob(ecosystemId: $ecosystemId) {
      ...DemoJobStatus_job
    }
  }
`;

const STATE_LABELS: Record<string, MessageId> = {
  QUEUED: 'demo.status.QUEUED', SUBMITTED: 'demo.status.SUBMITTED', PROCESSING: 'demo.status.PROCESSING',
  FINISHED: 'demo.status.FINISHED', FAILED: 'demo.status.FAILED', CANCELLED: 'demo.status.CANCELLED',
};

const JOB_LABELS: Record<string, MessageId> = {
  createEcosystemDemoData: 'demo.create', deleteEcosystemDemoData: 'demo.delete',
};

interface Props {
  jobRef: DemoJobStatus_job$key;
  ecosystemId: string;
  ecosystemName: string;
  onSettled?: () => void;
}

export function DemoJobStatus({ jobRef, ecosystemId, ecosystemName, onSettled }: Props) {
  const t = useT();
  const environment = useRelayEnvironment();
  const job = useFragment(graphql`
    fragment DemoJobStatus_job on BatchJob {
      jobName
      state
      isActive
      error
      progress { done total }
    }
  `, jobRef);
  const active = isJobActive(job);
  const wasActive = useRef(active);

  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let subscription: { unsubscribe(): void } | undefined;
    const poll = () => {
      subscription = fetchQuery<DemoJobStatusPollQuery>(environment, pollQuery, { ecosystemId }, { fetchPolicy: 'network-only' })
        .subscribe({ complete: schedule, error: (error: unknown) => { console.error(error); schedule(); } });
    };
    const schedule = () => { timer = setTimeout(poll, JOB_POLL_INTERVAL_MS); };
    schedule();
    return () => { clearTimeout(timer); subscription?.unsubscribe(); };
  }, [environment, ecosystemId, active]);

  useEffect(() => {
    if (active || !wasActive.current) return;
    wasActive.current = false;
    const failed = job.state === 'FAILED';
    showToast({
      color: failed ? 'red' : 'teal',
      message: [t(failed ? 'demo.failed' : 'demo.finished', { name: ecosystemName }), job.error].filter(Boolean).join(' '),
    });
    onSettled?.();
  }, [active, job.state, job.error, ecosystemName, onSettled, t]);

  const status = t(STATE_LABELS[job.state] ?? 'demo.status.QUEUED');
  const name = JOB_LABELS[job.jobName] ? t(JOB_LABELS[job.jobName]) : job.jobName;
  const percent = job.progress.total > 0 ? Math.round((100 * job.progress.done) / job.progress.total) : active ? 0 : 100;
  return (
    <Group gap="xs" wrap="nowrap" role="status" aria-live="polite">
      <Progress value={percent} w={80} animated={active} aria-label={t('demo.jobProgress')}
        color={job.state === 'FAILED' ? 'red' : undefined} />
      <Text size="sm">{t('demo.job', { name, status })}</Text>
    </Group>
  );
}
