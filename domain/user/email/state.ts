/** Whether an e-mail address is taken, and by whom. */
import type { Aggregate } from '../../shared/decider';
import { userEmailEventSchemas, type UserEmailEvent } from './events';

export type UserEmailState =
  | { status: 'free' }
  | { status: 'reserved'; email: string; userId: string };

export function evolve(state: UserEmailState, event: UserEmailEvent): UserEmailState {
  switch (event.type) {
    case 'UserEmailReserved':
      return { status: 'reserved', email: event.data.email, userId: event.data.userId };
    case 'UserEmailReleased':
      return { status: 'free' };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

/**
 * `useremail`, not `user-email`: the category is the stream name up to its first dash, so
 * `user-email-...` would land reservations in the `user` category next to the user streams.
 */
export const userEmailAggregate: Aggregate<UserEmailState, UserEmailEvent> = {
  category: 'useremail',
  initialState: { status: 'free' },
  evolve,
  eventSchemas: userEmailEventSchemas,
};
