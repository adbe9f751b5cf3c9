/**
 * /internal-admin-panel/manage-ecosystems?q=term: search, create, edit, archive and unarchive
 * ecosystems, and run demo-data jobs (platform admins; router/PlatformArea sends others to their
 * own area). The search term lives in the URL, so typing replaces the history entry and the loader
 * fetches the matching page (a newer keystroke abandons an older load). A failed search shows its
 * error where the list was, below the search field, instead of replacing the page.
 */
import { Alert, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, useRevalidator, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { SessionExpiredError } from '../../relay/errors';
import { requireLogin } from '../../router/guards';
import { isPreloadedQuery, preloadQuery } from '../../router/preload';
import type { ManageEcosystemsPageQuery } from './__generated__/ManageEcosystemsPageQuery.graphql';
import { EcosystemFormDialog } from './EcosystemFormDialog';
import { EcosystemList, ecosystemListConnectionId } from './EcosystemList';
import { EcosystemsMessages } from '../../i18n/PageMessages';

const SEARCH_PARAM = 'q';

const query = graphql`
  query ManageEcosystemsPageQuery($searchTerm: String) {
    ...EcosystemList_query @arguments(searchTerm: $searchTerm)
  }
`;

type LoaderData = { list: PreloadedQuery<ManageEcosystemsPageQuery>; error: null } | { list: null; error: unknown };

function searchTermOf(params: URLSearchParams): string | null {
  return params.get(SEARCH_PARAM)?.trim() || null;
}

export async function loader({ request }: LoaderFunctionArgs): Promise<LoaderData> {
  requireLogin(request);
  const searchTerm = searchTermOf(new URL(request.url).searchParams);
  try {
    return { list: await preloadQuery<ManageEcosystemsPageQuery>(relayEnvironment, query, { searchTerm }, request.signal), error: null };
  } catch (error) {
    // An abandoned search and an ended session are the router's to handle; any other failure is shown in place.
    if (request.signal.aborted || error instanceof SessionExpiredError) throw error;
    return { list: null, error };
  }
}

function isLoaderData(value: unknown): value is LoaderData {
  return typeof value === 'object' && value !== null && 'list' in value && (value.list === null || isPreloadedQuery(value.list));
}

function ManageEcosystemsPageContent() {
  const t = useT();
  useDocumentTitle(t('ecosystems.title'));
  const loaded: unknown = useLoaderData();
  if (!isLoaderData(loaded)) throw new Error('The manage-ecosystems loader returned no query');
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
        <Button onClick={() => setCreating(true)}>{t('ecosystems.create')}</Button>
      </Group>
      <TextInput type="search" label={t('ecosystems.search')} placeholder={t('ecosystems.searchPlaceholder')} maw={420}
        value={term} onChange={(e) => { setTerm(e.currentTarget.value); search(e.currentTarget.value); }} />
      {loaded.list ? <LoadedList queryRef={loaded.list} /> : <SearchFailed error={loaded.error} />}
      <EcosystemFormDialog opened={creating} onClose={() => setCreating(false)} ecosystemRef={null}
        connections={[ecosystemListConnectionId(searchTermOf(params))]} />
    </Stack>
  );
}

function LoadedList({ queryRef }: { queryRef: PreloadedQuery<ManageEcosystemsPageQuery> }) {
  return <EcosystemList queryRef={usePreloadedQuery<ManageEcosystemsPageQuery>(query, queryRef)} />;
}

function SearchFailed({ error }: { error: unknown }) {
  const t = useT();
  const errorText = useErrorText();
  const revalidator = useRevalidator();
  return (
    <Alert color="red" role="alert" title={t('ecosystems.searchFailed')}>
      <Stack gap="xs" align="flex-start">
        {errorText(error)}
        <Button variant="default" size="xs" loading={revalidator.state !== 'idle'} onClick={() => void revalidator.revalidate()}>
          {t('error.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

export function Component() {
  return <EcosystemsMessages><ManageEcosystemsPageContent /></EcosystemsMessages>;
}
