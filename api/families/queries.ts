/**
 * Reading family links (decision 0048). A person's links show to the person, the admins over them
 * and their own linked parents; to anyone else (another family, another ecosystem) the answer is
 * empty, exactly as for a person who does not exist, so it never tells that a child is there.
 */
import { familyPolicy } from '../../domain/user/policy/family';
import type { FamilyConnectionRow } from '../../projections/families';
import type { FamilyConnection, UserConnection } from '../__generated__/resolvers';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { findDetails } from '../people/details';
import { userIdArg } from '../people/target';
import { toGlobalId } from '../relay';
import { withGuardians } from './guardians';
import { familyLinksOf } from './loaders';

/** The person's links the viewer may read: every link the tenant scope shows, or none. */
export async function readableLinks(ctx: RequestContext, userIdValue: string | null | undefined): Promise<{ userId: string; links: FamilyConnectionRow[] }> {
  const viewer = requireViewer(ctx);
  const userId = userIdValue ? userIdArg(userIdValue, 'userId') : viewer.userId;
  const details = await findDetails(ctx, userId);
  if (!details) return { userId, links: [] };
  const person = await withGuardians(ctx, { userId, roles: details.memberships });
  if (!familyPolicy(viewer, { type: 'readConnections' }, person)) return { userId, links: [] };
  return { userId, links: await familyLinksOf(ctx, userId) };
}

/** The other side of a link, seen from `userId`. */
function otherSide(userId: string, link: FamilyConnectionRow): { otherId: string; side: 'PARENT' | 'CHILD' } {
  return link.parentId === userId ? { otherId: link.childId, side: 'CHILD' } : { otherId: link.parentId, side: 'PARENT' };
}

export type FamilyConnectionSource = Omit<FamilyConnection, 'user'>;

export function familyConnection(userId: string, link: FamilyConnectionRow): FamilyConnectionSource {
  const { otherId, side } = otherSide(userId, link);
  return {
    userId: toGlobalId('User', otherId), side, relationship: link.relationship, notifPreferences: link.notifPreferences,
    ecosystemId: toGlobalId('Ecosystem', link.ecosystemId),
  };
}

export async function getFamilyConnections(ctx: RequestContext, userIdValue: string | null | undefined): Promise<FamilyConnectionSource[]> {
  const { userId, links } = await readableLinks(ctx, userIdValue);
  return links.map((link) => familyConnection(userId, link));
}

export async function getUserConnections(ctx: RequestContext, userIdValue: string | null | undefined): Promise<Array<Omit<UserConnection, 'user'>>> {
  const { userId, links } = await readableLinks(ctx, userIdValue);
  return links.map((link) => {
    const { otherId, side } = otherSide(userId, link);
    return { userId: toGlobalId('User', otherId), kind: side, ecosystemId: toGlobalId('Ecosystem', link.ecosystemId) };
  });
}

/** The viewer's own links in the ecosystems where they are in force. */
export async function hasConnections(ctx: RequestContext): Promise<boolean> {
  const viewer = requireViewer(ctx);
  return (await familyLinksOf(ctx, viewer.userId)).length > 0;
}
