/**
 * /s/:profileId/signup/waiver (SPEC section 2): the waiver, in the interface language. Accepting it
 * records the version shown and the time (docs/decisions/0044); signed-out visitors read it and
 * are asked to log in to accept.
 */
import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useErrorText } from '../../components/useErrorText';
import { TermsProvider } from '../../i18n/terms';
import { useSignupT as useT, SignupWords } from './SignupWords';
import { useIsLoggedIn } from '../../relay/client';
import { isLandingData, landingLoader, type LandingData } from './loaders';
import { sendAcceptWaiver } from './signupOperations';

export const loader = landingLoader;

function Waiver({ data }: { data: LandingData }) {
  const t = useT();
  const errorText = useErrorText();
  useDocumentTitle(t('signup.waiver.title'));
  const loggedIn = useIsLoggedIn();
  const [acceptedAt, setAcceptedAt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const back = `/s/${data.profileId}/signup`;
  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      const application = await sendAcceptWaiver(data.page.ecosystemId, data.options.waiverVersion);
      setAcceptedAt(application.waiverAcceptedAt ?? null);
    } catch (e) { setError(errorText(e)); } finally { setBusy(false); }
  };
  return (
    <Paper maw={720} mx="auto" mt="xl" p="lg" withBorder>
      <Stack>
        <Title order={1} size="h2">{t('signup.waiver.title')}</Title>
        <Text size="sm" c="dimmed">{t('signup.waiver.version', { version: data.options.waiverVersion, name: data.page.name })}</Text>
        <Text>{t('signup.waiver.p1', { name: data.page.name })}</Text>
        <Text>{t('signup.waiver.p2')}</Text>
        <Text>{t('signup.waiver.p3')}</Text>
        {error && <Alert color="red" role="alert">{error}</Alert>}
        {acceptedAt && <Alert color="teal" role="status">{t('signup.waiver.accepted')}</Alert>}
        {loggedIn && !acceptedAt && <Button onClick={accept} loading={busy}>{t('signup.waiver.accept')}</Button>}
        {!loggedIn && <Text>{t('signup.waiver.logIn')} <Anchor component={Link} to={`/login?next=${encodeURIComponent(`/s/${data.profileId}/signup/waiver`)}`}>{t('signup.done.logIn')}</Anchor></Text>}
        <Anchor component={Link} to={back}>{t('signup.waiver.back')}</Anchor>
      </Stack>
    </Paper>
  );
}

export function Component() {
  const data: unknown = useLoaderData();
  if (!isLandingData(data)) throw new Error('The waiver loader returned no ecosystem');
  return <TermsProvider terms={data.page}><SignupWords><Waiver data={data} /></SignupWords></TermsProvider>;
}
