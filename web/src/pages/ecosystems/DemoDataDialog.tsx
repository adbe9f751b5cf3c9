/**
 * Asks for the first demo session date, then starts createEcosystemDemoData. The date is the
 * browser's own date field (a native picker on phones, typed on desktops, read by screen readers);
 * it starts at today in the reader's time zone.
 */
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent, type RefObject } from 'react';
import { useFocusInvalid } from '../../components/focusInvalid';
import { returnFocusProps } from '../../components/returnFocus';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { calendarDate, today } from './demoDate';
import type { DemoJobStatus_job$key } from './__generated__/DemoJobStatus_job.graphql';
import { useCreateEcosystemDemoDataMutation } from './useCreateEcosystemDemoDataMutation';

interface Props {
  opened: boolean;
  onClose: () => void;
  ecosystemId: string;
  ecosystemName: string;
  onStarted: (job: DemoJobStatus_job$key) => void;
  /** Where focus goes once the dialog has closed (see components/returnFocus.ts). */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

export function DemoDataDialog({ opened, onClose, ecosystemId, ecosystemName, onStarted, returnFocusRef }: Props) {
  const t = useT();
  const errorText = useErrorText();
  const [date, setDate] = useState(today);
  const [dateError, setDateError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [start, starting] = useCreateEcosystemDemoDataMutation();
  // One more for each refused attempt, so the same error twice still takes the reader to it.
  const [refusals, setRefusals] = useState(0);
  const formRef = useFocusInvalid(refusals);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const demoSessionsStartDate = calendarDate(date);
    setDateError(demoSessionsStartDate ? null : t('demo.startDateInvalid'));
    if (!demoSessionsStartDate) {
      setRefusals((n) => n + 1);
      return;
    }
    try {
      const { createEcosystemDemoData } = await start({ variables: { ecosystemId, demoSessionsStartDate } });
      onStarted(createEcosystemDemoData);
      onClose();
    } catch (failure) {
      setError(errorText(failure));
      setRefusals((n) => n + 1);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('demo.createTitle', { name: ecosystemName })} {...returnFocusProps(returnFocusRef)}>
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack>
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <Text>{t('demo.createText')}</Text>
          <TextInput type="date" label={t('demo.startDate')} required value={date} error={dateError} data-autofocus
            onChange={(e) => setDate(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" loading={starting}>{t('demo.create')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
