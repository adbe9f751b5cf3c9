/** Paths of the internal admin panel, shared by the route tree, links and redirects. */
export const ADMIN_ROOT = '/internal-admin-panel';
export const ECOSYSTEMS_PATH = `${ADMIN_ROOT}/manage-ecosystems`;
export const programsPath = (ecosystemId: string) => `${ECOSYSTEMS_PATH}/${encodeURIComponent(ecosystemId)}/programs`;
export const breadcrumbsPath = (ecosystemId: string) => `${ECOSYSTEMS_PATH}/${encodeURIComponent(ecosystemId)}/breadcrumbs`;
