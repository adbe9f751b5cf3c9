/**
 * /join/:token: an invitation's activation (SPEC section 2, docs/decisions/0040). A working link
 * shows whom it invites into which ecosystem, in that ecosystem's terms; the person chooses a
 * password, types it again, and is logged in (with the multi-factor step when their ecosystem
 * requires it). Any other link, or /join alone, shows "This Invite Link Is Invalid".
 */
import { Loader } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router-dom';
import { TermsProvider, useT } from '../../i18n/terms';
import { browserSession } from '../../relay/client';
import { sendOperation } from '../../relay/client';
import { graphql } from '../../relay/graphql';
import { safeNext } from '../../router/guards';
import type { FirstStep } from '../login/LoginSecondStep';
import { forgetAnonymousData } from '../login/useLoginPaasMutation';
import type { JoinPageQuery, JoinPageQuery$data } from './__generated__/JoinPageQuery.graphql';
import { InvalidInvite } from './InvalidInvite';
import { JoinForm } from './JoinForm';
import { InviteMessages } from '../../i18n/PageMessages';

const LoginSecondStep = lazy(() => import('../login/LoginSecondStep').then((m) => ({ default: m.LoginSecondStep })));

const query = graphql`
  query JoinPageQuery($token: String!) {
    getInvitedUserByToken(token: $token) {
      email
      firstName
      ecosystem { name tutorTerm tuteeTerm moduleTerm }
    }
  }
`;

export type Invited = NonNullable<JoinPageQuery$data['getInvitedUserByToken']>;
type Loaded = { token: string; invited: Invited | null };

export async function loader({ params, request }: LoaderFunctionArgs): Promise<Loaded> {
  const token = params.token ?? '';
  if (!token) return { token, invited: null };
  const { getInvitedUserByToken } = await sendOperation<JoinPageQuery>(query, { token }, request.signal);
  return { token, invited: getInvitedUserByToken ?? null };
}

function JoinPageContent() {
  const { token, invited } = useLoaderData() as Loaded;
  const [invalid, setInvalid] = useState(false);
  const [mfa, setMfa] = useState<FirstStep | null>(null);
  const navigate = useNavigate();
  if (!invited || invalid) return <InvalidInvite />;
  const loggedIn = async (accessToken: string, redirect: string) => {
    browserSession.setAccessToken(accessToken);
    await forgetAnonymousData();
    navigate(safeNext(redirect) ?? '/', { replace: true });
  };
  return (
    <TermsProvider terms={invited.ecosystem}>
      {mfa ? (
        <Suspense fallback={<SecondStepLoading />}>
          <LoginSecondStep first={mfa} onLoggedIn={loggedIn} onStartOver={() => navigate('/login', { replace: true })} />
        </Suspense>
      ) : (
        <JoinForm token={token} invited={invited} onInvalid={() => setInvalid(true)} onMfa={setMfa} onLoggedIn={loggedIn} />
      )}
    </TermsProvider>
  );
}

function SecondStepLoading() {
  const t = useT();
  return <Loader mx="auto" mt="xl" display="block" aria-label={t('nav.loading')} />;
}

export function Component() {
  return <InviteMessages><JoinPageContent /></InviteMessages>;
}
