/**
 * The e-mail reservation aggregate (stream `useremail-<sha256(normalised e-mail)>`). E-mail
 * uniqueness needs a read across users; instead of a read model (which lags), each address gets a
 * stream of its own that can be created once: the append with expected revision `no_stream` is the
 * uniqueness check, and the event store's optimistic concurrency settles races.
 */
import { z } from 'zod';

export const userEmailReservedSchema = z.object({
  email: z.string(),
  userId: z.uuid(),
});

export type UserEmailReserved = { type: 'UserEmailReserved'; data: z.infer<typeof userEmailReservedSchema> };
/** The address is free again: its holder moved to another address (decision 0049). */
export const userEmailReleasedSchema = z.object({ email: z.string(), userId: z.uuid() });

export type UserEmailReleased = { type: 'UserEmailReleased'; data: z.infer<typeof userEmailReleasedSchema> };
export type UserEmailEvent = UserEmailReserved | UserEmailReleased;

export const userEmailEventSchemas = { UserEmailReserved: userEmailReservedSchema, UserEmailReleased: userEmailReleasedSchema };
