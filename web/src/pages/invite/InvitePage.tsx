/**
 * Invite people into one ecosystem (docs/decisions/0040): in the ecosystem admins' area
 * (/admin/ecosystems/:ecosystemId/invite) and in the internal admin panel. One person at a time,
 * or from a CSV file; the server decides who may invite into which role and e-mails the links.
 */
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { graphql, type PreloadedQuery } from 'react-relay';
import { Link, type LoaderFunctionArgs } from 'react-router-dom';
import { NotFound } from '../../components/NotFound';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { TermsProvider, useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { useAreaPaths } from '../../router/paths';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { InvitePageQuery } from './__generated__/InvitePageQuery.graphql';
import { InviteFileForm } from './InviteFileForm';
import { InviteOneForm } from './InviteOneForm';
import { PendingInvitations } from './PendingInvitations';
import { InviteMessages } from '../../i18n/PageMessages';

const query = graphql`
  query InvitePageQuery($ecosystemId: ID!) {
    getEcosystemById(ecosystemId: $ecosystemId) {
      id
      name
      tutorTerm
      tuteeTerm
      moduleTerm
    }
    getProgramsByEcosystemId(ecosystemId: $ecosystemId, first: 100) {
      edges { node { id name } }
    }
    ...PendingInvitations_query @arguments(ecosystemId: $ecosystemId)
  }
`;

export function loader({ request, params }: LoaderFunctionArgs): Promise<PreloadedQuery<InvitePageQuery>> {
  requireLogin(request);
  return preloadQuery<InvitePageQuery>(relayEnvironment, query, { ecosystemId: params.ecosystemId ?? '' }, request.signal);
}

function InvitePageContent() {
  const data = useRouteQuery<InvitePageQuery>(query);
  const { getEcosystemById: ecosystem, getProgramsByEcosystemId: programs } = data;
  if (!ecosystem) return <NotFound />;
  return (
    <TermsProvider terms={ecosystem}>
      <InviteContent name={ecosystem.name} ecosystemId={ecosystem.id}
        programs={programs.edges.map((e) => ({ value: e.node.id, label: e.node.name }))}>
        <PendingInvitations queryRef={data} ecosystemId={ecosystem.id} />
      </InviteContent>
    </TermsProvider>
  );
}

function InviteContent({ name, ecosystemId, programs, children }: {
  name: string; ecosystemId: string; programs: Array<{ value: string; label: string }>; children: ReactNode;
}) {
  const t = useT();
  const paths = useAreaPaths();
  useDocumentTitle(t('invite.title', { name }));
  return (
    <Stack p="md" maw={640}>
      <Group gap="md">
        <Anchor component={Link} to={paths.ecosystems} size="sm">{t('programs.back')}</Anchor>
        <Anchor component={Link} to={paths.programs(ecosystemId)} size="sm">{t('ecosystems.programs')}</Anchor>
      </Group>
      <Title order={1}>{t('invite.title', { name })}</Title>
      <Text>{t('invite.intro')}</Text>
      <InviteOneForm ecosystemId={ecosystemId} programs={programs} />
      <InviteFileForm ecosystemId={ecosystemId} />
      {children}
    </Stack>
  );
}

export function Component() {
  return <InviteMessages><InvitePageContent /></InviteMessages>;
}
