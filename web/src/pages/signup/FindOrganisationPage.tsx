/**
 * /signup and /signup/waiver (SPEC section 2, "/join (optional /:token); /signup; /signup/waiver").
 * Sign-up always belongs to one ecosystem (its customSignupConfig, terms and waiver), and the
 * ecosystem's own pages (/s/:profileId/signup, /s/:profileId/signup/waiver) hold it. These two
 * platform-wide addresses therefore lead there: with `?ecosystem=<profile id>` at once (a
 * redirect that replaces the history entry); without it they ask for the organisation's page
 * address or code. They never list ecosystems: which organisations use the platform, and for
 * whom, is not for anonymous visitors to browse (a decision of docs/decisions/0044).
 */
import { Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, redirect, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { SignupWords, useSignupT as useT } from './SignupWords';
import { ecosystemSignupPath, profileIdFromAddress } from './organisationAddress';

const isWaiver = (pathname: string): boolean => /\/signup\/waiver\/?$/.test(pathname);

export function loader({ request }: LoaderFunctionArgs): Response | null {
  const url = new URL(request.url);
  const target = ecosystemSignupPath(url, isWaiver(url.pathname));
  return target ? redirect(target) : null;
}

function FindOrganisation() {
  const t = useT();
  const waiver = isWaiver(useLocation().pathname);
  useDocumentTitle(t(waiver ? 'signup.find.waiverTitle' : 'signup.find.title'));
  const navigate = useNavigate();
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const profileId = profileIdFromAddress(address);
    if (!profileId) { setError(t(address.trim() ? 'signup.find.invalid' : 'signup.account.required')); return; }
    navigate(`/s/${profileId}/signup${waiver ? '/waiver' : ''}`);
  };
  return (
    <Paper maw={560} mx="auto" mt="xl" p="lg" withBorder>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={1} size="h2">{t(waiver ? 'signup.find.waiverTitle' : 'signup.find.title')}</Title>
          <Text>{t('signup.find.text')}</Text>
          <TextInput label={t('signup.find.label')} description={t('signup.find.hint')} required value={address}
            onChange={(e) => { setAddress(e.currentTarget.value); setError(null); }} error={error ?? undefined} autoComplete="url" />
          <Button type="submit">{t('signup.find.go')}</Button>
          <Text size="sm">{t('signup.find.haveAccount')} <Anchor component={Link} to="/login">{t('signup.landing.logIn')}</Anchor></Text>
        </Stack>
      </form>
    </Paper>
  );
}

export function Component() {
  return <SignupWords><FindOrganisation /></SignupWords>;
}
