/** Reserving an e-mail address for one user. */
import { z } from 'zod';
import { IllegalStateError } from '../../shared/errors';
import { emailSchema } from '../commands';
import { userMessages } from '../messages';
import { sha256Hex } from '../sha256';
import type { UserEmailEvent } from './events';
import type { UserEmailState } from './state';

export const reserveUserEmailInput = z.object({
  email: emailSchema,
  userId: z.uuid(),
});
export type ReserveUserEmailInput = z.infer<typeof reserveUserEmailInput>;

export const releaseUserEmailInput = reserveUserEmailInput;
export type ReleaseUserEmailInput = ReserveUserEmailInput;

export type UserEmailCommand = { type: 'ReserveUserEmail'; data: ReserveUserEmailInput } | { type: 'ReleaseUserEmail'; data: ReleaseUserEmailInput };

/** The reservation stream id of a normalised e-mail; hashed so no address appears in stream names. */
export function emailKey(normalisedEmail: string): string {
  return sha256Hex(normalisedEmail);
}

export function reserveUserEmail(input: ReserveUserEmailInput, state: UserEmailState): UserEmailEvent[] {
  if (state.status === 'free') return [{ type: 'UserEmailReserved', data: { email: input.email, userId: input.userId } }];
  // The same user reserving again is a retry of an interrupted registration: nothing to add.
  if (state.userId === input.userId) return [];
  throw new IllegalStateError(userMessages.emailTaken, 'EMAIL_TAKEN');
}

/** Frees the address when this user holds it; anything else (free, someone else's) records nothing. */
export function releaseUserEmail(input: ReleaseUserEmailInput, state: UserEmailState): UserEmailEvent[] {
  if (state.status !== 'reserved' || state.userId !== input.userId) return [];
  return [{ type: 'UserEmailReleased', data: { email: input.email, userId: input.userId } }];
}

export function decide(command: UserEmailCommand, state: UserEmailState): UserEmailEvent[] {
  switch (command.type) {
    case 'ReserveUserEmail':
      return reserveUserEmail(command.data, state);
    case 'ReleaseUserEmail':
      return releaseUserEmail(command.data, state);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
