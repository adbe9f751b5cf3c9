/**
 * The User and Profile fields of spec section 3 that the people model adds (schema/people.graphql).
 * Fields from the roles in force (canMessage, programs, profileTypes, rolesLabel without a browsed
 * ecosystem) cost no statement, like the roles themselves (decision 0032); the rest read the
 * person's details once per request (details.ts).
 */
import { IN_FORCE, isProgramRole } from '../../domain/user/events';
import { profileTypesOf } from '../../domain/user/profile/profile-types';
import { rolesLabelParts } from '../../domain/user/roles-label';
import { shownStatus } from '../../domain/user/roles';
import type { StoredProfile } from '../../domain/user/state';
import { settingsList } from '../../domain/user/settings/notifications';
import type { ProfileResolvers, Resolvers } from '../__generated__/resolvers';
import type { RequestContext } from '../context';
import { translate } from '../i18n/catalogue';
import { toGlobalId } from '../relay';
import type { UserSource } from '../auth/user-source';
import { readEcosystem, uuidArg } from '../tenants/access';
import { readableDetails, type ReadLevel } from './details';
import { browsedEcosystemId } from './target';

/** (xxx) xxx-xxxx, as spec section 5 shows phone numbers. */
export function formatPhone(digits: string | null): string | null {
  return digits && /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
}

/** Each stored field and the level of the people policies it needs (details.ts). */
const FIELD_LEVELS: Record<ReadLevel, ReadonlyArray<keyof StoredProfile>> = {
  card: [
    'picture', 'status', 'bio', 'school', 'gradeLevel', 'canDrive', 'timeZoneId', 'languagePreference', 'education', 'skillsAccomplishments',
    'hobbiesInterests', 'availabilityDesc', 'dailyAvaliability', 'availableHours', 'availabilityOverrides', 'advanceLimit', 'advanceLength',
    'currentInstitution', 'preferredSubjects',
  ],
  contact: ['phoneNumber'],
  profile: [
    'hasSignedAgreement', 'hasSeenWelcomeDialog', 'carnegieLearningParentConsentCheck', 'primaryPayoutMethod', 'clientProfileType',
    'internalApprovalStatus', 'backgroundCheckStatus', 'tzUpdateInfo', 'tzCooldownInfo',
  ],
  private: [
    'hourlyWage', 'bundleAmt', 'parentGuardianContacts', 'applicantType', 'currentMajor', 'expectedGraduationDate', 'gpa', 'gradesForTutoring',
    'languagesSpoken', 'organizationType', 'organizationName', 'recruitmentSource', 'previousTeachingExperienceType', 'universityStudentType',
    'demographics',
  ],
};

type FieldResolver = (user: UserSource, args: unknown, ctx: RequestContext) => Promise<unknown>;

function plainFields(): Record<string, FieldResolver> {
  return Object.fromEntries(Object.entries(FIELD_LEVELS).flatMap(([level, fields]) => fields.map((field) =>
    [field, async (user: UserSource, _args: unknown, ctx: RequestContext) => (await readableDetails(ctx, user.id, level as ReadLevel)).profile[field]])));
}

async function rolesLabel(user: UserSource, ctx: RequestContext): Promise<string> {
  const ecosystemId = await browsedEcosystemId(ctx);
  const roles = ecosystemId ? user.roles.filter((r) => r.ecosystemId === ecosystemId) : user.roles;
  const terms = ecosystemId && roles.length ? await readEcosystem(ctx, ecosystemId) : null;
  return rolesLabelParts(roles, { platformAdmin: user.platformAdmin, terms }).map((part) => (typeof part === 'string' ? part : translate(part, ctx.locale))).join(', ');
}

const profileResolvers: ProfileResolvers = {
  formattedPhoneNumber: async (user, _args, ctx) => formatPhone((await readableDetails(ctx, user.id, 'contact')).profile.phoneNumber),
  profileId: (user) => user.id,
  profileTypes: (user) => profileTypesOf(user.roles, user.platformAdmin),
  // Account settings (docs/decisions/0050): shown to whoever may read the profile.
  notificationPreference: async (user, _args, ctx) =>
    settingsList((await readableDetails(ctx, user.id, 'profile')).profile.notificationPreference, 'notificationPreference'),
  staffNotificationPreference: async (user, _args, ctx) =>
    settingsList((await readableDetails(ctx, user.id, 'profile')).profile.staffNotificationPreference, 'staffNotificationPreference'),
  parentNotificationPreference: async (user, _args, ctx) =>
    settingsList((await readableDetails(ctx, user.id, 'profile')).profile.parentNotificationPreference, 'parentNotificationPreference'),
  ecosystemRoles: async (user, _args, ctx) => {
    const { memberships, locked } = await readableDetails(ctx, user.id, 'profile');
    return memberships.map((m) => ({
      role: m.role, ecosystemId: toGlobalId('Ecosystem', m.ecosystemId), programId: m.programId ? toGlobalId('Program', m.programId) : null,
      status: shownStatus(m, locked), isArchived: locked || !IN_FORCE.has(m.status), type: isProgramRole(m.role) ? 'PROGRAM' as const : 'ECOSYSTEM' as const,
    }));
  },
};

export const peopleFieldResolvers: Resolvers = {
  User: {
    canMessage: (user) => user.roles.length > 0,
    programs: (user) => [...new Set(user.roles.flatMap((r) => (r.programId ? [r.programId] : [])))].map((id) => toGlobalId('Program', id)),
    rolesLabel: (user, _args, ctx) => rolesLabel(user, ctx),
    mode: async (user, _args, ctx) => (await readableDetails(ctx, user.id, 'profile')).mode,
    ecosystemProfile: async (user, args, ctx) => {
      const ecosystemId = args.ecosystemId ? uuidArg('Ecosystem', args.ecosystemId, 'ecosystemId') : await browsedEcosystemId(ctx);
      if (!ecosystemId) return null;
      const details = await readableDetails(ctx, user.id, 'profile');
      const profile = details.ecosystemProfiles.get(ecosystemId);
      if (!profile && !details.memberships.some((m) => m.ecosystemId === ecosystemId)) return null;
      return { ecosystemId: toGlobalId('Ecosystem', ecosystemId), isWelcomeFlowComplete: false, customProperties: [], subjects: [], availability: [], ...profile };
    },
  },
  Profile: { ...(plainFields() as ProfileResolvers), ...profileResolvers },
};
