/**
 * The session settings form of one program (decision 0070): one save through editProgram with only
 * the changed settings (programSettingsForm.ts); the server's field errors show on their fields,
 * anything else in an alert. The form follows the program when its stored settings change.
 */
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useFocusInvalid } from '../../components/focusInvalid';
import { useT } from '../../i18n/terms';
import { displayError, fieldErrors } from '../../relay/errors';
import type { ProgramSettingsForm_program$data, ProgramSettingsForm_program$key } from './__generated__/ProgramSettingsForm_program.graphql';
import { CustomPropertiesSection } from './CustomProperties';
import { formOf, formPath, settingsChanges, validateSettings, type SettingsForm } from './programSettingsForm';
import { JoiningSection, NoticesSection, ParticipantsSection, RecordingsSection, WhoSection, type Edit } from './SettingsSections';
import { useEditProgramSettingsMutation } from './useEditProgramSettingsMutation';

const fragment = graphql`
  fragment ProgramSettingsForm_program on Program {
    sessionCapabilities
    sessions {
      sessionCreateProfileTypes sessionEditProfileTypes sessionCancelProfileTypes sessionRecordingsProfileTypes
      sessionJoinMinutesPrior zoomEnabled tutorEditSessionParticipants studentWeeklyReportToParents
      customSessionProperties { id label description internalKeyName fieldType required options { label value description } }
    }
    tutorSelfCheckInOut
    tutorAddNonPairedUsers
    multipleTutorsPerSession
    disableProgramRecordings
    lessonspace { recordingEnabled autoStartRecording }
    sessionNotifications {
      edited { recipientTypes notificationTypes }
      cancelled { recipientTypes notificationTypes }
    }
  }
`;

type Status = { color: 'teal' | 'red'; text: string } | null;

export function ProgramSettingsForm({ programId, programRef }: { programId: string; programRef: ProgramSettingsForm_program$key }) {
  const t = useT();
  const program = useFragment(fragment, programRef);
  const [stored, setStored] = useState<ProgramSettingsForm_program$data>(program);
  const [form, setForm] = useState<SettingsForm>(() => formOf(program));
  // A save (or another refresh) changes the stored program: the form starts again from it.
  if (stored !== program) {
    setStored(program);
    setForm(formOf(program));
  }
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>(null);
  const formRef = useFocusInvalid(errors);
  const [save, saving] = useEditProgramSettingsMutation();
  const edit: Edit = (change) => setForm((current) => {
    const draft = structuredClone(current);
    change(draft);
    return draft;
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus(null);
    const invalid = validateSettings(form);
    if (Object.keys(invalid).length > 0) {
      setErrors(Object.fromEntries(Object.entries(invalid).map(([path, id]) => [path, t(id)])));
      return;
    }
    setErrors({});
    const programInput = settingsChanges(formOf(program), form);
    if (Object.keys(programInput).length === 0) {
      setStatus({ color: 'teal', text: t('programSettings.unchanged') });
      return;
    }
    try {
      await save({ variables: { programId, programInput } });
      setStatus({ color: 'teal', text: t('programSettings.saved') });
    } catch (error) {
      setErrors(Object.fromEntries(Object.entries(fieldErrors(error)).map(([path, message]) => [formPath(path), message])));
      setStatus({ color: 'red', text: displayError(error) });
    }
  };

  const sections = { form, edit, errors };
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="lg">
        <WhoSection {...sections} />
        <JoiningSection {...sections} />
        <RecordingsSection {...sections} />
        <ParticipantsSection {...sections} />
        <NoticesSection {...sections} />
        <CustomPropertiesSection {...sections} />
        {status && <Alert color={status.color} role={status.color === 'red' ? 'alert' : 'status'}>{status.text}</Alert>}
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>{t('programSettings.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
