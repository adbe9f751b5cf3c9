/**
 * The route tree (SPEC section 2). Every page is loaded on demand through `lazy`; each page module
 * exports `Component` and, when it shows data, a `loader` that preloads its query. Errors below the
 * layout keep the header (RouteContent notes each page that rendered, for RouteError's reload
 * rule); unknown paths fall through to the not-found page.
 */
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout, AppLoading } from '../components/AppLayout';
import { RouteContent } from '../components/RouteContent';
import { RouteError } from '../components/RouteError';

export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    HydrateFallback: AppLoading,
    errorElement: <RouteError />,
    children: [{
      Component: RouteContent,
      errorElement: <RouteError />,
      children: [
        { index: true, lazy: () => import('../pages/home/HomePage') },
        { path: 'login', lazy: () => import('../pages/login/LoginPage') },
        { path: 'internal-admin-panel', lazy: () => import('../pages/admin/AdminRootPage') },
        { path: 'internal-admin-panel/manage-ecosystems', lazy: () => import('../pages/ecosystems/ManageEcosystemsPage') },
        { path: 'internal-admin-panel/manage-ecosystems/:ecosystemId/programs', lazy: () => import('../pages/programs/ProgramsPage') },
        { path: 'internal-admin-panel/manage-ecosystems/:ecosystemId/breadcrumbs', lazy: () => import('../pages/breadcrumbs/BreadcrumbsPage') },
        { path: '*', lazy: () => import('../pages/NotFoundPage') },
      ],
    }],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
