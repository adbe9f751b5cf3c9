/**
 * Create or edit an ecosystem's identity and words (name, kinds, place, tutor/tutee/module terms).
 * Server validation messages appear beside their fields (BAD_USER_INPUT `ecosystemInput.<field>`).
 */
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { showToast } from '../../components/toast';
import { useState, type FormEvent, type RefObject } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useFocusInvalid } from '../../components/focusInvalid';
import { returnFocusProps } from '../../components/returnFocus';
import type { MessageId } from '../../i18n/en';
import { TERM_DEFAULT_MESSAGES, useT } from '../../i18n/terms';
import { displayError, fieldErrors } from '../../relay/errors';
import type { EcosystemFormDialog_ecosystem$data, EcosystemFormDialog_ecosystem$key } from './__generated__/EcosystemFormDialog_ecosystem.graphql';
import {
  initialValues, KINDS, oneOf, ORGANIZATION_KINDS, toInput, validate, type EcosystemFormValues, type TextField,
} from './ecosystemForm';
import { useCreateEcosystemMutation } from './useCreateEcosystemMutation';
import { useEditEcosystemMutation } from './useEditEcosystemMutation';

const LABELS: Record<TextField, MessageId> = {
  name: 'ecosystems.field.name', shortName: 'ecosystems.field.shortName', city: 'ecosystems.field.city',
  state: 'ecosystems.field.state', tutorTerm: 'ecosystems.field.tutorTerm', tuteeTerm: 'ecosystems.field.tuteeTerm',
  moduleTerm: 'ecosystems.field.moduleTerm',
};
const TERM_DEFAULTS: Partial<Record<TextField, MessageId>> = TERM_DEFAULT_MESSAGES;

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The ecosystem to edit; null to create one. */
  ecosystemRef: EcosystemFormDialog_ecosystem$key | null;
  /** Connections the created ecosystem is added to. */
  connections?: string[];
  /** Where focus goes once the dialog has closed (see components/returnFocus.ts). */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

export function EcosystemFormDialog({ opened, onClose, ecosystemRef, connections = [], returnFocusRef }: Props) {
  const t = useT();
  const ecosystem = useFragment(graphql`
    fragment EcosystemFormDialog_ecosystem on Ecosystem {
      id
      name
      shortName
      type
      organizationType
      city
      state
      tutorTerm
      tuteeTerm
      moduleTerm
    }
  `, ecosystemRef);
  const title = ecosystem ? t('ecosystems.editTitle', { name: ecosystem.name }) : t('ecosystems.create');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('dialog.closeButton') }}
      {...returnFocusProps(returnFocusRef)}>
      <EcosystemForm ecosystem={ecosystem ?? null} connections={connections} onDone={onClose} />
    </Modal>
  );
}

function EcosystemForm({ ecosystem, connections, onDone }: { ecosystem: EcosystemFormDialog_ecosystem$data | null; connections: string[]; onDone: () => void }) {
  const t = useT();
  const [values, setValues] = useState<EcosystemFormValues>(() => initialValues(ecosystem));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [create, creating] = useCreateEcosystemMutation();
  const [edit, editing] = useEditEcosystemMutation();
  const formRef = useFocusInvalid(errors);
  const set = (field: keyof EcosystemFormValues) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A message from an earlier attempt no longer applies, whatever happens to this one.
    setFormError(null);
    const invalid = validate(values, ecosystem !== null);
    if (Object.keys(invalid).length > 0) {
      setErrors(Object.fromEntries(Object.entries(invalid).map(([field, id]) => [field, t(id)])));
      return;
    }
    setErrors({});
    try {
      const ecosystemInput = toInput(values, ecosystem !== null);
      const name = ecosystem
        ? (await edit({ variables: { ecosystemId: ecosystem.id, ecosystemInput } })).editEcosystem.name
        : (await create({ variables: { ecosystemInput, connections } })).createEcosystem.name;
      showToast({ color: 'teal', message: t(ecosystem ? 'ecosystems.saved' : 'ecosystems.created', { name }) });
      onDone();
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(Object.fromEntries(Object.entries(byField).map(([path, message]) => [path.replace(/^ecosystemInput\./, ''), message])));
      setFormError(displayError(error));
    }
  };

  const text = (field: TextField, required = false) => {
    const term = TERM_DEFAULTS[field];
    return (
      <TextInput key={field} label={t(LABELS[field])} required={required} value={values[field]} error={errors[field]}
        data-autofocus={field === 'name' ? true : undefined}
        description={term ? t('ecosystems.field.termHint', { term: t(term) }) : undefined}
        placeholder={term ? t(term) : undefined}
        onChange={(e) => set(field)(e.currentTarget.value)} />
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack>
        {formError && <Alert color="red" role="alert">{formError}</Alert>}
        {text('name', true)}
        {text('shortName', ecosystem !== null)}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label={t('ecosystems.field.type')} required allowDeselect={false} value={values.type} error={errors.type}
            data={KINDS.map((kind) => ({ value: kind, label: t(`ecosystems.type.${kind}`) }))}
            onChange={(value) => set('type')(oneOf(KINDS, value, values.type))} />
          <Select label={t('ecosystems.field.organizationType')} required allowDeselect={false} value={values.organizationType}
            error={errors.organizationType}
            data={ORGANIZATION_KINDS.map((kind) => ({ value: kind, label: t(`ecosystems.org.${kind}`) }))}
            onChange={(value) => set('organizationType')(oneOf(ORGANIZATION_KINDS, value, values.organizationType))} />
          {text('city')}
          {text('state')}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {text('tutorTerm')}
          {text('tuteeTerm')}
          {text('moduleTerm')}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>{t('common.cancel')}</Button>
          <Button type="submit" loading={creating || editing}>{t('common.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
