/**
 * .../:ecosystemId/breadcrumbs in either admin area (router/paths.ts): the audit trail of one
 * ecosystem, filtered by the URL's parameters (filters.ts) on the server, with a CSV export of
 * everything the filter matches.
 */
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { graphql, type PreloadedQuery } from 'react-relay';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { NotFound } from '../../components/NotFound';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { AuditWords, useAuditT } from './AuditWords';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { useAreaPaths } from '../../router/paths';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { BreadcrumbsPageQuery } from './__generated__/BreadcrumbsPageQuery.graphql';
import { BreadcrumbFilters } from './BreadcrumbFilters';
import { BreadcrumbList } from './BreadcrumbList';
import { ExportButton } from './ExportButton';
import { filterFromParams, isFiltered, paramsFromFilter, serverFilter, type TrailFilter } from './filters';

const query = graphql`
  query BreadcrumbsPageQuery($ecosystemId: ID!, $filter: BreadcrumbFilter) {
    getEcosystemById(ecosystemId: $ecosystemId) {
      id
      name
    }
    getEcosystemBreadcrumbFacets(ecosystemId: $ecosystemId) {
      ...BreadcrumbFilters_facets
    }
    ...BreadcrumbList_query @arguments(ecosystemId: $ecosystemId, filter: $filter)
  }
`;

export function loader({ request, params }: LoaderFunctionArgs): Promise<PreloadedQuery<BreadcrumbsPageQuery>> {
  requireLogin(request);
  const filter = serverFilter(filterFromParams(new URL(request.url).searchParams));
  return preloadQuery<BreadcrumbsPageQuery>(relayEnvironment, query, { ecosystemId: params.ecosystemId ?? '', filter }, request.signal);
}

export function Component() {
  const data = useRouteQuery<BreadcrumbsPageQuery>(query);
  const ecosystem = data.getEcosystemById;
  if (!ecosystem) return <NotFound />;
  return <AuditWords><BreadcrumbsContent ecosystem={ecosystem} data={data} /></AuditWords>;
}

function BreadcrumbsContent({ ecosystem, data }: { ecosystem: { id: string; name: string }; data: BreadcrumbsPageQuery['response'] }) {
  const t = useAuditT();
  const paths = useAreaPaths();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const server = useMemo(() => serverFilter(filter), [filter]);
  const change = (next: TrailFilter) => setParams(paramsFromFilter(next), { replace: true });
  useDocumentTitle(t('breadcrumbs.title', { name: ecosystem.name }));
  return (
    <Stack p="md">
      <Group gap="md">
        <Anchor component={Link} to={paths.ecosystems} size="sm">{t('programs.back')}</Anchor>
        <Anchor component={Link} to={paths.programs(ecosystem.id)} size="sm">{t('ecosystems.programs')}</Anchor>
      </Group>
      <Title order={1}>{t('breadcrumbs.title', { name: ecosystem.name })}</Title>
      <Text>{t('breadcrumbs.intro')}</Text>
      <BreadcrumbFilters facetsRef={data.getEcosystemBreadcrumbFacets} ecosystemId={ecosystem.id} filter={filter} onChange={change} />
      <ExportButton ecosystemId={ecosystem.id} filter={server} fileName={`breadcrumbs-${ecosystem.name.replace(/[^\p{L}\p{N}]+/gu, '-')}.csv`} />
      <BreadcrumbList queryRef={data} ecosystemId={ecosystem.id} filter={server} filtered={isFiltered(filter)} />
    </Stack>
  );
}
