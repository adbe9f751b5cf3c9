/** The single-invitation form: who, in which role (and program), and the language of their e-mail. */
import { Alert, Button, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useRevalidator } from 'react-router-dom';
import { useFocusInvalid } from '../../components/focusInvalid';
import { showToast } from '../../components/toast';
import { useErrorText } from '../../components/useErrorText';
import type { MessageId } from '../../i18n/en';
import { useT } from '../../i18n/terms';
import { fieldErrors } from '../../relay/errors';
import { ECOSYSTEM_ROLES, EMPTY_INVITE, inviteFieldOf, inviteFormErrors, isProgramRole, PROGRAM_ROLES, type InviteForm, type InviteRole } from './inviteForm';
import { useInviteUserMutation } from './useInviteUserMutation';

type Errors = Partial<Record<keyof InviteForm | 'form', string>>;

export function InviteOneForm({ ecosystemId, programs }: { ecosystemId: string; programs: Array<{ value: string; label: string }> }) {
  const t = useT();
  const errorText = useErrorText();
  // The pending list below comes with the page's query: load it again to show the new invitations.
  const revalidator = useRevalidator();
  // The e-mail's language starts as the admin's own; they change it for someone who reads the other.
  const ownLanguage = useIntl().locale.toLowerCase().startsWith('es') ? 'es' : 'en';
  const [form, setForm] = useState<InviteForm>({ ...EMPTY_INVITE, language: ownLanguage });
  const [errors, setErrors] = useState<Errors>({});
  const formRef = useFocusInvalid(errors);
  const [invite, inFlight] = useInviteUserMutation();
  const text = (name: 'email' | 'firstName' | 'lastName') => ({
    value: form[name], error: errors[name], 'aria-invalid': errors[name] ? true : undefined,
    onChange: (e: { currentTarget: { value: string } }) => { const { value } = e.currentTarget; setForm((f) => ({ ...f, [name]: value })); },
  });
  const roles = [...ECOSYSTEM_ROLES, ...PROGRAM_ROLES].map((role) => ({ value: role, label: t(`invite.role.${role}` as MessageId) }));
  const failed = (error: unknown) => {
    const byField: Errors = {};
    for (const [path, message] of Object.entries(fieldErrors(error))) {
      const name = inviteFieldOf(path);
      if (name) byField[name] = message;
    }
    setErrors(Object.keys(byField).length > 0 ? byField : { form: errorText(error) });
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = inviteFormErrors(form);
    setErrors(Object.fromEntries(Object.entries(invalid).map(([k, id]) => [k, t(id)])));
    if (Object.keys(invalid).length > 0) return;
    const program = isProgramRole(form.role) ? form.programId : null;
    try {
      const { inviteUser } = await invite({ variables: { input: {
        ecosystemId, email: form.email.trim(), firstName: form.firstName.trim(), lastName: form.lastName.trim(), role: form.role, programId: program, language: form.language,
      } } });
      setForm({ ...EMPTY_INVITE, role: form.role, programId: form.programId, language: form.language });
      void revalidator.revalidate();
      showToast({ message: t('invite.sent', { email: inviteUser.email }), color: 'green' });
    } catch (error) {
      failed(error);
    }
  };
  return (
    <Paper p="md" withBorder>
      <form ref={formRef} onSubmit={submit} noValidate aria-label={t('invite.formTitle')}>
        <Stack>
          {errors.form && <Alert color="red" role="alert">{errors.form}</Alert>}
          <TextInput label={t('login.email')} type="email" autoComplete="off" required {...text('email')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('invite.firstName')} autoComplete="off" required {...text('firstName')} />
            <TextInput label={t('invite.lastName')} autoComplete="off" required {...text('lastName')} />
          </SimpleGrid>
          <Select label={t('invite.roleLabel')} data={roles} value={form.role} allowDeselect={false} error={errors.role}
            onChange={(value) => value && setForm((f) => ({ ...f, role: value as InviteRole }))} />
          {isProgramRole(form.role) && (
            <Select label={t('invite.program')} data={programs} value={form.programId || null} required error={errors.programId}
              aria-invalid={errors.programId ? true : undefined} onChange={(value) => setForm((f) => ({ ...f, programId: value ?? '' }))} />
          )}
          <Select label={t('invite.language')} allowDeselect={false} value={form.language}
            data={[{ value: 'en', label: 'English' }, { value: 'es', label: 'Español' }]}
            onChange={(value) => value && setForm((f) => ({ ...f, language: value as 'en' | 'es' }))} />
          <Button type="submit" loading={inFlight} w="fit-content">{t('invite.submit')}</Button>
        </Stack>
      </form>
    </Paper>
  );
}
