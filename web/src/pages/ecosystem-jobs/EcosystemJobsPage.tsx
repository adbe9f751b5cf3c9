/**
 * /internal-admin-panel/ecosystem-jobs (decision 0075): start an export of an ecosystem's sessions
 * or people, or a program sessions report of a period; every big job with its state and a progress
 * bar (done of total, rate, time left), its row errors and failure, and buttons to cancel, retry and
 * download its CSV file. While a job is active the list is refetched every few seconds (polling a
 * Relay refetch: an admin watches this page, and a few small reads a minute cost less than a
 * subscription channel). Platform admins only (router/PlatformArea).
 */
import { Alert, Badge, Button, Group, MultiSelect, Paper, Progress, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { fetchQuery, graphql, useRefetchableFragment } from 'react-relay';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useErrorText } from '../../components/useErrorText';
import { BigJobsMessages } from '../../i18n/PageMessages';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { createSessionStore } from '../../relay/session';
import { requireLogin } from '../../router/guards';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { EcosystemJobsPageQuery } from './__generated__/EcosystemJobsPageQuery.graphql';
import type { EcosystemJobsPage_jobs$key } from './__generated__/EcosystemJobsPage_jobs.graphql';
import type { EcosystemJobsPageProgramsQuery } from './__generated__/EcosystemJobsPageProgramsQuery.graphql';
import { useCancelBigJob, useCreateBigJob, useCreateReportBigJob, useRetryBigJob } from './useBigJobMutations';

/** How often an active job's progress is read again. */
const POLL_MS = 2_000;
const KINDS = ['EXPORT_SESSIONS', 'EXPORT_USERS', 'REPORT_PROGRAM_SESSIONS'] as const;
type Kind = (typeof KINDS)[number];

const query = graphql`
  query EcosystemJobsPageQuery {
    getEcosystems(first: 100) {
      edges { node { rawId name } }
    }
    ...EcosystemJobsPage_jobs
  }
`;

const jobsFragment = graphql`
  fragment EcosystemJobsPage_jobs on Query @refetchable(queryName: "EcosystemJobsListRefetchQuery") {
    getAllBigJobs(first: 20) {
      edges {
        node {
          id jobId name type ecosystemId state isActive attempt createdAt resultUrl error errorCount
          progress { done total unit rate secondsLeft }
          errors { chunk row error }
        }
      }
    }
  }
`;

/** The chosen ecosystem's programs, read when it is chosen (a list of every ecosystem's programs would be too big a query). */
const programsQuery = graphql`
  query EcosystemJobsPageProgramsQuery($ecosystemId: ID!) {
    getProgramsByEcosystemId(ecosystemId: $ecosystemId, first: 100) { edges { node { rawId name } } }
  }
`;

export async function loader({ request }: LoaderFunctionArgs) {
  requireLogin(request);
  return preloadQuery<EcosystemJobsPageQuery>(relayEnvironment, query, {}, request.signal);
}

async function downloadResult(url: string, filename: string): Promise<void> {
  const token = createSessionStore(window.localStorage).accessToken();
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json()) as { error?: string };
    throw new Error(body.error ?? res.statusText);
  }
  const objectUrl = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(objectUrl);
}

type Jobs = ReturnType<typeof useJobs>[0]['getAllBigJobs']['edges'];
type Job = Jobs[number]['node'];

function useJobs(ref: EcosystemJobsPage_jobs$key) {
  return useRefetchableFragment(jobsFragment, ref);
}

const STATE_COLOR: Record<string, string> = { QUEUED: 'gray', RUNNING: 'blue', CANCELLING: 'orange', FINISHED: 'teal', FAILED: 'red', CANCELLED: 'gray' };

function JobCard({ job, ecosystemName, onChanged }: { job: Job; ecosystemName: string; onChanged: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const [cancel, cancelling] = useCancelBigJob();
  const [retry, retrying] = useRetryBigJob();
  const { done, total, rate, secondsLeft } = job.progress;
  const percent = total ? Math.min(100, Math.round((done / total) * 100)) : job.state === 'FINISHED' ? 100 : 0;
  const title = `${job.name} · ${ecosystemName}`;

  const act = async (run: () => Promise<unknown>, message: string) => {
    try {
      await run();
      showToast({ color: 'teal', message });
      onChanged();
    } catch (error) {
      showToast({ color: 'red', message: errorText(error) });
    }
  };

  return (
    <Paper withBorder p="md" component="li" aria-label={title}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} className="wrap-anywhere">{title}</Text>
          <Badge color={STATE_COLOR[job.state] ?? 'gray'} variant="light">{t(`bigJobs.state.${job.state}` as 'bigJobs.state.QUEUED')}</Badge>
        </Group>
        <Progress value={percent} aria-label={t('bigJobs.progressLabel', { name: title })} animated={job.state === 'RUNNING'} />
        <Group gap="md" wrap="wrap">
          <Text size="sm">{total === null ? t('bigJobs.progressUnknown', { done }) : t('bigJobs.progress', { done, total })}</Text>
          {job.isActive && rate !== null && <Text size="sm">{t('bigJobs.rate', { rate })}</Text>}
          {job.isActive && secondsLeft !== null && <Text size="sm">{t('bigJobs.timeLeft', { seconds: secondsLeft })}</Text>}
          {job.attempt > 1 && <Text size="sm">{t('bigJobs.attempt', { attempt: job.attempt })}</Text>}
        </Group>
        {job.error && <Alert color="red" p="xs">{t('bigJobs.failure', { error: job.error })}</Alert>}
        {job.errorCount > 0 && (
          <details>
            <summary>{t('bigJobs.errors', { count: job.errorCount })}</summary>
            <ul>
              {job.errors.map((e) => <li key={`${e.chunk}-${e.row}`} className="wrap-anywhere">{t('bigJobs.errorRow', { chunk: e.chunk, row: e.row, error: e.error })}</li>)}
            </ul>
          </details>
        )}
        <Group gap="sm" wrap="wrap">
          {(job.state === 'QUEUED' || job.state === 'RUNNING') && (
            <Button size="xs" variant="light" color="red" loading={cancelling}
              onClick={() => void act(() => cancel({ variables: { jobId: job.jobId } }), t('bigJobs.cancelled'))}>{t('bigJobs.cancel')}</Button>
          )}
          {(job.state === 'FAILED' || job.state === 'CANCELLED') && (
            <Button size="xs" variant="light" loading={retrying}
              onClick={() => void act(() => retry({ variables: { jobId: job.jobId } }), t('bigJobs.retried'))}>{t('bigJobs.retry')}</Button>
          )}
          {job.resultUrl && (
            <Button size="xs" onClick={() => void downloadResult(job.resultUrl!, `${job.type.toLowerCase()}.csv`).catch((error: unknown) => showToast({ color: 'red', message: errorText(error) }))}>
              {t('bigJobs.download')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

interface EcosystemOption { rawId: string; name: string }

function StartForm({ ecosystems, onStarted }: { ecosystems: EcosystemOption[]; onStarted: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const [createExport, exporting] = useCreateBigJob();
  const [createReport, reporting] = useCreateReportBigJob();
  const [ecosystemId, setEcosystemId] = useState<string | null>(ecosystems[0]?.rawId ?? null);
  const [kind, setKind] = useState<Kind>('EXPORT_SESSIONS');
  const [programIds, setProgramIds] = useState<string[]>([]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [programs, setPrograms] = useState<Array<{ rawId: string; name: string }>>([]);
  useEffect(() => {
    setPrograms([]);
    if (!ecosystemId) return undefined;
    const subscription = fetchQuery<EcosystemJobsPageProgramsQuery>(relayEnvironment, programsQuery, { ecosystemId }).subscribe({
      next: (data) => setPrograms(data.getProgramsByEcosystemId.edges.map((e) => ({ rawId: e.node.rawId, name: e.node.name }))),
    });
    return () => subscription.unsubscribe();
  }, [ecosystemId]);
  const instant = (day: string) => (day ? `${day}T00:00:00Z` : null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!ecosystemId) return;
    setError(null);
    try {
      if (kind === 'REPORT_PROGRAM_SESSIONS') {
        await createReport({ variables: { ecosystemId, programIds, from: instant(from) ?? '', to: instant(to) ?? '' } });
      } else {
        await createExport({ variables: { type: kind, ecosystemId, filters: { programIds, from: instant(from), to: instant(to) } } });
      }
      showToast({ color: 'teal', message: t('bigJobs.started', { name: t(`bigJobs.kind.${kind}`) }) });
      onStarted();
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={(e) => void submit(e)} aria-labelledby="big-jobs-start">
      <Stack gap="sm">
        <Title order={2} size="h3" id="big-jobs-start">{t('bigJobs.start')}</Title>
        <Select label={t('bigJobs.ecosystem')} data={ecosystems.map((e) => ({ value: e.rawId, label: e.name }))} value={ecosystemId}
          onChange={(v) => { setEcosystemId(v); setProgramIds([]); }} allowDeselect={false} searchable />
        <Select label={t('bigJobs.kind')} data={KINDS.map((k) => ({ value: k, label: t(`bigJobs.kind.${k}`) }))} value={kind}
          onChange={(v) => setKind((v as Kind | null) ?? 'EXPORT_SESSIONS')} allowDeselect={false} />
        <MultiSelect label={t('bigJobs.programs')} description={kind === 'REPORT_PROGRAM_SESSIONS' ? undefined : t('bigJobs.programsHint')}
          data={programs.map((p) => ({ value: p.rawId, label: p.name }))} value={programIds} onChange={setProgramIds} searchable clearable />
        {kind !== 'EXPORT_USERS' && (
          <Group grow wrap="wrap">
            <TextInput type="date" label={t('bigJobs.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} required={kind === 'REPORT_PROGRAM_SESSIONS'} />
            <TextInput type="date" label={t('bigJobs.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} required={kind === 'REPORT_PROGRAM_SESSIONS'} />
          </Group>
        )}
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <Group><Button type="submit" loading={exporting || reporting} disabled={!ecosystemId}>{t('bigJobs.startButton')}</Button></Group>
      </Stack>
    </Paper>
  );
}

function JobList({ queryRef, names }: { queryRef: EcosystemJobsPage_jobs$key; names: Map<string, string> }) {
  const t = useT();
  const [data, refetch] = useJobs(queryRef);
  const jobs = data.getAllBigJobs.edges.map((e) => e.node);
  const active = jobs.some((j) => j.isActive);
  const reload = () => refetch({}, { fetchPolicy: 'network-only' });

  useEffect(() => {
    if (!active) return undefined;
    const timer = window.setInterval(() => refetch({}, { fetchPolicy: 'network-only' }), POLL_MS);
    return () => window.clearInterval(timer);
  }, [active, refetch]);

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">{t('bigJobs.list')}</Title>
      {jobs.length === 0 ? <Text>{t('bigJobs.empty')}</Text> : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-live="polite">
          {jobs.map((job) => <JobCard key={job.id} job={job} ecosystemName={names.get(job.ecosystemId) ?? job.ecosystemId} onChanged={reload} />)}
        </Stack>
      )}
    </Stack>
  );
}

function EcosystemJobsContent() {
  const t = useT();
  useDocumentTitle(t('bigJobs.title'));
  const data = useRouteQuery<EcosystemJobsPageQuery>(query);
  const ecosystems = useMemo(() => data.getEcosystems.edges.map(({ node }) => ({ rawId: node.rawId, name: node.name })), [data]);
  const names = useMemo(() => new Map(ecosystems.map((e) => [e.rawId, e.name])), [ecosystems]);
  const [version, setVersion] = useState(0);
  return (
    <Stack p="md" maw={960} mx="auto">
      <Title order={1}>{t('bigJobs.title')}</Title>
      <Text>{t('bigJobs.intro')}</Text>
      <StartForm ecosystems={ecosystems} onStarted={() => setVersion((v) => v + 1)} />
      <JobListReloading key={version} queryRef={data} names={names} reloadOnMount={version > 0} />
    </Stack>
  );
}

/** After a start, the list is read again at once (and keeps polling while the new job runs). */
function JobListReloading({ queryRef, names, reloadOnMount }: { queryRef: EcosystemJobsPage_jobs$key; names: Map<string, string>; reloadOnMount: boolean }) {
  const [, refetch] = useJobs(queryRef);
  useEffect(() => {
    if (reloadOnMount) refetch({}, { fetchPolicy: 'network-only' });
  }, [reloadOnMount, refetch]);
  return <JobList queryRef={queryRef} names={names} />;
}

export function Component() {
  return <BigJobsMessages><EcosystemJobsContent /></BigJobsMessages>;
}
