/** State of one user, folded from its stream. */
import type { Aggregate } from '../shared/decider';
import { userEventSchemas, type RoleGrant, type UserEvent } from './events';

export type UserState =
  | { status: 'unregistered' }
  | {
      status: 'registered';
      userId: string;
      email: string;
      firstName: string;
      lastName: string;
      preferredName: string | null;
      passwordHash: string;
      platformAdmin: boolean;
      roles: RoleGrant[];
    };

export const initialUserState: UserState = { status: 'unregistered' };

export function sameGrant(a: RoleGrant, b: RoleGrant): boolean {
  return a.ecosystemId === b.ecosystemId && a.role === b.role && a.programId === b.programId;
}

function grantOf(data: RoleGrant): RoleGrant {
  return { ecosystemId: data.ecosystemId, role: data.role, programId: data.programId };
}

export function evolve(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') {
    return { status: 'registered', ...event.data, roles: [] };
  }
  // Later events only ever follow a registration; an unregistered state ignores them.
  if (state.status !== 'registered') return state;
  switch (event.type) {
    case 'EcosystemRoleGranted': {
      const grant = grantOf(event.data);
      return state.roles.some((r) => sameGrant(r, grant)) ? state : { ...state, roles: [...state.roles, grant] };
    }
    case 'EcosystemRoleRevoked': {
      const grant = grantOf(event.data);
      return { ...state, roles: state.roles.filter((r) => !sameGrant(r, grant)) };
    }
    case 'UserPasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const userAggregate: Aggregate<UserState, UserEvent> = {
  category: 'user',
  initialState: initialUserState,
  evolve,
  eventSchemas: userEventSchemas,
};
