/**
 * Cancel, restore or set one custom property on every session the filters name (decision 0064):
 * the number is asked for first and shown in the dialog; the server refuses if it changed
 * meanwhile, or if a cancel needs a reason (the refusal shows in the dialog, which stays open).
 * Then the job's progress (done of total) shows until it ends, and the list reloads.
 */
import { Button, Group, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { showToast } from '../../components/toast';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { FormDialog } from '../students/FormDialog';
import { followJob, type JobProgress } from '../students/ArchiveAll';
import type { AllMatchingCountQuery, AdminSessionFilters } from './__generated__/AllMatchingCountQuery.graphql';
import type { AllMatchingPropertiesQuery } from './__generated__/AllMatchingPropertiesQuery.graphql';
import { useAllMatchingActions, type AllMatching as Matching } from './useSessionActions';

type Kind = 'cancel' | 'restore' | 'label';
interface Asked { kind: Kind; count: number; properties: Array<{ value: string; label: string }> }
type Start = (all: Matching) => Promise<string>;

const countQuery = graphql`
  query AllMatchingCountQuery($ecosystemId: ID, $filters: AdminSessionFilters) {
    getEcosystemAdminPaginatedSessionSummary(ecosystemId: $ecosystemId, filters: $filters, pageSize: 1) { totalCount }
  }
`;
const propertiesQuery = graphql`
  query AllMatchingPropertiesQuery($ecosystemId: ID!) {
    getProgramsByEcosystemId(ecosystemId: $ecosystemId, first: 100) { edges { node { sessions { customSessionProperties { internalKeyName label } } } } }
  }
`;
/** Long labels (Spanish on a phone) wrap instead of running off the screen. */
const WRAP = { label: { whiteSpace: 'normal' } } as const;

/** The count (and, to set a property, the properties on offer) before a dialog opens; then the job until it ends. */
function useAllMatching(ecosystemId: string, filters: AdminSessionFilters, onDone: () => void) {
  const t = useT();
  const environment = useRelayEnvironment();
  const errorText = useErrorText();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [progress, setProgress] = useState<JobProgress | null>(null);
  const [formError, setFormError] = useState<string | undefined>();
  const close = () => { setAsked(null); setFormError(undefined); };
  const properties = async () => {
    const data = await fetchQuery<AllMatchingPropertiesQuery>(environment, propertiesQuery, { ecosystemId }, { fetchPolicy: 'network-only' }).toPromise();
    const all = (data?.getProgramsByEcosystemId.edges ?? []).flatMap((e) => e.node.sessions.customSessionProperties);
    return [...new Map(all.map((p) => [p.internalKeyName, { value: p.internalKeyName, label: `${p.label} (${p.internalKeyName})` }])).values()];
  };
  const ask = async (kind: Kind) => {
    try {
      const data = await fetchQuery<AllMatchingCountQuery>(environment, countQuery, { ecosystemId, filters }, { fetchPolicy: 'network-only' }).toPromise();
      const count = data?.getEcosystemAdminPaginatedSessionSummary.totalCount ?? 0;
      if (count === 0) showToast({ color: 'gray', message: t('adminSessions.empty') });
      else setAsked({ kind, count, properties: kind === 'label' ? await properties() : [] });
    } catch (error) {
      showToast({ color: 'red', message: errorText(error) });
    }
  };
  /** Starts the job with the count shown; true once it ended (the dialog's fields may be cleared). */
  const run = async (start: Start): Promise<boolean> => {
    if (!asked) return false;
    try {
      const jobId = await start({ ecosystemId, filters, expectedCount: asked.count });
      close();
      setProgress({ done: 0, total: asked.count });
      const state = await followJob(environment, jobId, setProgress);
      const done = state === 'FINISHED';
      showToast({ color: done ? 'teal' : 'red', message: done ? t('adminSessions.all.done', { total: asked.count }) : t('adminSessions.all.failed') });
      setProgress(null);
      onDone();
      return true;
    } catch (error) {
      setFormError(errorText(error));
      return false;
    }
  };
  return { asked, progress, formError, setFormError, ask, run, close };
}

export function AllMatching({ ecosystemId, filters, onDone }: { ecosystemId: string; filters: AdminSessionFilters; onDone: () => void }) {
  const t = useT();
  const state = useAllMatching(ecosystemId, filters, onDone);
  const { progress, ask } = state;
  return (
    <Stack gap={4}>
      <Group gap="sm">
        <Button color="red" variant="outline" maw="100%" h="auto" py={6} styles={WRAP} onClick={() => void ask('cancel')}>{t('adminSessions.all.cancel')}</Button>
        <Button variant="default" maw="100%" h="auto" py={6} styles={WRAP} onClick={() => void ask('restore')}>{t('adminSessions.all.restore')}</Button>
        <Button variant="default" maw="100%" h="auto" py={6} styles={WRAP} onClick={() => void ask('label')}>{t('adminSessions.all.label')}</Button>
      </Group>
      {progress && (
        <Stack gap={4} role="status">
          <Text size="sm">{t('adminSessions.all.progress', { done: progress.done, total: progress.total })}</Text>
          <Progress value={progress.total ? (100 * progress.done) / progress.total : 100} aria-hidden />
        </Stack>
      )}
      <Dialogs {...state} />
    </Stack>
  );
}

function Dialogs({ asked, formError, setFormError, run, close }: ReturnType<typeof useAllMatching>) {
  const t = useT();
  const { cancelAll, restoreAll, labelAll, busy } = useAllMatchingActions();
  const [reason, setReason] = useState('');
  const [key, setKey] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const count = asked?.count ?? 0;
  const submit = (start: Start) => void run(start).then((ended) => { if (ended) { setReason(''); setValue(''); } });
  return (
    <>
      <FormDialog opened={asked?.kind === 'cancel'} onClose={close} title={t('adminSessions.all.cancel.title', { count })} intro={t('adminSessions.all.cancel.intro')}
        submitLabel={t('adminSessions.all.cancel.submit', { count })} loading={busy} formError={formError}
        onSubmit={() => submit((all) => cancelAll(all, reason.trim() || null))}>
        <TextInput label={t('adminSessions.cancel.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={2000} />
      </FormDialog>
      <ConfirmDialog opened={asked?.kind === 'restore'} onClose={close} title={t('adminSessions.all.restore.title', { count })}
        text={formError ?? t('adminSessions.all.restore.text')} confirmLabel={t('adminSessions.all.restore.submit', { count })} loading={busy}
        onConfirm={() => submit(restoreAll)} />
      <FormDialog opened={asked?.kind === 'label'} onClose={close} title={t('adminSessions.all.label.title', { count })} intro={t('adminSessions.all.label.intro')}
        submitLabel={t('adminSessions.all.label.submit', { count })} loading={busy} formError={formError}
        onSubmit={() => (key ? submit((all) => labelAll(all, key, value.trim() || null)) : setFormError(t('adminSessions.all.label.choose')))}>
        {asked?.properties.length === 0 && <Text size="sm">{t('adminSessions.all.label.none')}</Text>}
        <Select label={t('adminSessions.all.label.property')} data={asked?.properties ?? []} value={key} onChange={setKey} comboboxProps={{ withinPortal: false }} />
        <TextInput label={t('adminSessions.all.label.value')} value={value} onChange={(e) => setValue(e.currentTarget.value)} maxLength={1000} />
      </FormDialog>
    </>
  );
}
