/**
 * /admin: the ecosystem admins' area (SPEC section 2's admin route group). Each ecosystem the user
 * administers (an active SUPER_ADMIN role) with its settings, programs and audit trail. The
 * user's roles name the ecosystems, so the loader asks for those second.
 */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { ADMIN_ROOT } from '../../router/paths';
import { isChainedQueries, preloadChained, type ChainedQueries } from '../../router/preload';
import type { EcosystemAdminPageEcosystemsQuery } from './__generated__/EcosystemAdminPageEcosystemsQuery.graphql';
import type { EcosystemAdminPageQuery } from './__generated__/EcosystemAdminPageQuery.graphql';
import { adminEcosystemIds } from './adminEcosystems';
import { AdminEcosystemCard } from './AdminEcosystemCard';

const query = graphql`
  query EcosystemAdminPageQuery {
    getCurrentUserV2 {
      isInternalTeamAccount
      ecosystemRoles { ecosystemId role status }
    }
  }
`;

const ecosystemsQuery = graphql`
  query EcosystemAdminPageEcosystemsQuery($ecosystemIds: [ID!]!) {
    getEcosystemsById(ecosystemIds: $ecosystemIds) {
      id
      name
      ...AdminEcosystemCard_ecosystem
    }
  }
`;

type AdminData = ChainedQueries<EcosystemAdminPageQuery, EcosystemAdminPageEcosystemsQuery>;

export async function loader({ request }: LoaderFunctionArgs): Promise<AdminData> {
  requireLogin(request);
  return preloadChained<EcosystemAdminPageQuery, EcosystemAdminPageEcosystemsQuery>(relayEnvironment, { first: query, second: ecosystemsQuery }, (answer) => {
    const ecosystemIds = adminEcosystemIds(answer?.getCurrentUserV2?.ecosystemRoles ?? []);
    return ecosystemIds.length > 0 ? { ecosystemIds } : null;
  }, request.signal);
}

export function Component() {
  const t = useT();
  useDocumentTitle(t('ecosystemAdmin.title'));
  const loaded: unknown = useLoaderData();
  if (!isChainedQueries<EcosystemAdminPageQuery, EcosystemAdminPageEcosystemsQuery>(loaded)) throw new Error('The admin page loader returned no query');
  const { getCurrentUserV2: user } = usePreloadedQuery<EcosystemAdminPageQuery>(query, loaded.first);
  return (
    <Stack p="md">
      <Title order={1}>{t('ecosystemAdmin.title')}</Title>
      {loaded.second
        ? <AdminEcosystems queryRef={loaded.second} />
        : <Text role="status">{t('ecosystemAdmin.none')}</Text>}
      {user?.isInternalTeamAccount && <Anchor component={Link} to={ADMIN_ROOT}>{t('nav.adminPanel')}</Anchor>}
    </Stack>
  );
}

function AdminEcosystems({ queryRef }: { queryRef: PreloadedQuery<EcosystemAdminPageEcosystemsQuery> }) {
  const t = useT();
  const { getEcosystemsById } = usePreloadedQuery<EcosystemAdminPageEcosystemsQuery>(ecosystemsQuery, queryRef);
  const ecosystems = getEcosystemsById.flatMap((e) => (e ? [e] : [])).sort((a, b) => a.name.localeCompare(b.name));
  if (ecosystems.length === 0) return <Text role="status">{t('ecosystemAdmin.none')}</Text>;
  return (
    <>
      <Text>{t('ecosystemAdmin.intro')}</Text>
      <Stack component="ul" gap="md" className="card-list" aria-label={t('ecosystemAdmin.listLabel')}>
        {ecosystems.map((ecosystem) => <AdminEcosystemCard key={ecosystem.id} ecosystemRef={ecosystem} />)}
      </Stack>
    </>
  );
}
