/**
 * Events of the Family aggregate (stream `family-<parentId>`): the children a parent or guardian
 * is linked to, per ecosystem, with the relationship and how the parent is told about each child
 * (docs/decisions/0048-families-and-connections.md).
 */
import { z } from 'zod';

/** How the adult is related to the learner. The spec names the field, not its values: these are ours. */
export const RELATIONSHIPS = ['PARENT', 'GUARDIAN', 'GRANDPARENT', 'SIBLING', 'OTHER'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

/** The channels of spec section 9 (Email, Text) by which the parent hears about this child. */
export const NOTIFICATION_CHANNELS = ['EMAIL', 'TEXT'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

const link = { parentId: z.uuid(), childId: z.uuid(), ecosystemId: z.uuid() };
export const notifPreferencesSchema = z.array(z.enum(NOTIFICATION_CHANNELS));

export const familyMemberLinkedSchema = z.object({
  ...link,
  relationship: z.enum(RELATIONSHIPS),
  notifPreferences: notifPreferencesSchema,
});
/** Only the fields that changed. */
export const familyConnectionEditedSchema = z.object({
  ...link,
  relationship: z.enum(RELATIONSHIPS).optional(),
  notifPreferences: notifPreferencesSchema.optional(),
});
export const familyMemberUnlinkedSchema = z.object(link);

export type FamilyMemberLinked = { type: 'FamilyMemberLinked'; data: z.infer<typeof familyMemberLinkedSchema> };
export type FamilyConnectionEdited = { type: 'FamilyConnectionEdited'; data: z.infer<typeof familyConnectionEditedSchema> };
export type FamilyMemberUnlinked = { type: 'FamilyMemberUnlinked'; data: z.infer<typeof familyMemberUnlinkedSchema> };
export type FamilyEvent = FamilyMemberLinked | FamilyConnectionEdited | FamilyMemberUnlinked;

export const familyEventSchemas = {
  FamilyMemberLinked: familyMemberLinkedSchema,
  FamilyConnectionEdited: familyConnectionEditedSchema,
  FamilyMemberUnlinked: familyMemberUnlinkedSchema,
};
