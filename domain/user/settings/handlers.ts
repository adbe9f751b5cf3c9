/**
 * Notification settings as a command of their own: the settings sent are laid over the person's
 * current preferences inside the decider, from the stream, so two edits of different kinds made
 * at once never undo each other (a merge in the API would read a possibly older read model).
 * The result is an ordinary profile edit (UserProfileEdited), checked by the same rules.
 */
import { z } from 'zod';
import type { CommandHandler } from '../../shared/decider';
import { requireRegistered } from '../decide';
import type { UserEvent } from '../events';
import { editProfile } from '../profile/decide';
import { profileChangesSchema } from '../profile/fields';
import { userAggregate, type UserState } from '../state';
import { VARIANT_KINDS, withSettings, type NotificationVariant, type Preferences } from './notifications';

const VARIANTS = Object.keys(VARIANT_KINDS) as [NotificationVariant, ...NotificationVariant[]];

export const editNotificationSettingsInput = z.object({
  userId: z.uuid(),
  variant: z.enum(VARIANTS),
  settings: z.array(z.object({ kind: z.string().max(40), email: z.boolean(), text: z.boolean() }).strict()).min(1).max(20),
});
export type EditNotificationSettingsInput = z.infer<typeof editNotificationSettingsInput>;

export const editNotificationSettings: CommandHandler<EditNotificationSettingsInput, UserState, UserEvent> = {
  type: 'EditNotificationSettings',
  input: editNotificationSettingsInput,
  aggregate: userAggregate,
  aggregateId: (input) => input.userId,
  ecosystemId: () => null,
  decide: (input, state, ctx) => {
    const user = requireRegistered(state);
    const current: Preferences<string> = user.profile[input.variant];
    const next = withSettings(current, input.settings, 'settings');
    // The same rules as any profile edit: every kind of the variant, no other kind, true or false.
    const changes = profileChangesSchema.parse({ [input.variant]: next });
    return editProfile(user, { userId: input.userId, changes }, ctx);
  },
};
