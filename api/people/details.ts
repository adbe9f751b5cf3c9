/**
 * A person's details (profile, lock, mode, memberships, ecosystem profiles) for the User and
 * Profile fields of this request: the signed-in person's own through auth.own_profile, anyone
 * else's as the tenant scope shows them. Read once per person per request (loaders.ts), and read
 * again after a mutation's command.
 */
import { ForbiddenError } from '../../domain/shared/errors';
import type { Person, Principal } from '../../domain/user/policy/principal';
import { profilePolicy } from '../../domain/user/policy/profile';
import { userPolicy } from '../../domain/user/policy/user';
import { findPerson, ownProfile, EMPTY_DETAILS, type PersonDetails } from '../../projections/users';
import type { RequestContext } from '../context';
import { loaderOf, type LoaderSpec } from '../loaders';
import { withGuardians } from '../families/guardians';

async function each(keys: readonly string[], read: (id: string) => Promise<PersonDetails | null>): Promise<Map<string, PersonDetails>> {
  const found = new Map<string, PersonDetails>();
  for (const id of keys) {
    const details = await read(id);
    if (details) found.set(id, details);
  }
  return found;
}

const own: LoaderSpec<string, PersonDetails> = { name: 'people.own', fetch: (client, keys) => each(keys, (id) => ownProfile(client, id)) };
const others: LoaderSpec<string, PersonDetails> = { name: 'people.others', fetch: (client, keys) => each(keys, (id) => findPerson(client, id)) };

/** Null when the person is not visible to the request (only ever for someone else). */
export async function findDetails(ctx: RequestContext, userId: string): Promise<PersonDetails | null> {
  return loaderOf(ctx, ctx.viewer?.userId === userId ? own : others).load(userId);
}

/** For the fields of a User already shown: a person the request cannot see has empty details. */
export async function detailsOf(ctx: RequestContext, userId: string): Promise<PersonDetails> {
  return (await findDetails(ctx, userId)) ?? EMPTY_DETAILS;
}

/** How much of a person a field shows: the card, contact details, the profile, or its private parts. */
export type ReadLevel = 'card' | 'contact' | 'profile' | 'private';

function allowed(viewer: Principal | null, level: ReadLevel, person: Person): boolean {
  switch (level) {
    case 'card': return userPolicy(viewer, 'read', person);
    case 'contact': return userPolicy(viewer, 'readContact', person);
    case 'profile': return profilePolicy(viewer, { type: 'read' }, person);
    case 'private': return profilePolicy(viewer, { type: 'readPrivate' }, person);
    default: {
      const exhaustive: never = level;
      return exhaustive;
    }
  }
}

/**
 * The details behind a field of `level`, after the people policies (decision 0035): row-level
 * security shows a person to anyone of a shared tenant, the policies decide which parts of them.
 */
export async function readableDetails(ctx: RequestContext, userId: string, level: ReadLevel): Promise<PersonDetails> {
  const details = await detailsOf(ctx, userId);
  const person: Person = { userId, roles: details.memberships };
  // A parent may be allowed as the person's linked parent: only then are the links read (decision 0048).
  if (!allowed(ctx.viewer, level, person) && !allowed(ctx.viewer, level, await withGuardians(ctx, person))) throw new ForbiddenError();
  return details;
}
