/**
 * The profile events of the User aggregate. Their `changes` are patches that the decider has
 * already validated (fields.ts, ecosystem-profile.ts); the event schema only checks their form, so
 * a rule tightened later never makes an old event unreadable (docs/decisions/0016).
 */
import { z } from 'zod';
import type { EcosystemProfileChanges } from './ecosystem-profile';
import type { ProfileChanges } from './fields';

// The decider validated the patch field by field; the event only needs to be an object of fields.
const patch = <T>() => z.record(z.string(), z.unknown()).transform((changes) => changes as T);

export const userProfileEditedSchema = z.object({
  userId: z.uuid(),
  changes: patch<ProfileChanges>(),
});

export const ecosystemProfileEditedSchema = z.object({
  userId: z.uuid(),
  ecosystemId: z.uuid(),
  changes: patch<EcosystemProfileChanges>(),
});
