/**
 * /s/:profileId/signup: the ecosystem's sign-up. Signed out, the flow starts at ACCOUNT (PARENT by
 * default; ?type=TUTOR from "become a tutor"; ?ticket= pre-fills it from a sign-up ticket), then
 * says to check the e-mail and log in. Signed in, the person's application: its draft is saved as
 * they type (ApplicationStep).
 */
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { TermsProvider } from '../../i18n/terms';
import { useSignupT as useT, SignupWords } from './SignupWords';
import { useIsLoggedIn } from '../../relay/client';
import { AccountStep, type ApplicantType } from './AccountStep';
import { ApplicationStep } from './ApplicationStep';
import { isLandingData, landingLoader, openTypes, type LandingData } from './loaders';
import { loadLead, type Lead } from './signupOperations';

interface SignupData extends LandingData {
  lead: Lead | null;
}

export async function loader(args: LoaderFunctionArgs): Promise<SignupData> {
  const landing = await landingLoader(args);
  const ticketId = new URL(args.request.url).searchParams.get('ticket');
  const lead = ticketId ? await loadLead(ticketId, args.request.signal) : null;
  return { ...landing, lead: lead && lead.profileId === landing.profileId ? lead : null };
}

function CheckEmail({ email }: { email: string }) {
  const t = useT();
  return (
    <Paper maw={480} mx="auto" mt="xl" p="lg" withBorder>
      <Stack>
        <Title order={1} size="h2">{t('signup.done.title')}</Title>
        <Text role="status">{t('signup.done.text', { email })}</Text>
        <Anchor component={Link} to={`/login?next=${encodeURIComponent(window.location.pathname)}`}>{t('signup.done.logIn')}</Anchor>
      </Stack>
    </Paper>
  );
}

function Signup({ data }: { data: SignupData }) {
  const t = useT();
  useDocumentTitle(t('signup.account.title', { name: data.page.name }));
  const loggedIn = useIsLoggedIn();
  const [params] = useSearchParams();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const types = openTypes(data.options);
  if (loggedIn) return <ApplicationStep ecosystemId={data.page.ecosystemId} name={data.page.name} profileId={data.profileId} />;
  if (sentTo) return <CheckEmail email={sentTo} />;
  if (types.length === 0) return <Text mt="xl" ta="center">{t('signup.landing.closed')}</Text>;
  const lead = data.lead;
  const asked = (lead?.applicantType ?? params.get('type')) as ApplicantType | null;
  return (
    <AccountStep name={data.page.name} profileId={data.profileId} types={types} onDone={setSentTo}
      initial={{ type: asked, firstName: lead?.firstName, lastName: lead?.lastName, email: lead?.email, ticketId: lead ? params.get('ticket') : null }} />
  );
}

export function Component() {
  const data: unknown = useLoaderData();
  if (!isLandingData(data)) throw new Error('The sign-up loader returned no ecosystem');
  return <TermsProvider terms={data.page}><SignupWords><Signup data={data as SignupData} /></SignupWords></TermsProvider>;
}
