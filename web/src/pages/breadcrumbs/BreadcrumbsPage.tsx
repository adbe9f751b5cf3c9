/** The audit trail of one ecosystem, in either admin area (router/paths.ts): .../:ecosystemId/breadcrumbs. */
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { graphql, type PreloadedQuery } from 'react-relay';
import { Link, type LoaderFunctionArgs } from 'react-router-dom';
import { NotFound } from '../../components/NotFound';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { useAreaPaths } from '../../router/paths';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { BreadcrumbsPageQuery } from './__generated__/BreadcrumbsPageQuery.graphql';
import type { BreadcrumbList_query$key } from './__generated__/BreadcrumbList_query.graphql';
import { BreadcrumbList } from './BreadcrumbList';

const query = graphql`
  query BreadcrumbsPageQuery($ecosystemId: ID!) {
    getEcosystemById(ecosystemId: $ecosystemId) {
      id
      name
    }
    ...BreadcrumbList_query @arguments(ecosystemId: $ecosystemId)
  }
`;

export function loader({ request, params }: LoaderFunctionArgs): Promise<PreloadedQuery<BreadcrumbsPageQuery>> {
  requireLogin(request);
  return preloadQuery<BreadcrumbsPageQuery>(relayEnvironment, query, { ecosystemId: params.ecosystemId ?? '' }, request.signal);
}

export function Component() {
  const data = useRouteQuery<BreadcrumbsPageQuery>(query);
  const ecosystem = data.getEcosystemById;
  if (!ecosystem) return <NotFound />;
  return <BreadcrumbsContent ecosystem={ecosystem} queryRef={data} />;
}

function BreadcrumbsContent({ ecosystem, queryRef }: { ecosystem: { id: string; name: string }; queryRef: BreadcrumbList_query$key }) {
  const t = useT();
  const paths = useAreaPaths();
  useDocumentTitle(t('breadcrumbs.title', { name: ecosystem.name }));
  return (
    <Stack p="md">
      <Group gap="md">
        <Anchor component={Link} to={paths.ecosystems} size="sm">{t('programs.back')}</Anchor>
        <Anchor component={Link} to={paths.programs(ecosystem.id)} size="sm">{t('ecosystems.programs')}</Anchor>
      </Group>
      <Title order={1}>{t('breadcrumbs.title', { name: ecosystem.name })}</Title>
      <Text>{t('breadcrumbs.intro')}</Text>
      <BreadcrumbList queryRef={queryRef} />
    </Stack>
  );
}
