/**
 * A large invitation file's job (decision 0041): its progress while it runs ("Inviting 312 of
 * 1,200"), then its result. The job's id is kept per ecosystem in this browser, so the admin can
 * leave the page and find the job here when they come back; they dismiss it once read. Progress
 * is polled the way the roster's bulk actions poll theirs (students/ArchiveAll's followJob).
 */
import { Alert, Button, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { useT } from '../../i18n/terms';
import { followJob, type JobProgress } from '../students/ArchiveAll';
import type { InviteFileJobResultQuery } from './__generated__/InviteFileJobResultQuery.graphql';

const resultQuery = graphql`
  query InviteFileJobResultQuery($jobId: ID!) {
    getUserBulkJob(jobId: $jobId) { state progress { done total } result }
  }
`;

const storageKey = (ecosystemId: string) => `invite-file-job:${ecosystemId}`;

/** The job this browser last started for the ecosystem, if not dismissed. */
export function storedFileJob(ecosystemId: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(ecosystemId));
  } catch {
    return null; // Storage refused (private mode): the job is simply not remembered.
  }
}

export function rememberFileJob(ecosystemId: string, jobId: string | null): void {
  try {
    if (jobId) window.localStorage.setItem(storageKey(ecosystemId), jobId);
    else window.localStorage.removeItem(storageKey(ecosystemId));
  } catch {
    // Storage refused: the job shows until the page is left, as without storage.
  }
}

interface Ended { state: string; invited: number; total: number; skippedRows: number[] }

function endedOf(data: InviteFileJobResultQuery['response'] | undefined): Ended | null {
  const job = data?.getUserBulkJob;
  if (!job) return null;
  const result = (job.result ?? {}) as { invited?: unknown; skippedRows?: unknown };
  const skippedRows = Array.isArray(result.skippedRows) ? result.skippedRows.filter((r): r is number => typeof r === 'number') : [];
  return { state: job.state, invited: typeof result.invited === 'number' ? result.invited : job.progress.done, total: job.progress.total, skippedRows };
}

export function InviteFileJob({ jobId, onDismiss, onEnded }: { jobId: string; onDismiss: () => void; onEnded: () => void }) {
  const t = useT();
  const environment = useRelayEnvironment();
  const [progress, setProgress] = useState<JobProgress | null>(null);
  const [ended, setEnded] = useState<Ended | null>(null);
  const [lost, setLost] = useState(false);
  // The latest callback, without following the job again each time the parent renders.
  const endedRef = useRef(onEnded);
  endedRef.current = onEnded;

  useEffect(() => {
    let live = true;
    const follow = async () => {
      await followJob(environment, jobId, (p) => { if (live) setProgress(p); });
      const data = await fetchQuery<InviteFileJobResultQuery>(environment, resultQuery, { jobId }, { fetchPolicy: 'network-only' }).toPromise();
      if (!live) return;
      const outcome = endedOf(data);
      if (outcome) setEnded(outcome);
      else setLost(true);
      endedRef.current();
    };
    follow().catch(() => { if (live) setLost(true); });
    return () => { live = false; };
  }, [environment, jobId]);

  if (lost) {
    return <Alert color="gray" role="status" withCloseButton closeButtonLabel={t('inviteJob.dismiss')} onClose={onDismiss}>{t('inviteJob.lost')}</Alert>;
  }
  if (ended) {
    const finished = ended.state === 'FINISHED';
    return (
      <Alert color={finished ? 'green' : 'red'} role="status">
        <Stack gap="xs">
          {/* In the body, not the title: Mantine's coloured alert titles miss the 4.5:1 contrast on their light background. */}
          <Text size="sm" fw={600}>{t(finished ? 'inviteJob.finished' : 'inviteJob.stopped', { invited: ended.invited, total: ended.total })}</Text>
          {ended.skippedRows.length > 0 && <Text size="sm">{t('inviteJob.skipped', { count: ended.skippedRows.length, rows: ended.skippedRows.join(', ') })}</Text>}
          <Button size="xs" variant="default" w="fit-content" onClick={onDismiss}>{t('inviteJob.dismiss')}</Button>
        </Stack>
      </Alert>
    );
  }
  const shown = progress ?? { done: 0, total: 0 };
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Text size="sm">{shown.total ? t('inviteJob.progress', { done: shown.done, total: shown.total }) : t('inviteJob.queued')}</Text>
      <Progress value={shown.total ? (100 * shown.done) / shown.total : 0} aria-hidden />
      <Text size="xs" c="dimmed">{t('inviteJob.leave')}</Text>
    </Stack>
  );
}
