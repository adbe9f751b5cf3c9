/** Asks for the first demo session date, then starts createEcosystemDemoData. */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { useState, type FormEvent, type RefObject } from 'react';
import { returnFocusProps } from '../../components/returnFocus';
import { useT } from '../../i18n/terms';
import { displayError } from '../../relay/errors';
import type { useCreateEcosystemDemoDataMutation$data } from './__generated__/useCreateEcosystemDemoDataMutation.graphql';
import { useCreateEcosystemDemoDataMutation } from './useCreateEcosystemDemoDataMutation';

export type DemoJobRef = useCreateEcosystemDemoDataMutation$data['createEcosystemDemoData'];

interface Props {
  opened: boolean;
  onClose: () => void;
  ecosystemId: string;
  ecosystemName: string;
  onStarted: (job: DemoJobRef) => void;
  /** Where focus goes once the dialog has closed (see components/returnFocus.ts). */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

export function DemoDataDialog({ opened, onClose, ecosystemId, ecosystemName, onStarted, returnFocusRef }: Props) {
  const t = useT();
  const [date, setDate] = useState<string | null>(() => dayjs().format('YYYY-MM-DD'));
  const [error, setError] = useState<string | null>(null);
  const [start, starting] = useCreateEcosystemDemoDataMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!date) return;
    try {
      const { createEcosystemDemoData } = await start({ variables: { ecosystemId, demoSessionsStartDate: date } });
      onStarted(createEcosystemDemoData);
      onClose();
    } catch (failure) {
      setError(displayError(failure));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('demo.createTitle', { name: ecosystemName })}
      closeButtonProps={{ 'aria-label': t('dialog.closeButton') }} {...returnFocusProps(returnFocusRef)}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <Text>{t('demo.createText')}</Text>
          <DatePickerInput label={t('demo.startDate')} required value={date} onChange={setDate} valueFormat="LL" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" loading={starting} disabled={!date}>{t('demo.create')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
