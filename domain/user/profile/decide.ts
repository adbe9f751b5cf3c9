/**
 * Profile edits. Only fields whose value changes are recorded, and an edit that changes nothing
 * records nothing, so a form saved twice leaves one event. When someone other than the person
 * changes their time zone (an admin), the person's next visit shows the admin-update dialog
 * (tzUpdateInfo.showAdminUpdateDialog, spec section 3).
 */
import type { CommandContext } from '../../shared/decider';
import { IllegalStateError } from '../../shared/errors';
import type { EditEcosystemProfileInput, EditProfileInput } from '../commands';
import type { UserEvent } from '../events';
import { userMessages } from '../messages';
import type { RegisteredUser } from '../state';
import { EMPTY_ECOSYSTEM_PROFILE, mergeAnswers, type EcosystemProfile, type EcosystemProfileChanges } from './ecosystem-profile';
import type { ProfileChanges, ProfileFields } from './fields';
import { checkNotificationChanges } from '../settings/notifications';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function currentProfile(user: RegisteredUser): ProfileFields {
  return { ...user.profile, firstName: user.firstName, lastName: user.lastName, preferredName: user.preferredName };
}

function changedOnly<T extends object>(current: T, changes: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([k, v]) => v !== undefined && !same(current[k as keyof T], v))) as Partial<T>;
}

export function editProfile(user: RegisteredUser, input: EditProfileInput, ctx: CommandContext): UserEvent[] {
  const current = currentProfile(user);
  const changes: ProfileChanges = changedOnly(current, input.changes);
  checkNotificationChanges(user.roles, current, changes);
  if (changes.timeZoneId !== undefined && ctx.actor.userId !== user.userId && !current.tzUpdateInfo.showAdminUpdateDialog) {
    changes.tzUpdateInfo = { showAdminUpdateDialog: true };
  }
  return Object.keys(changes).length ? [{ type: 'UserProfileEdited', data: { userId: user.userId, changes } }] : [];
}

export function editEcosystemProfile(user: RegisteredUser, input: EditEcosystemProfileInput): UserEvent[] {
  // Any role in the ecosystem, whatever its status: an invited person fills in their profile before activating.
  if (!user.roles.some((r) => r.ecosystemId === input.ecosystemId)) throw new IllegalStateError(userMessages.notMember, 'NOT_MEMBER');
  const current: EcosystemProfile = user.ecosystemProfiles[input.ecosystemId] ?? EMPTY_ECOSYSTEM_PROFILE;
  const { properties, ...rest } = input.edit;
  const next: EcosystemProfileChanges = { ...rest };
  if (properties) next.customProperties = mergeAnswers(current.customProperties, properties, input.definitions);
  const changes = changedOnly(current, next);
  return Object.keys(changes).length
    ? [{ type: 'UserEcosystemProfileEdited', data: { userId: user.userId, ecosystemId: input.ecosystemId, changes } }]
    : [];
}
