/**
 * The shell around every page: skip link, header with navigation (the admin areas the user may
 * work in), language menu and the log-in or log-out control, a progress bar while a navigation
 * resolves, and the page in a Suspense boundary. On a phone the header takes two rows (name and
 * controls, then navigation) instead of scrolling sideways (styles.css).
 */
import { Anchor, Box, Button, Center, Loader, Progress } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, NavLink, Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { PRODUCT_NAME } from '../constants';
import { useT } from '../i18n/terms';
import { logOut, useIsLoggedIn } from '../relay/client';
import { LanguageSwitcher } from './LanguageSwitcher';

// Which admin areas to link needs Relay and the user's roles: loaded only once someone is signed in.
const AreaLinks = lazy(() => import('./AreaLinks'));
// The notification bell reads and listens only for someone signed in: its code loads then (decision 0073),
// through router/deferred, so that its preload list is not in the entry either.
const NotificationBell = lazy(() => import('../router/deferred').then((m) => m.loadNotificationBell()));

/** Shown while the first page's code and data load. */
export function AppLoading() {
  const t = useT();
  return <Center h="60vh"><Loader aria-label={t('common.loading')} /></Center>;
}

export function AppLayout() {
  const t = useT();
  const loggedIn = useIsLoggedIn();
  const navigating = useNavigation().state !== 'idle';
  return (
    <>
      <header className="app-header">
        {navigating && <Progress className="app-progress" value={100} animated size="xs" aria-label={t('nav.loading')} />}
        <Anchor href="#main" className="skip-link">{t('nav.skipToContent')}</Anchor>
        <div className="app-header-inner">
          <Anchor component={Link} to="/" fw={700} c="inherit" underline="never" className="app-brand">{PRODUCT_NAME}</Anchor>
          <nav aria-label={t('nav.label')} className="app-nav">
            <Anchor component={NavLink} to="/" end>{t('nav.home')}</Anchor>
            {loggedIn && <Suspense fallback={null}><AreaLinks /></Suspense>}
          </nav>
          {loggedIn && <Suspense fallback={null}><NotificationBell /></Suspense>}
          <div className="app-tools">
            <LanguageSwitcher />
            {loggedIn
              ? <Button variant="light" onClick={logOut}>{t('nav.logout')}</Button>
              : <Button component={Link} to="/login" variant="light">{t('nav.login')}</Button>}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="app-main">
        <Box maw={1100} mx="auto">
          <Suspense fallback={<Loader aria-label={t('common.loading')} m="xl" />}>
            <Outlet />
          </Suspense>
        </Box>
      </main>
      <ScrollRestoration />
    </>
  );
}
