/**
 * .../:ecosystemId/sso in either admin area (router/paths.ts): the single sign-on providers of one
 * ecosystem with their set-up, and a form to set one up or change it (docs/decisions/0046). Only
 * its admins and platform admins may ask (ssoProviderSetups answers FORBIDDEN to anyone else).
 */
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { graphql, type PreloadedQuery } from 'react-relay';
import { Link, type LoaderFunctionArgs } from 'react-router-dom';
import { NotFound } from '../../components/NotFound';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { SsoSetupMessages } from '../../i18n/PageMessages';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { useAreaPaths } from '../../router/paths';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { SsoSetupPageQuery } from './__generated__/SsoSetupPageQuery.graphql';
import { SsoSetupForm } from './SsoSetupForm';
import { SsoSetupList } from './SsoSetupList';
import { formFor, PROVIDERS, type Provider, type SetupForm } from './ssoSetupForm';

const query = graphql`
  query SsoSetupPageQuery($ecosystemId: ID!) {
    getEcosystemById(ecosystemId: $ecosystemId) {
      id
      name
      ssoDistrictIds { clever classLink edLink schoology }
    }
    ssoProviderSetups(ecosystemId: $ecosystemId) {
      provider protocol issuer clientId hasClientSecret authorizationEndpoint tokenEndpoint userinfoEndpoint
      samlEntryPoint samlCertificate districtClaim newAccountRole
      ...SsoSetupList_setups
    }
  }
`;

export function loader({ request, params }: LoaderFunctionArgs): Promise<PreloadedQuery<SsoSetupPageQuery>> {
  requireLogin(request);
  return preloadQuery<SsoSetupPageQuery>(relayEnvironment, query, { ecosystemId: params.ecosystemId ?? '' }, request.signal);
}

export function Component() {
  const data = useRouteQuery<SsoSetupPageQuery>(query);
  if (!data.getEcosystemById) return <NotFound />;
  return <SsoSetupMessages><SsoSetup ecosystem={data.getEcosystemById} setups={data.ssoProviderSetups} /></SsoSetupMessages>;
}

type Data = SsoSetupPageQuery['response'];

function SsoSetup({ ecosystem, setups }: { ecosystem: NonNullable<Data['getEcosystemById']>; setups: Data['ssoProviderSetups'] }) {
  const t = useT();
  const paths = useAreaPaths();
  const first = PROVIDERS.find((p) => !setups.some((s) => s.provider === p)) ?? PROVIDERS[0];
  const [form, setForm] = useState<SetupForm>(() => formFor(first, setups));
  const title = t('ssoSetup.title', { name: ecosystem.name });
  useDocumentTitle(title);
  const edit = (provider: Provider) => {
    setForm(formFor(provider, setups));
    document.getElementById('sso-setup-form')?.scrollIntoView({ block: 'start' });
  };
  return (
    <Stack p="md" maw={960}>
      <Anchor component={Link} to={paths.ecosystems} size="sm">{t('ssoSetup.back')}</Anchor>
      <Title order={1} className="wrap-anywhere">{title}</Title>
      <Text>{t('ssoSetup.intro')}</Text>
      <section aria-labelledby="sso-setup-list">
        <Stack gap="sm">
          <Title order={2} size="h3" id="sso-setup-list">{t('ssoSetup.listTitle')}</Title>
          <SsoSetupList setupsRef={setups} districtIds={ecosystem.ssoDistrictIds} onEdit={edit} />
          <Text size="sm" c="dimmed">{t('ssoSetup.districtHint')}</Text>
        </Stack>
      </section>
      <Paper withBorder p="md">
        <SsoSetupForm ecosystemId={ecosystem.id} setups={setups} form={form} onChange={setForm} />
      </Paper>
    </Stack>
  );
}
