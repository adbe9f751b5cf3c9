/**
 * /account-settings/password: change one's password. The current one is asked for; the new one is
 * typed twice. The server applies the policy (docs/decisions/0038) and ends the person's other
 * sessions; this one goes on.
 */
import { Alert, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { useFocusInvalid } from '../../components/focusInvalid';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { requireLogin } from '../../router/guards';
import { passwordFormErrors, type PasswordForm } from './passwordForm';
import { useChangePasswordMutation } from './useChangePasswordMutation';

export function loader({ request }: LoaderFunctionArgs) {
  requireLogin(request);
  return null;
}

const EMPTY: PasswordForm = { current: '', next: '', retyped: '' };

export function Component() {
  const t = useT();
  useDocumentTitle(t('password.title'));
  const errorText = useErrorText();
  const [form, setForm] = useState<PasswordForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof PasswordForm | 'form', string>>>({});
  const formRef = useFocusInvalid(errors);
  const [change, inFlight] = useChangePasswordMutation();
  const field = (name: keyof PasswordForm) => ({
    value: form[name],
    onChange: (e: { currentTarget: { value: string } }) => { const { value } = e.currentTarget; setForm((f) => ({ ...f, [name]: value })); },
    error: errors[name],
    'aria-invalid': errors[name] ? true : undefined,
    visibilityToggleButtonProps: { 'aria-label': t('login.togglePassword') },
  });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = passwordFormErrors(form);
    setErrors(Object.fromEntries(Object.entries(invalid).map(([k, id]) => [k, t(id)])));
    if (Object.keys(invalid).length > 0) return;
    try {
      await change({ variables: { oldPass: form.current, newPass: form.next } });
      setForm(EMPTY);
      showToast({ message: t('password.changed'), color: 'green' });
    } catch (error) {
      setErrors({ form: errorText(error) });
    }
  };
  return (
    <Stack maw={520} p="md">
      <Title order={1}>{t('password.title')}</Title>
      <Text>{t('password.intro')}</Text>
      <Paper p="md" withBorder>
        <form ref={formRef} onSubmit={submit} noValidate aria-label={t('password.title')}>
          <Stack>
            {errors.form && <Alert color="red" role="alert">{errors.form}</Alert>}
            <PasswordInput label={t('password.current')} autoComplete="current-password" required {...field('current')} />
            <PasswordInput label={t('password.new')} description={t('password.rules')} autoComplete="new-password" required {...field('next')} />
            <PasswordInput label={t('password.retype')} autoComplete="new-password" required {...field('retyped')} />
            <Button type="submit" loading={inFlight} w="fit-content">{t('password.submit')}</Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
