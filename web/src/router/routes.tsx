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
  { path: `${prefix}/:ecosystemId/invite`, lazy: ecosystemPage(() => import('../pages/invite/InvitePage')) },
  { path: `${prefix}/:ecosystemId/applications`, lazy: ecosystemPage(() => import('../pages/applications/ApplicationsPage')) },
  { path: `${prefix}/:ecosystemId/sso`, lazy: ecosystemPage(() => import('../pages/sso-setup/SsoSetupPage')) },
  { path: `${prefix}/:ecosystemId/leads`, lazy: ecosystemPage(() => import('../pages/leads/LeadsPage')) },
  { path: `${prefix}/:ecosystemId/sessions`, lazy: ecosystemPage(() => import('../pages/admin-sessions/AdminSessionsPage')) },
  { path: `${prefix}/:ecosystemId/programs/:programId/session-settings`, lazy: ecosystemPage(() => import('./deferred').then((m) => m.loadProgramSettingsPage())) },
  { path: `${prefix}/:ecosystemId/scheduling`, lazy: ecosystemPage(() => import('./deferred').then((m) => m.loadEcosystemSettingsPage())) },
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
        { path: 'verify/email', lazy: () => import('../pages/one-time/VerifyEmailPage') },
        { path: 'join', lazy: () => import('../pages/join/JoinPage') },
        { path: 'join/:token', lazy: () => import('../pages/join/JoinPage') },
        { path: 's/:profileId', lazy: () => import('../pages/signup/SignupLandingPage') },
        { path: 's/:profileId/signup', lazy: () => import('../pages/signup/SignupPage') },
        { path: 's/:profileId/signup/waiver', lazy: () => import('../pages/signup/WaiverPage') },
        // SPEC section 2's /s/:subPath/how-it-works: the landing page's section of that name.
        { path: 's/:profileId/how-it-works', lazy: () => import('../pages/signup/HowItWorksRedirect') },
        { path: 's/:profileId/login/:token', lazy: () => import('../pages/one-time/LoginLinkPage') },
        { path: 'signup', lazy: () => import('../pages/signup/FindOrganisationPage') },
        { path: 'signup/waiver', lazy: () => import('../pages/signup/FindOrganisationPage') },
        { path: 'su/h/:ticketId', lazy: () => import('../pages/signup/TicketPage') },
        { path: 'su/invalid', lazy: () => import('../pages/signup/InvalidTicketPage') },
        { path: 'login/:token', lazy: () => import('../pages/one-time/LoginLinkPage') },
        { path: 'forgot-password', lazy: () => import('../pages/one-time/ForgotPasswordPage') },
        { path: 'reset-password/:token', lazy: () => import('../pages/one-time/ResetPasswordPage') },
        // The unsubscribe link of notification e-mails (docs/decisions/0072): works signed out.
        { path: 'unsubscribe/:token', lazy: () => import('../pages/one-time/UnsubscribePage') },
        // Single sign-on return pages (SPEC section 2, docs/decisions/0046).
        ...['clever/success', 'classlink/success', 'edlink/success', 'schoology/success/saml', 'schoology/success/oauth',
          'oauth/redirect/:oauthProvider/:serverApiToken/:refreshToken']
          .map((path) => ({ path, lazy: () => import('../pages/sso/SsoReturnPage') })),
        ...['clever', 'classlink', 'google', 'edlink', 'schoology'].map((provider) => ({
          path: `${provider}/auth-fail`, lazy: () => import('../pages/sso/SsoFailPage'),
        })),
        {
          lazy: () => import('../relay/RelayOutlet'),
          children: [
            { index: true, lazy: () => import('../pages/home/HomePage') },
            { path: 'edit-profile', lazy: () => import('./deferred').then((m) => m.loadEditProfilePage()) },
            { path: 'students', lazy: () => import('./deferred').then((m) => m.loadStudentsPage()) },
            { path: 'sessions', lazy: () => import('./deferred').then((m) => m.loadSessionsPage()) },
            { path: 'classes/:name?', lazy: () => import('./deferred').then((m) => m.loadClassesRoute()) },
            { path: 'notifications', lazy: () => import('./deferred').then((m) => m.loadNotificationListPage()) },
            {
              path: 'internal-admin-panel',
              lazy: () => import('./PlatformArea'),
              children: [
                { index: true, lazy: () => import('../pages/admin/AdminRootPage') },
                { path: 'manage-ecosystems', lazy: () => import('../pages/ecosystems/ManageEcosystemsPage') },
                ...ecosystemPages('manage-ecosystems'),
                { path: 'outbox', lazy: () => import('./deferred').then((m) => m.loadOutboxPage()) },
                { path: 'outbox/:messageId', lazy: () => import('./deferred').then((m) => m.loadOutboxMessagePage()) },
                { path: 'message-templates', lazy: () => import('../pages/message-templates/MessageTemplatesPage') },
                { path: 'custom-lessonspace-video-audio-recording-export-definitions', lazy: () => import('../pages/recording-exports/RecordingExportsPage') },
                { path: 'scheduled-reports', lazy: () => import('./deferred').then((m) => m.loadScheduledReportsPage()) },
                { path: 'scheduled-reports/create-report', lazy: () => import('./deferred').then((m) => m.loadCreateReportPage()) },
                { path: 'ecosystem-jobs', lazy: () => import('./deferred').then((m) => m.loadEcosystemJobsPage()) },
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
            { path: 'account-settings/multi-factor-authentication', lazy: () => import('./deferred').then((m) => m.loadMultiFactorPage()) },
            { path: 'account-settings/password', lazy: () => import('./deferred').then((m) => m.loadPasswordPage()) },
            { path: 'account-settings', lazy: () => import('./deferred').then((m) => m.loadAccountSettingsPage()) },
            { path: 'account-settings/notifications', lazy: () => import('./deferred').then((m) => m.loadNotificationsPage()) },
            { path: 'account-settings/join-program', lazy: () => import('./deferred').then((m) => m.loadJoinProgramPage()) },
            { path: 'account-settings/linked-accounts', lazy: () => import('./deferred').then((m) => m.loadLinkedAccountsPage()) },
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
