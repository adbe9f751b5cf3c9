/**
 * The dialogs of a session's actions: cancel, delete, restore and leave (drop); change is
 * EditSessionDialog. A session of a
 * series asks which occurrences (this one, it and the following ones, or all); cancelling within
 * 24 hours of the start asks for a reason and will not go on without one (SPEC sections 2 and 5).
 */
import { Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { showToast } from '../../components/toast';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { FormDialog } from '../students/FormDialog';
import type { SessionsMessageId } from '../../i18n/sessions.en';
import { formatWhen, startsWithinDay } from './format';
import { dropChoices } from './dialogRules';
import type { SessionAction } from './SessionItem';
import type { Session } from './sessionOperations';
import { useCancelSessionMutation } from './useCancelSessionMutation';
import { useDropSessionMutation } from './useDropSessionMutation';
import { useRestoreSessionMutation } from './useRestoreSessionMutation';

export type Scope = 'SINGLE' | 'SINGLE_AND_FOLLOWING' | 'ALL';
const SCOPES: readonly Scope[] = ['SINGLE', 'SINGLE_AND_FOLLOWING', 'ALL'];

export interface DialogProps { action: SessionAction; viewerId: string; onClose: () => void; onDone: () => void }

export function ScopeField({ session, value, onChange }: { session: Session; value: Scope; onChange: (scope: Scope) => void }) {
  const t = useT();
  if (!session.recurringSessionId) return null;
  return (
    <Radio.Group label={t('sessions.scope')} value={value} onChange={(v) => onChange(v as Scope)}>
      <Stack gap={6} mt={4}>
        {SCOPES.map((scope) => <Radio key={scope} value={scope} label={t(`sessions.scope.${scope}`)} />)}
      </Stack>
    </Radio.Group>
  );
}

export function useWhen(session: Session, zone: string): string {
  const t = useT();
  const { locale } = useIntl();
  return t('sessions.row.when', formatWhen(session, zone, locale));
}

/** Cancel, or with `remove` delete: the same mutation, deleteSession telling them apart. */
export function CancelSessionDialog({ action, onClose, onDone, zone, remove }: DialogProps & { zone: string; remove: boolean }) {
  const t = useT();
  const errorText = useErrorText();
  const { session } = action;
  const [scope, setScope] = useState<Scope>('SINGLE');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ reason: string } | undefined>();
  const [formError, setFormError] = useState<string>();
  const [cancel, busy] = useCancelSessionMutation();
  const soon = startsWithinDay(session.startAt);
  const when = useWhen(session, zone);
  const words: Record<'title' | 'text' | 'submit' | 'done', SessionsMessageId> = remove
    ? { title: 'sessions.delete.title', text: 'sessions.delete.text', submit: 'sessions.delete.submit', done: 'sessions.delete.done' }
    : { title: 'sessions.cancel.title', text: 'sessions.cancel.text', submit: 'sessions.cancel.submit', done: 'sessions.cancel.done' };
  const submit = async () => {
    if (soon && !remove && !reason.trim()) { setErrors({ reason: t('sessions.cancel.reasonRequired') }); return; }
    setErrors(undefined);
    try {
      const { cancelSessionV3 } = await cancel({ variables: { input: { sessionId: session.id, scope, reason: reason.trim() || null, deleteSession: remove || null } } });
      showToast({ message: t(words.done, { count: cancelSessionV3.count }) });
      onDone();
      onClose();
    } catch (error) {
      setFormError(errorText(error));
    }
  };
  return (
    <FormDialog opened closeLabel={t('dialog.close')} onClose={onClose} title={t(words.title, { subject: session.subject })} intro={t(words.text, { when })}
      submitLabel={t(words.submit)} onSubmit={() => { void submit(); }} loading={busy} formError={formError} errors={errors}
      returnFocusRef={{ current: action.returnFocus }}>
      <ScopeField session={session} value={scope} onChange={setScope} />
      {soon && !remove && <Text size="sm">{t('sessions.cancel.reasonSoon')}</Text>}
      <Textarea label={t('sessions.cancel.reason')} required={soon && !remove} value={reason} autosize minRows={2} maxLength={500}
        error={errors?.reason} onChange={(e) => setReason(e.currentTarget.value)} />
    </FormDialog>
  );
}

export function DropSessionDialog({ action, viewerId, onClose, onDone, zone }: DialogProps & { zone: string }) {
  const t = useT();
  const errorText = useErrorText();
  const { session } = action;
  const choices = dropChoices(session, viewerId);
  const [userId, setUserId] = useState(choices.find((c) => c.value === viewerId)?.value ?? choices[0]?.value ?? viewerId);
  const self = session.viewerIsParticipant;
  const [scope, setScope] = useState<Scope>('SINGLE');
  const [formError, setFormError] = useState<string>();
  const [drop, busy] = useDropSessionMutation();
  const when = useWhen(session, zone);
  const submit = async () => {
    try {
      await drop({ variables: { input: { sessionId: session.id, userId, scope } } });
      showToast({ message: t('sessions.drop.done', { name: choices.find((c) => c.value === userId)?.label ?? '' }) });
      onDone();
      onClose();
    } catch (error) {
      setFormError(errorText(error));
    }
  };
  return (
    <FormDialog opened closeLabel={t('dialog.close')} onClose={onClose} title={t(self ? 'sessions.drop.title' : 'sessions.remove.title', { subject: session.subject })}
      intro={t(self ? 'sessions.drop.text' : 'sessions.remove.text', { when })} submitLabel={t(self ? 'sessions.drop.submit' : 'sessions.remove.submit')}
      onSubmit={() => { void submit(); }} loading={busy} formError={formError} returnFocusRef={{ current: action.returnFocus }}>
      {(choices.length > 1 || !self) && (
        <Select label={t('sessions.drop.who')} data={choices} value={userId} allowDeselect={false} onChange={(v) => v && setUserId(v)} />
      )}
      <ScopeField session={session} value={scope} onChange={setScope} />
    </FormDialog>
  );
}

/** Brings a cancelled session back (of a series: this one, it and the following ones, or all cancelled ones). */
export function RestoreSessionDialog({ action, onClose, onDone, zone }: DialogProps & { zone: string }) {
  const t = useT();
  const errorText = useErrorText();
  const { session } = action;
  const [scope, setScope] = useState<Scope>('SINGLE');
  const [formError, setFormError] = useState<string>();
  const [restore, busy] = useRestoreSessionMutation();
  const when = useWhen(session, zone);
  const submit = async () => {
    try {
      const { restoreSession } = await restore({ variables: { input: { sessionId: session.id, scope } } });
      showToast({ message: t('sessions.restore.done', { count: restoreSession.count }) });
      onDone();
      onClose();
    } catch (error) {
      setFormError(errorText(error));
    }
  };
  return (
    <FormDialog opened closeLabel={t('dialog.close')} onClose={onClose} title={t('sessions.restore.title', { subject: session.subject })}
      intro={t('sessions.restore.text', { when })} submitLabel={t('sessions.restore.submit')} onSubmit={() => { void submit(); }}
      loading={busy} formError={formError} returnFocusRef={{ current: action.returnFocus }}>
      <ScopeField session={session} value={scope} onChange={setScope} />
    </FormDialog>
  );
}
