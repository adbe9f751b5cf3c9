/** /internal-admin-panel: the platform team's tools, for platform admins only. */
import { Alert, Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { graphql, type PreloadedQuery } from 'react-relay';
import { Link, type LoaderFunctionArgs } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { ECOSYSTEMS_PATH } from '../../router/paths';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import type { AdminRootPageQuery } from './__generated__/AdminRootPageQuery.graphql';

const query = graphql`
  query AdminRootPageQuery {
    getCurrentUserV2 {
      isInternalTeamAccount
    }
  }
`;

export function loader({ request }: LoaderFunctionArgs): Promise<PreloadedQuery<AdminRootPageQuery>> {
  requireLogin(request);
  return preloadQuery<AdminRootPageQuery>(relayEnvironment, query, {}, request.signal);
}

export function Component() {
  const t = useT();
  useDocumentTitle(t('admin.title'));
  const { getCurrentUserV2: user } = useRouteQuery<AdminRootPageQuery>(query);
  return (
    <Stack p="md">
      <Title order={1}>{t('admin.title')}</Title>
      {user?.isInternalTeamAccount ? (
        <>
          <Text>{t('admin.intro')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} component="ul" style={{ listStyle: 'none', padding: 0 }}>
            <Card component="li" withBorder>
              <Anchor component={Link} to={ECOSYSTEMS_PATH} fw={600}>{t('admin.manageEcosystems')}</Anchor>
              <Text size="sm" c="dimmed">{t('admin.manageEcosystemsText')}</Text>
            </Card>
          </SimpleGrid>
        </>
      ) : (
        <Alert color="yellow" role="alert">{t('admin.noAccess')}</Alert>
      )}
    </Stack>
  );
}
