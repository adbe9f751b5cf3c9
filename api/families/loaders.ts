/**
 * Per-request batching of family reads (api/loaders.ts): the connections of many people, and many
 * people by id, each in one statement.
 */
import { connectionsOf, type FamilyConnectionRow } from '../../projections/families';
import { usersByIds, type UserRow } from '../../projections/users';
import type { RequestContext } from '../context';
import { loaderOf, type LoaderSpec } from '../loaders';

const connections: LoaderSpec<string, FamilyConnectionRow[]> = {
  name: 'families.connections',
  async fetch(client, keys) {
    const rows = await connectionsOf(client, keys);
    return new Map(keys.map((id) => [id, rows.filter((r) => r.parentId === id || r.childId === id)]));
  },
};

const users: LoaderSpec<string, UserRow> = { name: 'families.users', fetch: (client, keys) => usersByIds(client, keys) };

/** Every family link of the person that the tenant scope shows, as parent or as child. */
export async function familyLinksOf(ctx: RequestContext, userId: string): Promise<FamilyConnectionRow[]> {
  return (await loaderOf(ctx, connections).load(userId)) ?? [];
}

/** A person as the tenant scope shows them, batched; null when not visible. */
export function visibleUser(ctx: RequestContext, userId: string): Promise<UserRow | null> {
  return loaderOf(ctx, users).load(userId);
}

/** The parents and guardians linked to the person, for the people policies (Person.guardians). */
export async function guardiansOf(ctx: RequestContext, userId: string): Promise<Array<{ userId: string; ecosystemId: string }>> {
  return (await familyLinksOf(ctx, userId)).filter((r) => r.childId === userId).map((r) => ({ userId: r.parentId, ecosystemId: r.ecosystemId }));
}
