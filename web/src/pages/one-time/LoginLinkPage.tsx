/**
 * /login/:token: the link of a log-in e-mail (docs/decisions/0042). Opening it logs nobody in: the
 * person presses the button, so a mail scanner that follows links cannot use the link up (or start
 * a session). Then, as after a password, the second factor when the account needs one.
 */
import { Alert, Anchor, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { browserSession } from '../../relay/client';
import { safeNext } from '../../router/guards';
import type { FirstStep } from '../login/LoginSecondStep';
import { forgetAnonymousData } from '../login/useLoginPaasMutation';
import { sendLoginWithLink } from './useLoginLinkOperations';
import { SettingsMessages } from '../../i18n/PageMessages';

const LoginSecondStep = lazy(() => import('../login/LoginSecondStep').then((m) => ({ default: m.LoginSecondStep })));

function LoginLinkPageContent() {
  const t = useT();
  useDocumentTitle(t('loginLink.title'));
  const errorText = useErrorText();
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const [failed, setFailed] = useState<string | null>(null);
  const [inFlight, setInFlight] = useState(false);
  const [mfa, setMfa] = useState<FirstStep | null>(null);

  const loggedIn = async (accessToken: string, redirect: string) => {
    browserSession.setAccessToken(accessToken);
    await forgetAnonymousData();
    navigate(safeNext(redirect) ?? '/', { replace: true });
  };

  const logIn = async () => {
    setInFlight(true);
    browserSession.clearAccessToken();
    try {
      const result = await sendLoginWithLink(token);
      if (result.token) await loggedIn(result.token, result.redirect);
      else setMfa({ userIdToken: result.userIdToken, mfaEnrolmentRequired: result.mfaEnrolmentRequired, emailCode: result.mfaMethods.includes('EMAIL'), emailHint: result.mfaEmailHint });
    } catch (error) {
      setFailed(errorText(error));
    } finally {
      setInFlight(false);
    }
  };

  if (mfa) {
    return (
      <Suspense fallback={<Loader mx="auto" mt="xl" display="block" aria-label={t('nav.loading')} />}>
        <LoginSecondStep first={mfa} onLoggedIn={loggedIn} onStartOver={() => navigate('/login')} />
      </Suspense>
    );
  }
  return (
    <Paper maw={440} mx="auto" mt="xl" p="lg" withBorder>
      <Stack>
        <Title order={1} size="h2">{t('loginLink.title')}</Title>
        {failed ? (
          <>
            <Alert color="red" role="alert" title={t('resetPassword.invalidTitle')}>{failed}</Alert>
            <Anchor component={Link} to="/login">{t('forgotPassword.backToLogin')}</Anchor>
          </>
        ) : (
          <>
            <Text>{t('loginLink.intro')}</Text>
            <Button onClick={() => void logIn()} loading={inFlight}>{t('login.submit')}</Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}

export function Component() {
  return <SettingsMessages><LoginLinkPageContent /></SettingsMessages>;
}
