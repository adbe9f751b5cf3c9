/**
 * Password log-in (loginPaas). On success the access token goes to localStorage, cached data of
 * the anonymous visit is invalidated, and the app goes where the server says (or back to the page
 * that sent the user here), replacing the log-in page in the history. When the account has a second
 * factor, or its ecosystem requires one it has not set up, LoginSecondStep asks for the code first.
 *
 * The generic page asks for no ecosystem; an ecosystem's own log-in page (/s/:profileId/login)
 * passes its ecosystem, so the log-in is refused for someone outside it.
 */
import { Alert, Anchor, Button, Loader, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useFocusInvalid } from '../../components/focusInvalid';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { browserSession } from '../../relay/client';
import { safeNext } from '../../router/guards';
import type { SsoOption } from '../sso/SsoOptions';
import { loginInputErrors } from './loginInput';
import type { FirstStep } from './LoginSecondStep';
import { forgetAnonymousData, useLoginPaasMutation } from './useLoginPaasMutation';
import { useLoginLinkRequest } from '../one-time/useLoginLinkRequest';

// Only accounts with a second factor need the code step (and its set-up): loaded then, so the
// log-in page stays within its budget (web/bundle-budget.unit.test.ts).
const LoginSecondStep = lazy(() => import('./LoginSecondStep').then((m) => ({ default: m.LoginSecondStep })));
// Only ecosystems with single sign-on show its buttons: loaded then, for the same budget.
const SsoOptions = lazy(() => import('../sso/SsoOptions').then((m) => ({ default: m.SsoOptions })));

export interface LoginEcosystem {
  /** Global id, as loginPaas takes it. */
  id: string;
  name: string;
  /** Its public profile id: mailed links asked for from its pages bear its name (docs/decisions/0042). */
  profileId?: string;
  /** The single sign-on providers it offers (docs/decisions/0046). */
  ssoOptions?: readonly SsoOption[];
}

export function LoginForm({ ecosystem }: { ecosystem?: LoginEcosystem }) {
  const t = useT();
  const errorText = useErrorText();
  const title = ecosystem ? t('login.titleFor', { name: ecosystem.name }) : t('login.title');
  useDocumentTitle(title);
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const formRef = useFocusInvalid(errors);
  const [mfa, setMfa] = useState<FirstStep | null>(null);
  const [login, inFlight] = useLoginPaasMutation();
  const navigate = useNavigate();
  const link = useLoginLinkRequest(email, (message) => setErrors(message), ecosystem?.profileId);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = loginInputErrors(email, password);
    setErrors({ email: invalid.email && t(invalid.email), password: invalid.password && t(invalid.password) });
    if (invalid.email || invalid.password) return;
    // A stale token must not turn a mistyped password into a refresh-and-log-out.
    browserSession.clearAccessToken();
    try {
      const { loginPaas } = await login({ email: email.trim(), password, ecosystemId: ecosystem?.id ?? null });
      if (!loginPaas.token) {
        setMfa({ userIdToken: loginPaas.userIdToken, mfaEnrolmentRequired: loginPaas.mfaEnrolmentRequired, emailCode: loginPaas.mfaMethods.includes('EMAIL'), emailHint: loginPaas.mfaEmailHint });
        return;
      }
      await loggedIn(loginPaas.token, loginPaas.redirect);
    } catch (error) {
      setErrors({ form: errorText(error) });
    }
  };

  const loggedIn = async (token: string, redirect: string) => {
    browserSession.setAccessToken(token);
    await forgetAnonymousData();
    navigate(safeNext(params.get('next')) ?? safeNext(redirect) ?? '/', { replace: true });
  };

  if (mfa) {
    return (
      <Suspense fallback={<Loader mx="auto" mt="xl" display="block" aria-label={t('nav.loading')} />}>
        <LoginSecondStep first={mfa} onLoggedIn={loggedIn} onStartOver={() => { setPassword(''); setMfa(null); }} />
      </Suspense>
    );
  }
  return (
    <Paper maw={420} mx="auto" mt="xl" p="lg" withBorder>
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="login-title">
        <Stack>
          <Title order={1} size="h2" id="login-title">{title}</Title>
          {errors.form && <Alert color="red" role="alert" title={t('login.failed')}>{errors.form}</Alert>}
          {link.sentTo && <Alert color="teal" role="status">{t('loginLink.sent', { email: link.sentTo })}</Alert>}
          <TextInput label={t('login.email')} type="email" autoComplete="username" required autoFocus
            value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email} />
          {/* Mantine marks an invalid password field only with data-invalid: say it to screen readers (and focusInvalid.ts) too. */}
          <PasswordInput label={t('login.password')} autoComplete="current-password" required
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }} aria-invalid={errors.password ? true : undefined}
            value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={errors.password} />
          <Button type="submit" loading={inFlight}>{t('login.submit')}</Button>
          <Button variant="subtle" h="auto" py={6} styles={{ label: { whiteSpace: 'normal' } }} onClick={() => void link.request()} loading={link.inFlight}>{t('loginLink.ask')}</Button>
          <Anchor component={Link} to={ecosystem?.profileId ? `/forgot-password?ecosystem=${encodeURIComponent(ecosystem.profileId)}` : '/forgot-password'} size="sm">{t('forgotPassword.link')}</Anchor>
          {ecosystem?.ssoOptions && ecosystem.ssoOptions.length > 0 && <Suspense fallback={null}><SsoOptions options={ecosystem.ssoOptions} /></Suspense>}
        </Stack>
      </form>
    </Paper>
  );
}
