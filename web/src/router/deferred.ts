/**
 * Second step of some routes' lazy loading: the route tree imports this one small module, which
 * then imports the page. Each page's preload list (its shared chunks) then lives in this module's
 * chunk instead of the entry, which the log-in page's budget counts (web/bundle-budget.unit.test.ts,
 * docs/decisions/0059); the cost is one small request more when the first of these pages opens.
 */
export const loadSessionsPage = () => import('../pages/sessions/SessionsPage');
export const loadClassesRoute = () => import('../pages/classes/ClassesRoute');
export const loadStudentsPage = () => import('../pages/students/StudentsPage');
export const loadEditProfilePage = () => import('../pages/profile/EditProfilePage');
export const loadOutboxPage = () => import('../pages/outbox/OutboxPage');
export const loadOutboxMessagePage = () => import('../pages/outbox/OutboxMessagePage');
export const loadMultiFactorPage = () => import('../pages/account-settings/MultiFactorPage');
export const loadPasswordPage = () => import('../pages/account-settings/PasswordPage');
export const loadAccountSettingsPage = () => import('../pages/account-settings/AccountSettingsPage');
export const loadNotificationsPage = () => import('../pages/account-settings/NotificationsPage');
export const loadJoinProgramPage = () => import('../pages/account-settings/JoinProgramPage');
export const loadLinkedAccountsPage = () => import('../pages/sso/LinkedAccountsPage');
export const loadScheduledReportsPage = () => import('../pages/reports/ScheduledReportsPage');
export const loadCreateReportPage = () => import('../pages/reports/CreateReportPage');
export const loadEcosystemJobsPage = () => import('../pages/ecosystem-jobs/EcosystemJobsPage');
export const loadProgramSettingsPage = () => import('../pages/program-settings/ProgramSettingsPage');
export const loadEcosystemSettingsPage = () => import('../pages/ecosystem-settings/EcosystemSettingsPage');
export const loadNotificationListPage = () => import('../pages/notifications/NotificationListPage');
// Not a page: the header's bell (decision 0073), whose preload list would otherwise sit in the entry too.
export const loadNotificationBell = () => import('../components/NotificationBell');
