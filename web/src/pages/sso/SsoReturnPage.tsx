/**
 * The single sign-on return pages of spec section 2 (/clever/success, /classlink/success,
 * /edlink/success, /schoology/success/saml and /oauth, /oauth/redirect/...): the server already
 * set the refresh cookie, so the page asks /refresh-tokens for an access token and goes home; when
 * the ecosystem requires a second step, it shows the log-in's code step instead.
 */
import { Alert, Anchor, Loader, Paper, Stack, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { currentLanguageTag } from '../../i18n/language';
import { useT } from '../../i18n/terms';
import { browserSession } from '../../relay/client';
import { forgetAnonymousData } from '../login/useLoginPaasMutation';
import { readSsoReturn } from './ssoReturn';
import { SsoMessages } from '../../i18n/PageMessages';

const LoginSecondStep = lazy(() => import('../login/LoginSecondStep').then((m) => ({ default: m.LoginSecondStep })));

async function accessTokenFromCookie(): Promise<string | null> {
  const res = await fetch('/refresh-tokens', { method: 'POST', credentials: 'include', headers: { 'accept-language': currentLanguageTag() } });
  if (!res.ok) return null;
  const body = await res.json() as { accessToken?: unknown };
  return typeof body.accessToken === 'string' ? body.accessToken : null;
}

function SsoReturnPageContent() {
  const t = useT();
  useDocumentTitle(t('sso.returnTitle'));
  const navigate = useNavigate();
  const [step] = useState(() => readSsoReturn(window.location.hash));
  const [failed, setFailed] = useState(false);

  const loggedIn = async (token: string, redirect = '/') => {
    browserSession.setAccessToken(token);
    await forgetAnonymousData();
    navigate(redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/', { replace: true });
  };

  useEffect(() => {
    if (step.kind !== 'session') return;
    // The fragment is no longer needed and should not stay in the history.
    window.history.replaceState(null, '', window.location.pathname);
    accessTokenFromCookie()
      .then((token) => (token ? loggedIn(token) : setFailed(true)))
      .catch((error: unknown) => { console.error('Sign-in return failed', error); setFailed(true); });
    // Runs once per return: the cookie is exchanged a single time.
  }, []);

  if (step.kind === 'mfa') {
    return (
      <Suspense fallback={<Loader mx="auto" mt="xl" display="block" aria-label={t('nav.loading')} />}>
        <LoginSecondStep first={step} onLoggedIn={loggedIn} onStartOver={() => navigate('/login', { replace: true })} />
      </Suspense>
    );
  }
  return (
    <Paper maw={460} mx="auto" mt="xl" p="lg" withBorder>
      <Stack>
        <Title order={1} size="h2">{t('sso.returnTitle')}</Title>
        {failed
          ? <Alert color="red" role="alert">{t('sso.returnFailed')}</Alert>
          : <Loader mx="auto" display="block" aria-label={t('nav.loading')} />}
        {failed && <Anchor component={Link} to="/login">{t('sso.backToLogin')}</Anchor>}
      </Stack>
    </Paper>
  );
}

export function Component() {
  return <SsoMessages><SsoReturnPageContent /></SsoMessages>;
}
