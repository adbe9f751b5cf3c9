/**
 * Cancel or restore the chosen sessions (decision 0060): the number chosen is in the button and the
 * dialog's title before anything runs; a refusal (a reason needed within 24 hours) shows in the
 * dialog, which stays open. With no row chosen, the actions on all matching (decision 0064).
 */
import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { showToast } from '../../components/toast';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { FormDialog } from '../students/FormDialog';
import type { AdminSessionFilters } from './__generated__/AllMatchingCountQuery.graphql';
import { AllMatching } from './AllMatching';
import { useSessionActions } from './useSessionActions';

interface Props { ecosystemId: string; filters: AdminSessionFilters; selected: ReadonlySet<string>; onDone: () => void }

export function BulkActions({ ecosystemId, filters, selected, onDone }: Props) {
  if (selected.size === 0) return <AllMatching ecosystemId={ecosystemId} filters={filters} onDone={onDone} />;
  return <ChosenActions ecosystemId={ecosystemId} selected={selected} onDone={onDone} />;
}

function ChosenActions({ ecosystemId, selected, onDone }: Omit<Props, 'filters'>) {
  const t = useT();
  const errorText = useErrorText();
  const { cancel, restore, busy } = useSessionActions();
  const [dialog, setDialog] = useState<'cancel' | 'restore' | null>(null);
  const [reason, setReason] = useState('');
  const [formError, setFormError] = useState<string | undefined>();
  const count = selected.size;
  const close = () => { setDialog(null); setFormError(undefined); };
  const run = async (action: () => Promise<number>, done: 'adminSessions.cancel.done' | 'adminSessions.restore.done') => {
    try {
      const changed = await action();
      showToast({ color: 'teal', message: t(done, { count: changed }) });
      setReason('');
      close();
      onDone();
    } catch (error) {
      setFormError(errorText(error));
    }
  };
  return (
    <>
      <Group gap="sm">
        <Button color="red" disabled={count === 0} onClick={() => setDialog('cancel')}>{t('adminSessions.cancelSelected', { count })}</Button>
        <Button variant="default" disabled={count === 0} onClick={() => setDialog('restore')}>{t('adminSessions.restoreSelected', { count })}</Button>
      </Group>
      <FormDialog opened={dialog === 'cancel'} onClose={close} title={t('adminSessions.cancel.title', { count })} intro={t('adminSessions.cancel.intro')}
        submitLabel={t('adminSessions.cancel.submit', { count })} loading={busy} formError={formError}
        onSubmit={() => void run(() => cancel(ecosystemId, [...selected], reason.trim() || null), 'adminSessions.cancel.done')}>
        <TextInput label={t('adminSessions.cancel.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={2000} />
      </FormDialog>
      <ConfirmDialog opened={dialog === 'restore'} onClose={close} title={t('adminSessions.restore.title', { count })}
        text={formError ?? t('adminSessions.restore.text')} confirmLabel={t('adminSessions.restore.submit', { count })} loading={busy}
        onConfirm={() => void run(() => restore(ecosystemId, [...selected]), 'adminSessions.restore.done')} />
    </>
  );
}
