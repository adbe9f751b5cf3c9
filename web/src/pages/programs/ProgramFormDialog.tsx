/** Add a program to an ecosystem, or rename one (name and short name). */
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { showToast } from '../../components/toast';
import { useState, type FormEvent, type RefObject } from 'react';
import { useFocusInvalid } from '../../components/focusInvalid';
import { returnFocusProps } from '../../components/returnFocus';
import { useT } from '../../i18n/terms';
import { displayError, fieldErrors } from '../../relay/errors';
import { programDetails, validateProgram } from './programForm';
import { useCreateProgramMutation } from './useCreateProgramMutation';
import { useEditProgramMutation } from './useEditProgramMutation';

export type ProgramFormTarget =
  | { kind: 'create'; ecosystemId: string; connections: string[] }
  | { kind: 'edit'; programId: string; name: string; shortName: string };

interface Props {
  opened: boolean;
  onClose: () => void;
  target: ProgramFormTarget;
  /** Where focus goes once the dialog has closed (see components/returnFocus.ts). */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

export function ProgramFormDialog({ opened, onClose, target, returnFocusRef }: Props) {
  const t = useT();
  const title = target.kind === 'edit' ? t('programs.editTitle', { name: target.name }) : t('programs.createTitle');
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('dialog.closeButton') }}
      {...returnFocusProps(returnFocusRef)}>
      <ProgramForm target={target} onDone={onClose} />
    </Modal>
  );
}

function ProgramForm({ target, onDone }: { target: ProgramFormTarget; onDone: () => void }) {
  const t = useT();
  const [name, setName] = useState(target.kind === 'edit' ? target.name : '');
  const [shortName, setShortName] = useState(target.kind === 'edit' ? target.shortName : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useFocusInvalid(errors);
  const [create, creating] = useCreateProgramMutation();
  const [edit, editing] = useEditProgramMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A message from an earlier attempt no longer applies, whatever happens to this one.
    setFormError(null);
    const editing = target.kind === 'edit';
    const invalid = validateProgram({ name, shortName }, editing);
    if (Object.keys(invalid).length > 0) {
      setErrors(Object.fromEntries(Object.entries(invalid).map(([field, id]) => [field, t(id)])));
      return;
    }
    setErrors({});
    const details = programDetails({ name, shortName }, editing);
    try {
      if (target.kind === 'create') {
        const { createProgram } = await create({
          variables: { programInput: { ecosystemId: target.ecosystemId, ...details }, connections: target.connections },
        });
        showToast({ color: 'teal', message: t('programs.created', { name: createProgram.name }) });
      } else {
        const { editProgram } = await edit({ variables: { programId: target.programId, programInput: details } });
        showToast({ color: 'teal', message: t('programs.renamed', { name: editProgram.name }) });
      }
      onDone();
    } catch (error) {
      setErrors(Object.fromEntries(Object.entries(fieldErrors(error)).map(([path, message]) => [path.replace(/^programInput\./, ''), message])));
      setFormError(displayError(error));
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack>
        {formError && <Alert color="red" role="alert">{formError}</Alert>}
        <TextInput label={t('programs.field.name')} required data-autofocus value={name} error={errors.name}
          onChange={(e) => setName(e.currentTarget.value)} />
        <TextInput label={t('programs.field.shortName')} required={target.kind === 'edit'} value={shortName} error={errors.shortName}
          onChange={(e) => setShortName(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>{t('common.cancel')}</Button>
          <Button type="submit" loading={creating || editing}>{t('common.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
