/** The home page: a greeting for the signed-in user (with the admin panel for platform admins), else an introduction. */
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { graphql, type PreloadedQuery } from 'react-relay';
import { Link, type LoaderFunctionArgs } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import { ADMIN_ROOT } from '../../router/paths';
import type { HomePageQuery } from './__generated__/HomePageQuery.graphql';

const query = graphql`
  query HomePageQuery {
    getCurrentUserV2 {
      isInternalTeamAccount
      email { address }
      ecosystemRoles { ecosystemId }
    }
  }
`;

export function loader({ request }: LoaderFunctionArgs): Promise<PreloadedQuery<HomePageQuery>> {
  return preloadQuery<HomePageQuery>(relayEnvironment, query, {}, request.signal);
}

export function Component() {
  const t = useT();
  useDocumentTitle(t('home.title'));
  const { getCurrentUserV2: user } = useRouteQuery<HomePageQuery>(query);
  return (
    <Stack maw={700} p="md">
      <Title order={1}>{t('home.title')}</Title>
      {user ? (
        <>
          <Text>{t('home.signedIn', { email: user.email.address })}</Text>
          <Text>{t('home.roles', { count: user.ecosystemRoles.length })}</Text>
          {user.isInternalTeamAccount && <Anchor component={Link} to={ADMIN_ROOT}>{t('nav.adminPanel')}</Anchor>}
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
