/**
 * Archiving everyone the filters name (decision 0049): the number is asked for first and shown in
 * the confirmation; the server refuses if it changed meanwhile. The job's progress shows until it
 * ends, then the list reloads. The count and the job's polling serve the role change too (RolesAll).
 */
import { Button, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { Environment } from 'relay-runtime';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { showToast } from '../../components/toast';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import type { ArchiveAllCountQuery, UserRosterFilters } from './__generated__/ArchiveAllCountQuery.graphql';
import type { ArchiveAllJobQuery } from './__generated__/ArchiveAllJobQuery.graphql';
import { useArchiveAllMutation } from './useArchiveAllMutation';

const POLL_MS = 500;

const countQuery = graphql`
  query ArchiveAllCountQuery($ecosystemId: ID, $filters: UserRosterFilters) {
    getUserRoster(ecosystemId: $ecosystemId, selectedFilters: $filters, first: 0) { totalCount }
  }
`;
const jobQuery = graphql`
  query ArchiveAllJobQuery($jobId: ID!) {
    getUserBulkJob(jobId: $jobId) { state isActive progress { done total } }
  }
`;

export interface JobProgress { done: number; total: number }

/** How many people the filters name now: shown before any "everyone matching" action runs. */
export async function countMatching(environment: Environment, ecosystemId: string, filters: UserRosterFilters): Promise<number> {
  const data = await fetchQuery<ArchiveAllCountQuery>(environment, countQuery, { ecosystemId, filters }, { fetchPolicy: 'network-only' }).toPromise();
  return data?.getUserRoster.totalCount ?? 0;
}

/** Polls a bulk job until it is no longer active, reporting progress; answers its final state (FAILED when it is gone). */
export async function followJob(environment: Environment, jobId: string, onProgress: (p: JobProgress) => void): Promise<string> {
  for (;;) {
    const data = await fetchQuery<ArchiveAllJobQuery>(environment, jobQuery, { jobId }, { fetchPolicy: 'network-only' }).toPromise();
    const job = data?.getUserBulkJob;
    if (job) onProgress({ done: job.progress.done, total: job.progress.total });
    if (!job || !job.isActive) return job?.state ?? 'FAILED';
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export function ArchiveAll({ ecosystemId, filters, onDone }: { ecosystemId: string; filters: UserRosterFilters; onDone: () => void }) {
  const t = useT();
  const environment = useRelayEnvironment();
  const errorText = useErrorText();
  const [count, setCount] = useState<number | null>(null);
  const [progress, setProgress] = useState<JobProgress | null>(null);
  const [start, starting] = useArchiveAllMutation();

  const ask = async () => {
    try {
      setCount(await countMatching(environment, ecosystemId, filters));
    } catch (error) {
      showToast({ color: 'red', message: errorText(error) });
    }
  };
  const run = async () => {
    if (count === null) return;
    try {
      const jobId = await start(ecosystemId, filters, count);
      setCount(null);
      setProgress({ done: 0, total: count });
      const state = await followJob(environment, jobId, setProgress);
      showToast({ color: state === 'FINISHED' ? 'teal' : 'red', message: t(state === 'FINISHED' ? 'students.all.done' : 'students.all.failed') });
      onDone();
    } catch (error) {
      setCount(null);
      showToast({ color: 'red', message: errorText(error) });
    }
  };

  return (
    <Stack gap={4}>
      <Button color="red" variant="outline" w="fit-content" onClick={() => void ask()}>{t('students.all.button')}</Button>
      {progress && (
        <Stack gap={4} role="status">
          <Text size="sm">{t('students.all.progress', { done: progress.done, total: progress.total })}</Text>
          <Progress value={progress.total ? (100 * progress.done) / progress.total : 100} aria-hidden />
        </Stack>
      )}
      <ConfirmDialog opened={count !== null} onClose={() => setCount(null)} destructive loading={starting}
        title={t('students.all.title', { count: count ?? 0 })} text={t('students.confirm.text')}
        confirmLabel={t('students.all.confirm', { count: count ?? 0 })} onConfirm={() => void run()} />
    </Stack>
  );
}
