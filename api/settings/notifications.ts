/**
 * The three notification mutations (schema/settings.graphql, docs/decisions/0050). Each finds the
 * person, asks the people policies whether the viewer may edit their profile, checks that the
 * person has settings of that variant (staff ones for staff, teachers and admins, parent ones for
 * parents), then dispatches one EditNotificationSettings command. Refused input writes nothing.
 */
import { ForbiddenError, ValidationError } from '../../domain/shared/errors';
import { editNotificationSettings } from '../../domain/user/settings/handlers';
import { settingsMessages } from '../../domain/user/settings/messages';
import { hasVariant, type ChannelSetting, type NotificationVariant } from '../../domain/user/settings/notifications';
import { USERS_PROJECTION } from '../../projections/users';
import type { UserSource } from '../auth/user-source';
import type { RequestContext } from '../context';
import { allow, payload } from '../people/mutations';
import { targetOf, type Target } from '../people/target';

/** Every field the decider names (`settings`, `changes.notificationPreference`) is the argument `input`. */
async function asInput<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    throw new ValidationError(err.userMessage, Object.fromEntries(Object.values(err.fields).slice(0, 1).map((m) => ['input', m])));
  }
}

async function edit(ctx: RequestContext, target: Target, variant: NotificationVariant, settings: ChannelSetting[]): Promise<UserSource> {
  allow(target, { type: 'edit' });
  if (!hasVariant(target.person.roles, variant)) {
    throw new ForbiddenError(variant === 'staffNotificationPreference' ? settingsMessages.staffOnly : settingsMessages.parentOnly);
  }
  const command = { userId: target.person.userId, variant, settings };
  await asInput(() => ctx.execute(editNotificationSettings, command, { waitFor: [USERS_PROJECTION] }));
  return payload(ctx, target);
}

export async function editNotificationSettingsMutation(ctx: RequestContext, userId: string | null | undefined, input: ChannelSetting[]) {
  return edit(ctx, await targetOf(ctx, userId), 'notificationPreference', input);
}

export async function editStaffNotificationSettingMutation(ctx: RequestContext, userId: string | null | undefined, input: ChannelSetting) {
  return edit(ctx, await targetOf(ctx, userId), 'staffNotificationPreference', [input]);
}

/**
 * A parent's own settings only: the settings a family connection carries per child (spec section 3,
 * familyConnections.notifPreferences) belong to the families part, not to this mutation.
 */
export async function editParentNotificationsMutation(ctx: RequestContext, input: ChannelSetting[]) {
  return edit(ctx, await targetOf(ctx, null), 'parentNotificationPreference', input);
}
