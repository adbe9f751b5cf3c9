/** The join page's form: a password typed twice, with the rules the server applies (docs/decisions/0038). */
import { Alert, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useFocusInvalid } from '../../components/focusInvalid';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { browserSession } from '../../relay/client';
import { fieldErrors } from '../../relay/errors';
import type { FirstStep } from '../login/LoginSecondStep';
import { joinFieldOf, joinFormErrors, type JoinForm as Form } from './joinForm';
import type { Invited } from './JoinPage';
import { useActivateAccountMutation } from './useActivateAccountMutation';

interface Props {
  token: string;
  invited: Invited;
  onInvalid: () => void;
  onMfa: (step: FirstStep) => void;
  onLoggedIn: (token: string, redirect: string) => Promise<void>;
}

type Errors = Partial<Record<keyof Form | 'form', string>>;

export function JoinForm({ token, invited, onInvalid, onMfa, onLoggedIn }: Props) {
  const t = useT();
  const errorText = useErrorText();
  const title = t('join.title', { name: invited.ecosystem.name });
  useDocumentTitle(title);
  const [form, setForm] = useState<Form>({ password: '', retyped: '' });
  const [errors, setErrors] = useState<Errors>({});
  const formRef = useFocusInvalid(errors);
  const [activate, inFlight] = useActivateAccountMutation();
  const field = (name: keyof Form) => ({
    value: form[name],
    onChange: (e: { currentTarget: { value: string } }) => { const { value } = e.currentTarget; setForm((f) => ({ ...f, [name]: value })); },
    error: errors[name],
    'aria-invalid': errors[name] ? true : undefined,
    visibilityToggleButtonProps: { 'aria-label': t('login.togglePassword') },
  });
  const failed = (error: unknown) => {
    const byField: Errors = {};
    for (const [path, message] of Object.entries(fieldErrors(error))) {
      const name = joinFieldOf(path);
      if (name === 'token') return onInvalid();
      if (name) byField[name] = message;
    }
    setErrors(Object.keys(byField).length > 0 ? byField : { form: errorText(error) });
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = joinFormErrors(form);
    setErrors(Object.fromEntries(Object.entries(invalid).map(([k, id]) => [k, t(id)])));
    if (Object.keys(invalid).length > 0) return;
    browserSession.clearAccessToken();
    try {
      const { activateAccountFromInvite: result } = await activate({ token, password: form.password, confirmPassword: form.retyped });
      if (result.token) await onLoggedIn(result.token, result.redirect);
      else onMfa({ userIdToken: result.userIdToken, mfaEnrolmentRequired: result.mfaEnrolmentRequired });
    } catch (error) {
      failed(error);
    }
  };
  return (
    <Paper maw={460} mx="auto" mt="xl" p="lg" withBorder>
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="join-title">
        <Stack>
          <Title order={1} size="h2" id="join-title">{title}</Title>
          <Text>{t('join.intro', { firstName: invited.firstName, name: invited.ecosystem.name, email: invited.email })}</Text>
          {errors.form && <Alert color="red" role="alert">{errors.form}</Alert>}
          <PasswordInput label={t('join.password')} description={t('password.rules')} autoComplete="new-password" required autoFocus {...field('password')} />
          <PasswordInput label={t('join.retype')} autoComplete="new-password" required {...field('retyped')} />
          <Button type="submit" loading={inFlight}>{t('join.submit')}</Button>
        </Stack>
      </form>
    </Paper>
  );
}
