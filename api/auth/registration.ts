/**
 * Registering an account: the one place that sequences the two commands (domain/user/handlers.ts).
 * First the e-mail is reserved in its own stream (the uniqueness check), then the user stream is
 * created. A crash between the two leaves a reservation that only the same user id can use, so
 * retrying with the same id completes the registration.
 */
import { emailSchema } from '../../domain/user/commands';
import type { GrantableRole } from '../../domain/user/events';
import { registerUser as registerUserCommand, reserveUserEmail } from '../../domain/user/handlers';
import type { Actor, Position } from '../../domain/shared/events';
import { hashPassword } from './password';
import { assertAcceptablePassword } from './password-policy';
import type { CommandDispatcher } from './service';

export interface RegistrationInput {
  userId: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  preferredName?: string | null;
  platformAdmin?: boolean;
}

export interface RoleInput {
  ecosystemId: string;
  role: GrantableRole;
  programId?: string | null;
}

export async function registerUser(bus: CommandDispatcher, input: RegistrationInput, options: { actor: Actor; now: Date }): Promise<Position | null> {
  assertAcceptablePassword(input.password, 'password', { email: input.email });
  const email = emailSchema.parse(input.email);
  const dispatchOptions = () => ({ actor: options.actor, commandId: crypto.randomUUID(), now: options.now.toISOString() });
  await bus.dispatch(reserveUserEmail, { email, userId: input.userId }, dispatchOptions());
  const passwordHash = await hashPassword(input.password);
  const result = await bus.dispatch(registerUserCommand, {
    userId: input.userId, email, firstName: input.firstName, lastName: input.lastName,
    preferredName: input.preferredName ?? null, passwordHash, platformAdmin: input.platformAdmin ?? false,
  }, dispatchOptions());
  return result.position;
}
