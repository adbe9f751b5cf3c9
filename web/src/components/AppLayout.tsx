/**
 * The shell around every page: skip link, header with navigation (the internal admin panel for
 * platform admins only), language menu and the log-in or log-out control, a progress bar while a navigation resolves, and the page in a Suspense boundary.
 */
import { Anchor, AppShell, Box, Button, Center, Group, Loader, Progress } from '@mantine/core';
import { Suspense } from 'react';
import { Link, NavLink, Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { PRODUCT_NAME } from '../constants';
import { useT } from '../i18n/terms';
import { logOut, useIsLoggedIn } from '../relay/browser';
import { ADMIN_ROOT } from '../router/paths';
import { LanguageSwitcher } from './LanguageSwitcher';
import { useIsPlatformAdmin } from './usePlatformAdmin';

/** Shown while the first page's code and data load. */
export function AppLoading() {
  const t = useT();
  return <Center h="100vh"><Loader aria-label={t('common.loading')} /></Center>;
}

export function AppLayout() {
  const t = useT();
  const loggedIn = useIsLoggedIn();
  const platformAdmin = useIsPlatformAdmin();
  const navigating = useNavigation().state !== 'idle';
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        {navigating && <Progress value={100} animated size="xs" pos="absolute" top={0} left={0} right={0} aria-label={t('nav.loading')} />}
        <Anchor href="#main" className="skip-link">{t('nav.skipToContent')}</Anchor>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap" component="nav" aria-label={t('nav.label')}>
            <Anchor component={Link} to="/" fw={700} c="inherit" underline="never">{PRODUCT_NAME}</Anchor>
            <Anchor component={NavLink} to="/" end>{t('nav.home')}</Anchor>
            {platformAdmin && <Anchor component={NavLink} to={ADMIN_ROOT}>{t('nav.adminPanel')}</Anchor>}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher />
            {loggedIn
              ? <Button variant="light" onClick={logOut}>{t('nav.logout')}</Button>
              : <Button component={Link} to="/login" variant="light">{t('nav.login')}</Button>}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main id="main" tabIndex={-1}>
        <Box maw={1100} mx="auto">
          <Suspense fallback={<Loader aria-label={t('common.loading')} m="xl" />}>
            <Outlet />
          </Suspense>
        </Box>
      </AppShell.Main>
      <ScrollRestoration />
    </AppShell>
  );
}
