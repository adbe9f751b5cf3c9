/**
 * The route tree (SPEC section 2). Every page is loaded on demand through `lazy`; each page module
 * exports `Component` and, when it shows data, a `loader` that preloads its query. Errors below the
 * layout keep the header (RouteContent notes each page that rendered, for RouteError's reload
 * rule); unknown paths fall through to the not-found page.
 *
 * Pages that show data sit under one lazy layout route that provides Relay (relay/RelayOutlet),
 * so the log-in pages load without Relay's runtime. The internal admin panel is for platform
 * admins (router/PlatformArea); /admin is the ecosystem admins' area, and the programs and
 * audit-trail pages serve both.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { AppLayout, AppLoading } from '../components/AppLayout';
import { RouteContent } from '../components/RouteContent';
import { RouteError } from '../components/RouteError';
import { requireLogin } from './guards';
import { entityIdParam } from './ids';

interface PageModule {
  Component: ComponentType;
  loader?: LoaderFunction;
}

/**
 * A page about one ecosystem: a malformed :ecosystemId shows the not-found page before the page's
 * own loader asks the server anything (router/ids.ts).
 */
function ecosystemPage(load: () => Promise<PageModule>): () => Promise<PageModule> {
  return async () => {
    const page = await load();
    return {
      ...page,
      loader: (args: LoaderFunctionArgs) => {
        entityIdParam(args.params, 'ecosystemId', 'Ecosystem');
        return page.loader ? page.loader(args) : null;
      },
    };
  };
}

/** One ecosystem's pages, under the area's prefix for ecosystems. */
const ecosystemPages = (prefix: string): RouteObject[] => [
  { path: `${prefix}/:ecosystemId/programs`, lazy: ecosystemPage(() => import('../pages/programs/ProgramsPage')) },
  { path: `${prefix}/:ecosystemId/breadcrumbs`, lazy: ecosystemPage(() => import('../pages/breadcrumbs/BreadcrumbsPage')) },
];

export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    HydrateFallback: AppLoading,
    errorElement: <RouteError />,
    children: [{
      Component: RouteContent,
      errorElement: <RouteError />,
      children: [
        { path: 'login', lazy: () => import('../pages/login/LoginPage') },
        { path: 's/:profileId/login', lazy: () => import('../pages/login/EcosystemLoginPage') },
        {
          lazy: () => import('../relay/RelayOutlet'),
          children: [
            { index: true, lazy: () => import('../pages/home/HomePage') },
            { path: 'edit-profile', lazy: () => import('../pages/profile/EditProfilePage') },
            { path: 'students', lazy: () => import('../pages/students/StudentsPage') },
            {
              path: 'internal-admin-panel',
              lazy: () => import('./PlatformArea'),
              children: [
                { index: true, lazy: () => import('../pages/admin/AdminRootPage') },
                { path: 'manage-ecosystems', lazy: () => import('../pages/ecosystems/ManageEcosystemsPage') },
                ...ecosystemPages('manage-ecosystems'),
                { path: 'outbox', lazy: () => import('../pages/outbox/OutboxPage') },
                { path: 'outbox/:messageId', lazy: () => import('../pages/outbox/OutboxMessagePage') },
              ],
            },
            {
              path: 'admin',
              loader: ({ request }: LoaderFunctionArgs) => { requireLogin(request); return null; },
              children: [
                { index: true, lazy: () => import('../pages/ecosystem-admin/EcosystemAdminPage') },
                ...ecosystemPages('ecosystems'),
              ],
            },
            { path: 'account-settings/multi-factor-authentication', lazy: () => import('../pages/account-settings/MultiFactorPage') },
            { path: 'account-settings/password', lazy: () => import('../pages/account-settings/PasswordPage') },
          ],
        },
        { path: '*', lazy: () => import('../pages/NotFoundPage') },
      ],
    }],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
