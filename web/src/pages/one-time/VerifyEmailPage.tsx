/**
 * /verify/email?token=...: the link of the verification e-mail (docs/decisions/0042). Opening it
 * confirms the address at once (a verification gives nothing to whoever opens the link, so a mail
 * scanner that follows it does no harm), then the token leaves the address bar and history.
 */
import { Alert, Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { useIsLoggedIn } from '../../relay/client';
import { sendVerifyEmail } from './useVerifyEmailMutation';
import { SettingsMessages } from '../../i18n/PageMessages';

type Outcome = { state: 'working' } | { state: 'done'; email: string } | { state: 'failed'; message: string | null };

function VerifyEmailPageContent() {
  const t = useT();
  useDocumentTitle(t('verifyEmail.title'));
  const errorText = useErrorText();
  const location = useLocation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  // Read once: the token is taken out of the address below, and React may run the effect twice.
  const token = useRef(new URLSearchParams(location.search).get('token'));
  const [outcome, setOutcome] = useState<Outcome>(token.current ? { state: 'working' } : { state: 'failed', message: null });
  const sent = useRef(false);

  useEffect(() => {
    const value = token.current;
    if (!value || sent.current) return;
    sent.current = true;
    navigate(location.pathname, { replace: true });
    sendVerifyEmail(value).then(
      ({ verifyEmail }) => setOutcome({ state: 'done', email: verifyEmail.email }),
      (error: unknown) => setOutcome({ state: 'failed', message: errorText(error) }),
    );
  }, [errorText, location.pathname, navigate]);

  return (
    <Paper maw={480} mx="auto" mt="xl" p="lg" withBorder>
      <Stack>
        <Title order={1} size="h2">{t('verifyEmail.title')}</Title>
        {outcome.state === 'working' && (
          <Stack align="center" role="status">
            <Loader aria-hidden />
            <Text>{t('verifyEmail.working')}</Text>
          </Stack>
        )}
        {outcome.state === 'done' && (
          <Alert color="teal" role="status" title={t('verifyEmail.doneTitle')}>
            {t('verifyEmail.done', { email: outcome.email })}
          </Alert>
        )}
        {outcome.state === 'failed' && (
          <Alert color="red" role="alert" title={t('verifyEmail.failedTitle')}>
            {outcome.message ?? t('verifyEmail.noToken')}
          </Alert>
        )}
        {outcome.state !== 'working' && (
          <Anchor component={Link} to={loggedIn ? '/' : '/login'}>{loggedIn ? t('verifyEmail.continue') : t('verifyEmail.logIn')}</Anchor>
        )}
      </Stack>
    </Paper>
  );
}

export function Component() {
  return <SettingsMessages><VerifyEmailPageContent /></SettingsMessages>;
}
