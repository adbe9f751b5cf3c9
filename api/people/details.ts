/**
 * A person's details (profile, lock, mode, memberships, ecosystem profiles) for the User and
 * Profile fields of this request: the signed-in person's own through auth.own_profile, anyone
 * else's as the tenant scope shows them. Read once per person per request (loaders.ts), and read
 * again after a mutation's command.
 */
import { findPerson, ownProfile, EMPTY_DETAILS, type PersonDetails } from '../../projections/users';
import type { RequestContext } from '../context';
import { loaderOf, type LoaderSpec } from '../loaders';

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
