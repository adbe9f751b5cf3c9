/** Inputs of the Family commands, validated by the command bus before `decide` runs. */
import { z } from 'zod';
import { NOTIFICATION_CHANNELS, RELATIONSHIPS } from './events';

const link = { parentId: z.uuid(), childId: z.uuid(), ecosystemId: z.uuid() };
/** Each channel once, in a stable order, so "the same preferences" is plain equality. */
const channels = z.array(z.enum(NOTIFICATION_CHANNELS)).max(NOTIFICATION_CHANNELS.length)
  .transform((list) => NOTIFICATION_CHANNELS.filter((c) => list.includes(c)));

export const linkFamilyMemberInput = z.object({
  ...link,
  relationship: z.enum(RELATIONSHIPS),
  notifPreferences: channels.default(['EMAIL']),
});
export const editFamilyConnectionInput = z.object({
  ...link,
  relationship: z.enum(RELATIONSHIPS).optional(),
  notifPreferences: channels.optional(),
});
export const unlinkFamilyMemberInput = z.object(link);

export type LinkFamilyMemberInput = z.infer<typeof linkFamilyMemberInput>;
export type EditFamilyConnectionInput = z.infer<typeof editFamilyConnectionInput>;
export type UnlinkFamilyMemberInput = z.infer<typeof unlinkFamilyMemberInput>;

export type FamilyCommand =
  | { type: 'LinkFamilyMember'; data: LinkFamilyMemberInput }
  | { type: 'EditFamilyConnection'; data: EditFamilyConnectionInput }
  | { type: 'UnlinkFamilyMember'; data: UnlinkFamilyMemberInput };
