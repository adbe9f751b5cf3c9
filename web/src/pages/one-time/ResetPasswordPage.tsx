/**
 * /reset-password/:token: the link of the reset e-mail. The page first asks whether the link still
 * works (passwordResetLinkValid) and then takes the new password, typed twice; the server applies
 * the password policy (docs/decisions/0038) and ends every session (docs/decisions/0042).
 */
import { Alert, Anchor, Button, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useFocusInvalid } from '../../components/focusInvalid';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { passwordFormErrors } from '../account-settings/passwordForm';
import { resetLinkValid, sendPasswordReset } from './usePasswordResetOperations';
import { SettingsMessages } from '../../i18n/PageMessages';

type Stage = 'checking' | 'form' | 'invalid' | 'done';

function ResetPasswordPageContent() {
  const t = useT();
  useDocumentTitle(t('resetPassword.title'));
  const errorText = useErrorText();
  const token = useParams().token ?? '';
  const [stage, setStage] = useState<Stage>('checking');
  const [form, setForm] = useState({ next: '', retyped: '' });
  const [errors, setErrors] = useState<{ next?: string; retyped?: string; form?: string }>({});
  const formRef = useFocusInvalid(errors);
  const [inFlight, setInFlight] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    resetLinkValid(token, controller.signal).then(
      (works) => setStage(works ? 'form' : 'invalid'),
      (error: unknown) => { if (!controller.signal.aborted) { setErrors({ form: errorText(error) }); setStage('invalid'); } },
    );
    return () => controller.abort();
  }, [token, errorText]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = passwordFormErrors({ current: 'unused', ...form });
    setErrors({ next: invalid.next && t(invalid.next), retyped: invalid.retyped && t(invalid.retyped) });
    if (invalid.next || invalid.retyped) return;
    setInFlight(true);
    try {
      await sendPasswordReset(token, form.next);
      setStage('done');
    } catch (error) {
      setErrors({ form: errorText(error) });
    } finally {
      setInFlight(false);
    }
  };

  const field = (name: 'next' | 'retyped') => ({
    value: form[name],
    onChange: (e: { currentTarget: { value: string } }) => { const { value } = e.currentTarget; setForm((f) => ({ ...f, [name]: value })); },
    error: errors[name],
    'aria-invalid': errors[name] ? true : undefined,
    visibilityToggleButtonProps: { 'aria-label': t('login.togglePassword') },
  });

  return (
    <Paper maw={440} mx="auto" mt="xl" p="lg" withBorder>
      <Stack>
        <Title order={1} size="h2" id="reset-title">{t('resetPassword.title')}</Title>
        {stage === 'checking' && <Loader mx="auto" aria-label={t('nav.loading')} />}
        {stage === 'invalid' && (
          <>
            <Alert color="red" role="alert" title={t('resetPassword.invalidTitle')}>{errors.form ?? t('resetPassword.invalid')}</Alert>
            <Anchor component={Link} to="/forgot-password">{t('resetPassword.askAgain')}</Anchor>
          </>
        )}
        {stage === 'done' && (
          <>
            <Alert color="teal" role="status">{t('resetPassword.done')}</Alert>
            <Anchor component={Link} to="/login">{t('forgotPassword.backToLogin')}</Anchor>
          </>
        )}
        {stage === 'form' && (
          <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="reset-title">
            <Stack>
              <Text>{t('resetPassword.intro')}</Text>
              {errors.form && <Alert color="red" role="alert">{errors.form}</Alert>}
              <PasswordInput label={t('password.new')} description={t('password.rules')} autoComplete="new-password" required autoFocus {...field('next')} />
              <PasswordInput label={t('password.retype')} autoComplete="new-password" required {...field('retyped')} />
              <Button type="submit" loading={inFlight}>{t('resetPassword.submit')}</Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

export function Component() {
  return <SettingsMessages><ResetPasswordPageContent /></SettingsMessages>;
}
