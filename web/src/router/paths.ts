/**
 * Paths of the two admin areas, shared by the route tree, links and redirects. Platform admins
 * work in the internal admin panel; ecosystem admins in /admin (SPEC section 2's admin route
 * group), which shows only their own ecosystems. The programs and audit-trail pages serve both
 * areas, and their links stay in the area they were opened from.
 */
import { useLocation } from 'react-router-dom';

export const ADMIN_ROOT = '/internal-admin-panel';
export const ECOSYSTEMS_PATH = `${ADMIN_ROOT}/manage-ecosystems`;
export const ECOSYSTEM_ADMIN_ROOT = '/admin';
/** The scheduled program-level reports and their form (platform admins, decision 0068). */
export const SCHEDULED_REPORTS_PATH = `${ADMIN_ROOT}/scheduled-reports`;
/** Big jobs: exports and reports in the background (platform admins, decision 0075). */
export const ECOSYSTEM_JOBS_PATH = `${ADMIN_ROOT}/ecosystem-jobs`;
export const CREATE_REPORT_PATH = `${SCHEDULED_REPORTS_PATH}/create-report`;

/** The outbox of every e-mail and text message (platform admins). */
export const OUTBOX_PATH = `${ADMIN_ROOT}/outbox`;
/** Previews of every message template (platform admins, decision 0076). */
export const MESSAGE_TEMPLATES_PATH = `${ADMIN_ROOT}/message-templates`;
/** The custom Lessonspace recording export definitions (platform admins; spec section 2's route). */
export const RECORDING_EXPORTS_PATH = `${ADMIN_ROOT}/custom-lessonspace-video-audio-recording-export-definitions`;

export function outboxMessagePath(messageId: string): string {
  return `${OUTBOX_PATH}/${encodeURIComponent(messageId)}`;
}

export type Area = 'platform' | 'ecosystem';

export interface AreaPaths {
  /** Where the area's list of ecosystems is ("Back to ecosystems"). */
  ecosystems: string;
  programs: (ecosystemId: string) => string;
  breadcrumbs: (ecosystemId: string) => string;
  invite: (ecosystemId: string) => string;
  applications: (ecosystemId: string) => string;
  /** Single sign-on set-up (docs/decisions/0046). */
  sso: (ecosystemId: string) => string;
  /** Sign-up leads (docs/decisions/0045). */
  leads: (ecosystemId: string) => string;
  /** The admin session summary (docs/decisions/0060). */
  sessions: (ecosystemId: string) => string;
  /** A program's session settings (decision 0070). */
  programSettings: (ecosystemId: string, programId: string) => string;
  /** The scheduling settings (decision 0071). */
  scheduling: (ecosystemId: string) => string;
}

const ecosystemBase: Record<Area, string> = { platform: ECOSYSTEMS_PATH, ecosystem: `${ECOSYSTEM_ADMIN_ROOT}/ecosystems` };

export function areaPaths(area: Area): AreaPaths {
  const base = (ecosystemId: string) => `${ecosystemBase[area]}/${encodeURIComponent(ecosystemId)}`;
  return {
    ecosystems: area === 'platform' ? ECOSYSTEMS_PATH : ECOSYSTEM_ADMIN_ROOT,
    programs: (ecosystemId) => `${base(ecosystemId)}/programs`,
    breadcrumbs: (ecosystemId) => `${base(ecosystemId)}/breadcrumbs`,
    invite: (ecosystemId) => `${base(ecosystemId)}/invite`,
    applications: (ecosystemId) => `${base(ecosystemId)}/applications`,
    sso: (ecosystemId) => `${base(ecosystemId)}/sso`,
    leads: (ecosystemId) => `${base(ecosystemId)}/leads`,
    sessions: (ecosystemId) => `${base(ecosystemId)}/sessions`,
    programSettings: (ecosystemId, programId) => `${base(ecosystemId)}/programs/${encodeURIComponent(programId)}/session-settings`,
    scheduling: (ecosystemId) => `${base(ecosystemId)}/scheduling`,
  };
}

export function areaOf(pathname: string): Area {
  return pathname === ADMIN_ROOT || pathname.startsWith(`${ADMIN_ROOT}/`) ? 'platform' : 'ecosystem';
}

/** The paths of the area the current page belongs to. */
export function useAreaPaths(): AreaPaths {
  return areaPaths(areaOf(useLocation().pathname));
}

/**
 * The same page in the ecosystem admins' area: where a non-platform admin is sent from the panel,
 * with its query (a shared link to a filtered trail stays filtered). Any other panel page goes to
 * the area's front page.
 */
export function ecosystemAreaPathFor(platformPath: string, search = ''): string {
  const rest = platformPath.slice(ECOSYSTEMS_PATH.length);
  return platformPath.startsWith(`${ECOSYSTEMS_PATH}/`) && /^\/[^/]+\/(programs|breadcrumbs|invite|applications|sso|scheduling)$/.test(rest)
    ? `${ECOSYSTEM_ADMIN_ROOT}/ecosystems${rest}${search}`
    : ECOSYSTEM_ADMIN_ROOT;
}

export const programsPath = areaPaths('platform').programs;
export const breadcrumbsPath = areaPaths('platform').breadcrumbs;
