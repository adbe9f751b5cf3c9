/**
 * Password log-in (loginPaas). On success the access token goes to localStorage, cached data of
 * the anonymous visit is invalidated, and the app goes where the server says (or back to the page
 * that sent the user here), replacing the log-in page in the history. When the account has
 * multi-factor methods the next step's shape is shown; the step itself comes later.
 */
import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useRelayEnvironment } from 'react-relay';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { commitLocalUpdate } from 'relay-runtime';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useT } from '../../i18n/terms';
import { browserSession } from '../../relay/browser';
import { displayError } from '../../relay/errors';
import { safeNext } from '../../router/guards';
import { useLoginPaasMutation, type LoginPaasResult } from './useLoginPaasMutation';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function Component() {
  const t = useT();
  useDocumentTitle(t('login.title'));
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [ecosystemId, setEcosystemId] = useState(params.get('ecosystemId') ?? '');
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const [mfa, setMfa] = useState<LoginPaasResult | null>(null);
  const [login, inFlight] = useLoginPaasMutation();
  const environment = useRelayEnvironment();
  const navigate = useNavigate();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = {
      email: EMAIL_PATTERN.test(email.trim()) ? undefined : t('login.emailInvalid'),
      password: password ? undefined : t('login.passwordRequired'),
    };
    setErrors(invalid);
    if (invalid.email || invalid.password) return;
    // A stale token must not turn a mistyped password into a refresh-and-log-out.
    browserSession.clearAccessToken();
    try {
      const { loginPaas } = await login({ variables: { email: email.trim(), password, ecosystemId: ecosystemId.trim() || null } });
      if (loginPaas.mfaMethods.length > 0 || !loginPaas.token) {
        setMfa(loginPaas);
        return;
      }
      browserSession.setAccessToken(loginPaas.token);
      commitLocalUpdate(environment, (store) => store.invalidateStore());
      navigate(safeNext(params.get('next')) ?? safeNext(loginPaas.redirect) ?? '/', { replace: true });
    } catch (error) {
      setErrors({ form: displayError(error) });
    }
  };

  if (mfa) {
    return (
      <Paper maw={420} mx="auto" mt="xl" p="lg" withBorder>
        <Title order={1} size="h2" mb="md">{t('login.mfaTitle')}</Title>
        <Text>{t('login.mfaText', { methods: mfa.mfaMethods.join(', ') })}</Text>
      </Paper>
    );
  }

  return (
    <Paper maw={420} mx="auto" mt="xl" p="lg" withBorder>
      <form onSubmit={submit} noValidate aria-labelledby="login-title">
        <Stack>
          <Title order={1} size="h2" id="login-title">{t('login.title')}</Title>
          {errors.form && <Alert color="red" role="alert" title={t('login.failed')}>{errors.form}</Alert>}
          <TextInput label={t('login.email')} type="email" autoComplete="username" required autoFocus
            value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email} />
          <PasswordInput label={t('login.password')} autoComplete="current-password" required
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
            value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={errors.password} />
          <TextInput label={`${t('login.ecosystem')} ${t('common.optional')}`} description={t('login.ecosystemHint')}
            value={ecosystemId} onChange={(e) => setEcosystemId(e.currentTarget.value)} />
          <Button type="submit" loading={inFlight}>{t('login.submit')}</Button>
        </Stack>
      </form>
    </Paper>
  );
}
