/**
 * /internal-admin-panel/manage-ecosystems/:ecosystemId/programs/:programId/session-settings and the
 * same under /admin/ecosystems: one program's session settings (decision 0070), for those who may
 * edit the program (pages/programs/access.ts, the programs page's rule). Anyone else, a program of
 * another ecosystem, or one the viewer cannot see, gets the not-found page; the server still refuses
 * an edit it would not allow.
 */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { graphql, type PreloadedQuery } from 'react-relay';
import { Link, type LoaderFunctionArgs } from 'react-router-dom';
import { NotFound } from '../../components/NotFound';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { ProgramSettingsMessages } from '../../i18n/PageMessages';
import { TermsProvider, useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { entityIdParam } from '../../router/ids';
import { useAreaPaths } from '../../router/paths';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import { programAccess } from '../programs/access';
import type { ProgramSettingsPageQuery } from './__generated__/ProgramSettingsPageQuery.graphql';
import { ProgramSettingsForm } from './ProgramSettingsForm';

const query = graphql`
  query ProgramSettingsPageQuery($programIds: [ID!]!) {
    getProgramsByIds(programIds: $programIds) {
      id
      name
      ecosystem { id tutorTerm tuteeTerm moduleTerm }
      ...ProgramSettingsForm_program
    }
    getCurrentUserV2 {
      isInternalTeamAccount
      ecosystemRoles { ecosystemId role }
      programRoles { programId role }
    }
  }
`;

export function loader({ request, params }: LoaderFunctionArgs): Promise<PreloadedQuery<ProgramSettingsPageQuery>> {
  requireLogin(request);
  const programId = entityIdParam(params, 'programId', 'Program');
  return preloadQuery<ProgramSettingsPageQuery>(relayEnvironment, query, { programIds: [programId] }, request.signal);
}

export function Component() {
  const { getProgramsByIds: [program], getCurrentUserV2: viewer } = useRouteQuery<ProgramSettingsPageQuery>(query);
  const ecosystem = program?.ecosystem;
  if (!program || !ecosystem || !programAccess(viewer, ecosystem.id).canEdit(program.id)) return <NotFound />;
  return (
    <ProgramSettingsMessages>
      <TermsProvider terms={ecosystem}>
        <ProgramSettings name={program.name} ecosystemId={ecosystem.id}>
          <ProgramSettingsForm programId={program.id} programRef={program} />
        </ProgramSettings>
      </TermsProvider>
    </ProgramSettingsMessages>
  );
}

function ProgramSettings({ name, ecosystemId, children }: { name: string; ecosystemId: string; children: React.ReactNode }) {
  const t = useT();
  const paths = useAreaPaths();
  useDocumentTitle(t('programSettings.title', { name }));
  return (
    <Stack p="md" maw={900}>
      <Anchor component={Link} to={paths.programs(ecosystemId)} size="sm" w="fit-content">{t('programSettings.back')}</Anchor>
      <Title order={1} className="wrap-anywhere">{t('programSettings.title', { name })}</Title>
      <Text>{t('programSettings.intro')}</Text>
      {children}
    </Stack>
  );
}
