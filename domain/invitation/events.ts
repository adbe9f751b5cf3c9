/**
 * Events of the Invitation aggregate (stream `invitation-<invitationId>`, docs/decisions/0040). One
 * invitation asks one person into one role of an ecosystem (or of one of its programs). The invite
 * token itself never appears: events carry its SHA-256, so the log and its backups hold nothing a
 * reader could present as a link.
 */
import { z } from 'zod';
import { grantableRoleSchema } from '../user/events';

/** SHA-256 of the token, in hex. */
export const tokenHashSchema = z.string().regex(/^[0-9a-f]{64}$/);
export const INVITE_LANGUAGES = ['en', 'es'] as const;

export const invitationIssuedSchema = z.object({
  invitationId: z.uuid(),
  ecosystemId: z.uuid(),
  programId: z.uuid().nullable(),
  role: grantableRoleSchema,
  userId: z.uuid(),
  /** Normalised (trimmed, lower-case). */
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The language the invitee's e-mails are written in. */
  language: z.enum(INVITE_LANGUAGES),
  invitedBy: z.uuid(),
  tokenHash: tokenHashSchema,
  expiresAt: z.iso.datetime({ offset: true }),
});
export const invitationReissuedSchema = z.object({
  invitationId: z.uuid(),
  tokenHash: tokenHashSchema,
  expiresAt: z.iso.datetime({ offset: true }),
  /** 2 for the first resend: keys the e-mail of this issue (one e-mail per issue). */
  issue: z.number().int().min(2),
});
export const invitationAcceptedSchema = z.object({ invitationId: z.uuid(), userId: z.uuid() });

export type InvitationIssued = { type: 'InvitationIssued'; data: z.infer<typeof invitationIssuedSchema> };
export type InvitationReissued = { type: 'InvitationReissued'; data: z.infer<typeof invitationReissuedSchema> };
export type InvitationAccepted = { type: 'InvitationAccepted'; data: z.infer<typeof invitationAcceptedSchema> };

export type InvitationEvent = InvitationIssued | InvitationReissued | InvitationAccepted;

export const invitationEventSchemas = {
  InvitationIssued: invitationIssuedSchema,
  InvitationReissued: invitationReissuedSchema,
  InvitationAccepted: invitationAcceptedSchema,
};
