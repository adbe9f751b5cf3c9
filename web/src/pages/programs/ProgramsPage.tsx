/**
 * One ecosystem's programs, in its own words for tutor and tutee: in the internal admin panel
 * (/internal-admin-panel/manage-ecosystems/:ecosystemId/programs) and in the ecosystem admins' area
 * (/admin/ecosystems/:ecosystemId/programs); its links stay in the area. An unknown or invisible
 * ecosystem shows the not-found page.
 */
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { graphql, type PreloadedQuery } from 'react-relay';
import { Link, type LoaderFunctionArgs } from 'react-router-dom';
import { NotFound } from '../../components/NotFound';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { ProgramSettingsMessages } from '../../i18n/PageMessages';
import { TermsProvider, useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { useAreaPaths } from '../../router/paths';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { ProgramsPageQuery } from './__generated__/ProgramsPageQuery.graphql';
import { programAccess } from './access';
import { ProgramList } from './ProgramList';

const query = graphql`
  query ProgramsPageQuery($ecosystemId: ID!) {
    getEcosystemById(ecosystemId: $ecosystemId) {
      id
      name
      tutorTerm
      tuteeTerm
      moduleTerm
      ...ProgramList_ecosystem
    }
    getCurrentUserV2 {
      isInternalTeamAccount
      ecosystemRoles { ecosystemId role }
      programRoles { programId role }
    }
  }
`;

export function loader({ request, params }: LoaderFunctionArgs): Promise<PreloadedQuery<ProgramsPageQuery>> {
  requireLogin(request);
  return preloadQuery<ProgramsPageQuery>(relayEnvironment, query, { ecosystemId: params.ecosystemId ?? '' }, request.signal);
}

export function Component() {
  const { getEcosystemById: ecosystem, getCurrentUserV2: viewer } = useRouteQuery<ProgramsPageQuery>(query);
  if (!ecosystem) return <NotFound />;
  const access = programAccess(viewer, ecosystem.id);
  return (
    <TermsProvider terms={ecosystem}>
      <ProgramsContent name={ecosystem.name} ecosystemId={ecosystem.id}>
        {/* The rows link to each program's session settings, whose words come with that page's catalogue. */}
        <ProgramSettingsMessages><ProgramList ecosystemRef={ecosystem} access={access} /></ProgramSettingsMessages>
      </ProgramsContent>
    </TermsProvider>
  );
}

function ProgramsContent({ name, ecosystemId, children }: { name: string; ecosystemId: string; children: ReactNode }) {
  const t = useT();
  const paths = useAreaPaths();
  useDocumentTitle(t('programs.title', { name }));
  return (
    <Stack p="md">
      <Group gap="md">
        <Anchor component={Link} to={paths.ecosystems} size="sm">{t('programs.back')}</Anchor>
        <Anchor component={Link} to={paths.breadcrumbs(ecosystemId)} size="sm">{t('ecosystems.breadcrumbs')}</Anchor>
      </Group>
      <Title order={1}>{t('programs.title', { name })}</Title>
      <Text>{t('programs.intro')}</Text>
      {children}
    </Stack>
  );
}
