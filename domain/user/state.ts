/** State of one user, folded from its stream (docs/decisions/0034-people-and-roles.md). */
import type { Aggregate } from '../shared/decider';
import { mergePatch } from '../ecosystem/patch';
import { userEventSchemas, type RoleGrant, type RoleGrantKey, type UserEvent, type UserMode } from './events';
import { EMPTY_ECOSYSTEM_PROFILE, type EcosystemProfile } from './profile/ecosystem-profile';
import { EMPTY_PROFILE, type ProfileFields } from './profile/fields';

/** The profile without the names, which the account holds (they came first, with the registration). */
export type StoredProfile = Omit<ProfileFields, 'firstName' | 'lastName' | 'preferredName'>;

export interface RegisteredUser {
  status: 'registered';
  userId: string;
  email: string;
  /** Whether `email` was proved by a VERIFY_EMAIL link (docs/decisions/0042). */
  emailVerified: boolean;
  /** A new address the person asked for, not yet verified: `email` stays the log-in address until it is. */
  pendingEmail: string | null;
  firstName: string;
  lastName: string;
  preferredName: string | null;
  passwordHash: string;
  platformAdmin: boolean;
  /** Every role grant with its status, in force or not. */
  roles: RoleGrant[];
  /** Locked platform-wide by a platform admin: every ecosystem role shows GLOBAL_LOCK, none is in force. */
  locked: boolean;
  /** Null until the person first switches; the web app then starts from their roles. */
  mode: UserMode | null;
  profile: StoredProfile;
  /** By ecosystem id. */
  ecosystemProfiles: Record<string, EcosystemProfile>;
}

export type UserState = { status: 'unregistered' } | RegisteredUser;

export const initialUserState: UserState = { status: 'unregistered' };

export function sameGrant(a: RoleGrantKey, b: RoleGrantKey): boolean {
  return a.ecosystemId === b.ecosystemId && a.role === b.role && a.programId === b.programId;
}

function grantOf(data: RoleGrant): RoleGrant {
  return { ecosystemId: data.ecosystemId, role: data.role, programId: data.programId, status: data.status };
}

function withRoleStatus(state: RegisteredUser, grant: RoleGrant): RegisteredUser {
  return { ...state, roles: state.roles.map((r) => (sameGrant(r, grant) ? grant : r)) };
}

function registered(event: Extract<UserEvent, { type: 'UserRegistered' }>): RegisteredUser {
  const { userId, email, firstName, lastName, preferredName, passwordHash, platformAdmin } = event.data;
  return {
    status: 'registered', userId, email, emailVerified: false, pendingEmail: null, firstName, lastName, preferredName, passwordHash, platformAdmin,
    roles: [], locked: false, mode: null, profile: EMPTY_PROFILE, ecosystemProfiles: {},
  };
}

function profileEdited(state: RegisteredUser, event: Extract<UserEvent, { type: 'UserProfileEdited' }>): RegisteredUser {
  const { firstName, lastName, preferredName, ...rest } = event.data.changes;
  return {
    ...state,
    firstName: firstName ?? state.firstName,
    lastName: lastName ?? state.lastName,
    preferredName: preferredName === undefined ? state.preferredName : preferredName,
    // Nested values (demographics, cooldown info) are replaced whole: the patch was validated whole.
    profile: { ...state.profile, ...rest },
  };
}

function ecosystemProfileEdited(state: RegisteredUser, event: Extract<UserEvent, { type: 'UserEcosystemProfileEdited' }>): RegisteredUser {
  const { ecosystemId, changes } = event.data;
  const current = state.ecosystemProfiles[ecosystemId] ?? EMPTY_ECOSYSTEM_PROFILE;
  return { ...state, ecosystemProfiles: { ...state.ecosystemProfiles, [ecosystemId]: mergePatch(current, changes) as EcosystemProfile } };
}

function evolveRegistered(state: RegisteredUser, event: UserEvent): RegisteredUser {
  switch (event.type) {
    case 'UserRegistered': return state;
    case 'EcosystemRoleGranted': {
      const grant = grantOf(event.data);
      return state.roles.some((r) => sameGrant(r, grant)) ? withRoleStatus(state, grant) : { ...state, roles: [...state.roles, grant] };
    }
    case 'EcosystemRoleRevoked': return { ...state, roles: state.roles.filter((r) => !sameGrant(r, event.data)) };
    case 'EcosystemRoleStatusChanged': return withRoleStatus(state, grantOf(event.data));
    case 'UserPasswordChanged': return { ...state, passwordHash: event.data.passwordHash };
    case 'UserLocked': return { ...state, locked: true };
    case 'UserUnlocked': return { ...state, locked: false };
    case 'UserModeSwitched': return { ...state, mode: event.data.mode };
    case 'UserProfileEdited': return profileEdited(state, event);
    case 'UserEcosystemProfileEdited': return ecosystemProfileEdited(state, event);
    case 'UserEmailVerified': return event.data.email === state.email ? { ...state, emailVerified: true } : state;
    case 'UserEmailChangeRequested': return { ...state, pendingEmail: event.data.email };
    case 'UserEmailChanged': return { ...state, email: event.data.email, emailVerified: event.data.verified ?? true, pendingEmail: null };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export function evolve(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') return registered(event);
  // Later events only ever follow a registration; an unregistered state ignores them.
  return state.status === 'registered' ? evolveRegistered(state, event) : state;
}

export const userAggregate: Aggregate<UserState, UserEvent> = {
  category: 'user',
  initialState: initialUserState,
  evolve,
  eventSchemas: userEventSchemas,
};
