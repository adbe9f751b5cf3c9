/**
 * ensureUser: makes sure an account exists with at least these roles, acting only through commands.
 * Idempotent (the seeding runs it at every start, tests run it freely); an existing account keeps
 * its id and gains missing roles. Its password follows `existing`: reset to the given one (fixtures
 * and `npm run dev`, whose published log-ins must always work), kept (accounts created with a random
 * password printed once), or replaced only while it still is a published one. `platformAdmin`
 * applies when the account is created (no command changes it afterwards).
 */
import { IllegalStateError } from '../../domain/shared/errors';
import { fold } from '../../domain/shared/decider';
import { comparePositions, streamName, type Actor, type Position } from '../../domain/shared/events';
import type { UserEmailEvent } from '../../domain/user/email/events';
import { userEmailAggregate } from '../../domain/user/email/state';
import { userAggregate } from '../../domain/user/state';
import { emailSchema } from '../../domain/user/commands';
import { sha256Hex } from '../../domain/user/sha256';
import { changePassword, grantEcosystemRole, reserveUserEmail } from '../../domain/user/handlers';
import { loadCredentials, USERS_PROJECTION } from '../../projections/users';
import type { Services } from '../services';
import { hashPassword, verifyPassword } from './password';
import { registerUser, type RoleInput } from './registration';

export const SYSTEM_ACTOR: Actor = { userId: '00000000-0000-0000-0000-000000000000', role: 'SYSTEM' };

export interface EnsureUserInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  platformAdmin?: boolean;
  roles?: RoleInput[];
  /** What happens to an existing account's password; 'reset' when absent. */
  existing?: 'reset' | 'keep' | { replaceIf: string };
}

export interface EnsuredUser {
  userId: string;
  created: boolean;
  /** True when the account now has `password` because of this call (created, or its password changed). */
  passwordSet: boolean;
}

export type SeedServices = Pick<Services, 'apiPool' | 'bus' | 'projections' | 'eventStore' | 'config' | 'clock'>;

/**
 * A stable id per e-mail (UUID-shaped SHA-256 of it): a seeding interrupted after reserving the
 * e-mail resumes with the same id, which the reservation accepts.
 */
export function seedUserId(normalisedEmail: string): string {
  const h = sha256Hex(`seed-user:${normalisedEmail}`);
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function later(a: Position | null, b: Position | null): Position | null {
  if (!a || !b) return a ?? b;
  return comparePositions(a, b) >= 0 ? a : b;
}

async function emailHolder(services: SeedServices, email: string): Promise<string | null> {
  const stream = streamName(userEmailAggregate.category, reserveUserEmail.aggregateId({ email, userId: SYSTEM_ACTOR.userId }));
  const state = fold(userEmailAggregate, (await services.eventStore.readStream(stream)) as unknown as UserEmailEvent[]);
  return state.status === 'reserved' ? state.userId : null;
}

/** Whether an existing account's password must become the given one. */
async function needsPassword(passwordHash: string, input: EnsureUserInput): Promise<boolean> {
  const policy = input.existing ?? 'reset';
  if (policy === 'keep') return false;
  if (policy === 'reset') return !(await verifyPassword(passwordHash, input.password));
  return verifyPassword(passwordHash, policy.replaceIf);
}

export async function ensureUser(services: SeedServices, input: EnsureUserInput): Promise<EnsuredUser> {
  const { bus, projections, apiPool, config } = services;
  const email = emailSchema.parse(input.email);
  const options = () => ({ actor: SYSTEM_ACTOR, commandId: crypto.randomUUID(), now: services.clock().toISOString() });
  // Who holds the e-mail is read from its reservation stream, not the read model, which may lag (after
  // a restart, or while another transaction holds back visibility); then wait for that user's events.
  const reservedBy = await emailHolder(services, email);
  if (reservedBy) {
    const last = (await services.eventStore.readStream(streamName(userAggregate.category, reservedBy))).at(-1)?.position;
    if (last) await projections.waitFor(last, [USERS_PROJECTION], config.PROJECTION_WAIT_MS);
  }
  const existing = reservedBy ? await loadCredentials(apiPool, email) : null;
  const userId = existing?.userId ?? reservedBy ?? seedUserId(email);
  let last: Position | null = null;
  let created = false;
  let passwordSet = false;
  if (!existing) {
    try {
      last = await registerUser(bus, { ...input, userId, email }, { actor: SYSTEM_ACTOR, now: services.clock() });
      created = true;
      passwordSet = true;
    } catch (err) {
      // Registered by an earlier run whose events the read model had not shown yet: nothing to add.
      if (!(err instanceof IllegalStateError && err.conflictType === 'USER_EXISTS')) throw err;
    }
  } else if (await needsPassword(existing.passwordHash, input)) {
    last = (await bus.dispatch(changePassword, { userId, passwordHash: await hashPassword(input.password) }, options())).position;
    passwordSet = true;
  }
  for (const role of input.roles ?? []) {
    const result = await bus.dispatch(grantEcosystemRole, { userId, ecosystemId: role.ecosystemId, role: role.role, programId: role.programId ?? null }, options());
    last = later(last, result.position);
  }
  if (last) await projections.waitFor(last, [USERS_PROJECTION], config.PROJECTION_WAIT_MS);
  return { userId, created, passwordSet };
}
