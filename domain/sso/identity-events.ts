/**
 * Events of a linked sign-in identity (stream `ssoidentity-<key>`, docs/decisions/0046). One stream
 * per (provider, issuer, subject): creating it is the uniqueness check, as `useremail-` streams are
 * for e-mail addresses, so one provider account can never be linked to two people, even in a race.
 */
import { z } from 'zod';
import { ssoProviderSchema } from './providers';

const identityShape = {
  userId: z.uuid(),
  provider: ssoProviderSchema,
  issuer: z.string().min(1).max(2000),
  subject: z.string().min(1).max(500),
  /** The ecosystem whose configuration the person signed in through. */
  ecosystemId: z.uuid(),
};

export const ssoIdentityLinkedSchema = z.object({
  ...identityShape,
  /** As the provider stated it at linking; null when it gave none. */
  email: z.string().max(320).nullable(),
  emailVerified: z.boolean(),
  /** This sign-in created the account (it has no password its person knows until they set one). */
  accountCreated: z.boolean().default(false),
});
export const ssoIdentityUnlinkedSchema = z.object(identityShape);

export type SsoIdentityLinked = { type: 'SsoIdentityLinked'; data: z.infer<typeof ssoIdentityLinkedSchema> };
export type SsoIdentityUnlinked = { type: 'SsoIdentityUnlinked'; data: z.infer<typeof ssoIdentityUnlinkedSchema> };
export type SsoIdentityEvent = SsoIdentityLinked | SsoIdentityUnlinked;

export const ssoIdentityEventSchemas = {
  SsoIdentityLinked: ssoIdentityLinkedSchema,
  SsoIdentityUnlinked: ssoIdentityUnlinkedSchema,
};
