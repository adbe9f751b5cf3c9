/**
 * Change a session: its subject, day and times (in the session's own zone, named), for this one,
 * it and the following ones (the series splits there; earlier sessions and their attendance stay
 * as they were), or all. Only what changed is sent. Conflicts stop the change and are shown; an
 * admin may save anyway.
 */
import { Alert, Button, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DateTime } from 'luxon';
import { useIntl } from 'react-intl';
import { showToast } from '../../components/toast';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { FormDialog } from '../students/FormDialog';
import { changedFields, type Fields } from './dialogRules';
import { MAX_MINUTES, MIN_MINUTES, minutesOf, timeOptions } from './bookingForm';
import { ConflictList } from './BookingChecks';
import { zoneLabel } from './format';
import { ScopeField, type DialogProps, type Scope } from './SessionDialogs';
import type { Conflict } from './sessionOperations';
import { useEditSessionMutation } from './useEditSessionMutation';

export function EditSessionDialog({ action, onClose, onDone, sessionInterval, isAdmin }: DialogProps & { sessionInterval: number; isAdmin: boolean }) {
  const t = useT();
  const { locale } = useIntl();
  const errorText = useErrorText();
  const { session } = action;
  const [fields, setFields] = useState<Fields>({ subject: session.subject, date: session.date, startTime: session.startTime, endTime: session.endTime });
  const [scope, setScope] = useState<Scope>('SINGLE');
  const [errors, setErrors] = useState<{ endTime?: string; subject?: string }>();
  const [refused, setRefused] = useState<{ conflicts: readonly Conflict[] } | { message: string } | null>(null);
  const [edit, busy] = useEditSessionMutation();
  const times = timeOptions(sessionInterval).map((value) => ({ value, label: value }));
  const change = (next: Partial<Fields>) => { setFields((f) => ({ ...f, ...next })); setRefused(null); };

  const save = async (forceBook: boolean) => {
    const length = minutesOf(fields.endTime) - minutesOf(fields.startTime);
    const endTime = length > MAX_MINUTES ? t('sessions.validation.tooLong') : length < MIN_MINUTES ? t('sessions.validation.tooShort') : undefined;
    const subject = fields.subject.trim() ? undefined : t('sessions.validation.subject');
    if (endTime || subject) { setErrors({ endTime, subject }); return; }
    setErrors(undefined);
    try {
      const { editSessionV3 } = await edit({ variables: { input: { sessionId: session.id, scope, changes: changedFields(session, fields), forceBook: forceBook || null } } });
      if (!editSessionV3.session && editSessionV3.conflicts.length > 0) { setRefused({ conflicts: editSessionV3.conflicts }); return; }
      showToast({ message: t('sessions.edit.done', { count: editSessionV3.count }) });
      onDone();
      onClose();
    } catch (error) {
      setRefused({ message: errorText(error) });
    }
  };
  return (
    <FormDialog opened closeLabel={t('dialog.close')} onClose={onClose} title={t('sessions.edit.title', { subject: session.subject })} submitLabel={t('sessions.edit.submit')}
      onSubmit={() => { void save(false); }} loading={busy} errors={errors} returnFocusRef={{ current: action.returnFocus }}
      formError={refused && 'message' in refused ? refused.message : undefined}
      extra={isAdmin && refused && 'conflicts' in refused && (
        <Button color="orange" variant="light" loading={busy} onClick={() => { void save(true); }}>{t('sessions.form.forceBook')}</Button>
      )}>
      <TextInput label={t('sessions.form.subject')} required value={fields.subject} error={errors?.subject} onChange={(e) => change({ subject: e.currentTarget.value })} />
      <TextInput type="date" label={t('sessions.form.date')} required value={fields.date} onChange={(e) => change({ date: e.currentTarget.value })} />
      <SimpleGrid cols={2} spacing="sm">
        <Select label={t('sessions.form.start')} data={times} value={fields.startTime} allowDeselect={false} searchable onChange={(v) => v && change({ startTime: v })} />
        <Select label={t('sessions.form.end')} data={times} value={fields.endTime} allowDeselect={false} searchable error={errors?.endTime} onChange={(v) => v && change({ endTime: v })} />
      </SimpleGrid>
      <Text size="sm">{t('sessions.form.zone', { zone: zoneLabel(session.timeZoneId, locale, DateTime.fromISO(session.startAt)) })}</Text>
      <ScopeField session={session} value={scope} onChange={setScope} />
      {refused && 'conflicts' in refused && (
        <Alert color="red" role="alert"><Text size="sm" fw={600}>{t('sessions.conflicts.blocked')}</Text><ConflictList conflicts={refused.conflicts} /></Alert>
      )}
    </FormDialog>
  );
}
