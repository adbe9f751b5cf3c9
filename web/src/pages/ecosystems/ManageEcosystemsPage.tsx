/**
 * /internal-admin-panel/manage-ecosystems?q=term: search, create, edit, archive and unarchive
 * ecosystems, and run demo-data jobs. The search term lives in the URL, so typing replaces the
 * history entry and the loader fetches the matching page (a newer keystroke abandons an older load).
 * Ecosystem admins see their own ecosystems here with what they may do (edit, programs,
 * breadcrumbs); creating, archiving and demo data are for platform admins only.
 */
import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { graphql, type PreloadedQuery } from 'react-relay';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { ManageEcosystemsPageQuery } from './__generated__/ManageEcosystemsPageQuery.graphql';
import { EcosystemFormDialog } from './EcosystemFormDialog';
import { EcosystemList, ecosystemListConnectionId } from './EcosystemList';

const SEARCH_PARAM = 'q';

const query = graphql`
  query ManageEcosystemsPageQuery($searchTerm: String) {
    getCurrentUserV2 {
      isInternalTeamAccount
    }
    ...EcosystemList_query @arguments(searchTerm: $searchTerm)
  }
`;

function searchTermOf(params: URLSearchParams): string | null {
  return params.get(SEARCH_PARAM)?.trim() || null;
}

export function loader({ request }: LoaderFunctionArgs): Promise<PreloadedQuery<ManageEcosystemsPageQuery>> {
  requireLogin(request);
  const searchTerm = searchTermOf(new URL(request.url).searchParams);
  return preloadQuery<ManageEcosystemsPageQuery>(relayEnvironment, query, { searchTerm }, request.signal);
}

export function Component() {
  const t = useT();
  useDocumentTitle(t('ecosystems.title'));
  const data = useRouteQuery<ManageEcosystemsPageQuery>(query);
  const platformAdmin = data.getCurrentUserV2?.isInternalTeamAccount === true;
  const [params, setParams] = useSearchParams();
  const [term, setTerm] = useState(params.get(SEARCH_PARAM) ?? '');
  const [creating, setCreating] = useState(false);
  const search = useDebouncedCallback((value: string) => {
    setParams(value.trim() ? { [SEARCH_PARAM]: value.trim() } : {}, { replace: true });
  }, 300);

  return (
    <Stack p="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t('ecosystems.title')}</Title>
        {platformAdmin && <Button onClick={() => setCreating(true)}>{t('ecosystems.create')}</Button>}
      </Group>
      <TextInput type="search" label={t('ecosystems.search')} placeholder={t('ecosystems.searchPlaceholder')} maw={420}
        value={term} onChange={(e) => { setTerm(e.currentTarget.value); search(e.currentTarget.value); }} />
      <EcosystemList queryRef={data} platformAdmin={platformAdmin} />
      {platformAdmin && (
        <EcosystemFormDialog opened={creating} onClose={() => setCreating(false)} ecosystemRef={null}
          connections={[ecosystemListConnectionId(searchTermOf(params))]} />
      )}
    </Stack>
  );
}
