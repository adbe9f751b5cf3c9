/**
 * /forgot-password: asks for a reset link (requestPasswordReset). The answer is the same whether
 * or not an account has the address (docs/decisions/0042), so the page says what happens if one does.
 * Opened from an ecosystem's log-in page (?ecosystem=<profile id>), it passes the ecosystem on, for
 * the mail to bear its name, and leads back to that log-in page.
 */
import { Alert, Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useFocusInvalid } from '../../components/focusInvalid';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { loginInputErrors } from '../login/loginInput';
import { sendPasswordResetRequest } from './usePasswordResetOperations';
import { SettingsMessages } from '../../i18n/PageMessages';

function ForgotPasswordPageContent() {
  const t = useT();
  useDocumentTitle(t('forgotPassword.title'));
  const errorText = useErrorText();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ email?: string; form?: string }>({});
  const formRef = useFocusInvalid(errors);
  const [inFlight, setInFlight] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const ecosystem = useSearchParams()[0].get('ecosystem');
  const loginPath = ecosystem ? `/s/${encodeURIComponent(ecosystem)}/login` : '/login';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = loginInputErrors(email, 'unused').email;
    setErrors({ email: invalid && t(invalid) });
    if (invalid) return;
    setInFlight(true);
    try {
      await sendPasswordResetRequest(email.trim(), ecosystem);
      setSentTo(email.trim());
    } catch (error) {
      setErrors({ form: errorText(error) });
    } finally {
      setInFlight(false);
    }
  };

  return (
    <Paper maw={440} mx="auto" mt="xl" p="lg" withBorder>
      {sentTo ? (
        <Stack>
          <Title order={1} size="h2">{t('forgotPassword.sentTitle')}</Title>
          <Alert color="teal" role="status">{t('forgotPassword.sent', { email: sentTo })}</Alert>
          <Anchor component={Link} to={loginPath}>{t('forgotPassword.backToLogin')}</Anchor>
        </Stack>
      ) : (
        <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="forgot-title">
          <Stack>
            <Title order={1} size="h2" id="forgot-title">{t('forgotPassword.title')}</Title>
            <Text>{t('forgotPassword.intro')}</Text>
            {errors.form && <Alert color="red" role="alert">{errors.form}</Alert>}
            <TextInput label={t('login.email')} type="email" autoComplete="username" required autoFocus
              value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email} />
            <Button type="submit" loading={inFlight}>{t('forgotPassword.submit')}</Button>
            <Anchor component={Link} to={loginPath}>{t('forgotPassword.backToLogin')}</Anchor>
          </Stack>
        </form>
      )}
    </Paper>
  );
}

export function Component() {
  return <SettingsMessages><ForgotPasswordPageContent /></SettingsMessages>;
}
