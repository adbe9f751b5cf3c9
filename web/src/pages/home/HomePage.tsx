/**
 * The home page: a greeting for the signed-in user with the ecosystems they belong to (links to
 * each one's programs, and breadcrumbs for its admins) and the admin panel for platform admins;
 * else an introduction. The user's roles name the ecosystems, so the loader asks for those second.
 */
import { Anchor, Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { ADMIN_ROOT, areaPaths, ECOSYSTEM_ADMIN_ROOT } from '../../router/paths';
import { isChainedQueries, preloadChained, type ChainedQueries } from '../../router/preload';
import type { HomePageEcosystemsQuery } from './__generated__/HomePageEcosystemsQuery.graphql';
import type { HomePageQuery } from './__generated__/HomePageQuery.graphql';
import { isParent, memberEcosystemIds, viewerEcosystems, type EcosystemRoleRef } from './ecosystems';

const query = graphql`
  query HomePageQuery {
    getCurrentUserV2 {
      isInternalTeamAccount
      email { address }
      ecosystemRoles { ecosystemId role status }
    }
  }
`;

const ecosystemsQuery = graphql`
  query HomePageEcosystemsQuery($ecosystemIds: [ID!]!) {
    getEcosystemsById(ecosystemIds: $ecosystemIds) {
      id
      name
    }
  }
`;

// Members reach an ecosystem's pages through the ecosystem admins' area, never the platform's panel.
const paths = areaPaths('ecosystem');

type HomeData = ChainedQueries<HomePageQuery, HomePageEcosystemsQuery>;

export function loader({ request }: LoaderFunctionArgs): Promise<HomeData> {
  return preloadChained<HomePageQuery, HomePageEcosystemsQuery>(relayEnvironment, { first: query, second: ecosystemsQuery }, (answer) => {
    const ecosystemIds = memberEcosystemIds(answer?.getCurrentUserV2?.ecosystemRoles ?? []);
    return ecosystemIds.length > 0 ? { ecosystemIds } : null;
  }, request.signal);
}

export function Component() {
  const t = useT();
  useDocumentTitle(t('home.title'));
  const loaded: unknown = useLoaderData();
  if (!isChainedQueries<HomePageQuery, HomePageEcosystemsQuery>(loaded)) throw new Error('The home page loader returned no query');
  const { getCurrentUserV2: user } = usePreloadedQuery<HomePageQuery>(query, loaded.first);
  return (
    <Stack maw={700} p="md">
      <Title order={1}>{t('home.title')}</Title>
      {user ? (
        <>
          <Text>{t('home.signedIn', { email: user.email.address })}</Text>
          <Text>{t('home.roles', { count: user.ecosystemRoles.length })}</Text>
          {loaded.second && <Ecosystems queryRef={loaded.second} roles={user.ecosystemRoles} />}
          {user.ecosystemRoles.some((r) => r.role === 'SUPER_ADMIN' && r.status === 'ACTIVE')
            && <Anchor component={Link} to={ECOSYSTEM_ADMIN_ROOT}>{t('nav.ecosystemAdmin')}</Anchor>}
          {user.isInternalTeamAccount && <Anchor component={Link} to={ADMIN_ROOT}>{t('nav.adminPanel')}</Anchor>}
          {user.ecosystemRoles.length > 0 && <Anchor component={Link} to="/sessions">{t('nav.sessions')}</Anchor>}
          {user.ecosystemRoles.length > 0 && <Anchor component={Link} to="/classes">{t('nav.classes')}</Anchor>}
          {isParent(user.ecosystemRoles) && <Anchor component={Link} to="/students">{t('students.link')}</Anchor>}
          <Anchor component={Link} to="/account-settings/multi-factor-authentication">{t('mfa.link')}</Anchor>
          <Anchor component={Link} to="/account-settings/password">{t('password.title')}</Anchor>
          <Anchor component={Link} to="/account-settings">{t('nav.accountSettings')}</Anchor>
          <Anchor component={Link} to="/account-settings/linked-accounts">{t('linked.title')}</Anchor>
        </>
      ) : (
        <>
          <Text>{t('home.signedOut')}</Text>
          <Button component={Link} to="/login" w="fit-content">{t('home.loginCta')}</Button>
        </>
      )}
    </Stack>
  );
}

function Ecosystems({ queryRef, roles }: { queryRef: PreloadedQuery<HomePageEcosystemsQuery>; roles: readonly EcosystemRoleRef[] }) {
  const t = useT();
  const { getEcosystemsById } = usePreloadedQuery<HomePageEcosystemsQuery>(ecosystemsQuery, queryRef);
  const ecosystems = viewerEcosystems(roles, getEcosystemsById);
  if (ecosystems.length === 0) return null;
  return (
    <section aria-labelledby="home-ecosystems">
      <Title order={2} size="h3" id="home-ecosystems" mb="xs">{t('home.ecosystems')}</Title>
      <List listStyleType="none" spacing="xs">
        {ecosystems.map((ecosystem) => (
          <List.Item key={ecosystem.id}>
            <Group gap="sm">
              <Text fw={600}>{ecosystem.name}</Text>
              {ecosystem.admin && <Badge variant="light" size="sm">{t('home.ecosystemAdmin')}</Badge>}
              <Anchor component={Link} to={paths.programs(ecosystem.id)} aria-label={t('programs.title', { name: ecosystem.name })}>
                {t('ecosystems.programs')}
              </Anchor>
              {ecosystem.admin && (
                <Anchor component={Link} to={paths.breadcrumbs(ecosystem.id)} aria-label={t('breadcrumbs.title', { name: ecosystem.name })}>
                  {t('ecosystems.breadcrumbs')}
                </Anchor>
              )}
            </Group>
          </List.Item>
        ))}
      </List>
    </section>
  );
}
