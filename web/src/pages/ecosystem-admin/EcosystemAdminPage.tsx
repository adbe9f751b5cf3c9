/**
 * /admin: the ecosystem admins' area (SPEC section 2's admin route group). Each ecosystem the user
 * administers (an active SUPER_ADMIN role) with its settings, programs and audit trail. The
 * user's roles name the ecosystems, so the loader asks for those second.
 */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { createOperationDescriptor, getRequest } from 'relay-runtime';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { ADMIN_ROOT } from '../../router/paths';
import { isPreloadedQuery, preloadQuery } from '../../router/preload';
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

interface AdminData {
  user: PreloadedQuery<EcosystemAdminPageQuery>;
  ecosystems: PreloadedQuery<EcosystemAdminPageEcosystemsQuery> | null;
}

export async function loader({ request }: LoaderFunctionArgs): Promise<AdminData> {
  requireLogin(request);
  const user = await preloadQuery<EcosystemAdminPageQuery>(relayEnvironment, query, {}, request.signal);
  const { data } = relayEnvironment.lookup(createOperationDescriptor(getRequest(query), {}).fragment);
  const ecosystemIds = adminEcosystemIds((data as EcosystemAdminPageQuery['response'] | null)?.getCurrentUserV2?.ecosystemRoles ?? []);
  if (ecosystemIds.length === 0) return { user, ecosystems: null };
  try {
    return { user, ecosystems: await preloadQuery<EcosystemAdminPageEcosystemsQuery>(relayEnvironment, ecosystemsQuery, { ecosystemIds }, request.signal) };
  } catch (error) {
    user.dispose();
    throw error;
  }
}

function isAdminData(value: unknown): value is AdminData {
  if (typeof value !== 'object' || value === null) return false;
  const { user, ecosystems } = value as Record<string, unknown>;
  return isPreloadedQuery(user) && (ecosystems === null || isPreloadedQuery(ecosystems));
}

export function Component() {
  const t = useT();
  useDocumentTitle(t('ecosystemAdmin.title'));
  const loaded: unknown = useLoaderData();
  if (!isAdminData(loaded)) throw new Error('The admin page loader returned no query');
  const { getCurrentUserV2: user } = usePreloadedQuery<EcosystemAdminPageQuery>(query, loaded.user);
  return (
    <Stack p="md">
      <Title order={1}>{t('ecosystemAdmin.title')}</Title>
      {loaded.ecosystems
        ? <AdminEcosystems queryRef={loaded.ecosystems} />
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
