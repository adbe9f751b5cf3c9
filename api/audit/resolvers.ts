import { listBreadcrumbs, type Breadcrumb } from '../../projections/audit';
import { getEcosystemsByIds, getProgramsByIds } from '../../projections/tenants/queries';
import { findUser } from '../../projections/users/queries';
import type { RequestContext } from '../context';
import type { Resolvers } from '../__generated__/resolvers';
import { authorize } from '../auth/policy';
import { anyIdOf, idOf, toGlobalId } from '../relay';

/** Names of the actors the viewer may see (row-level security hides the rest); a page has few distinct actors. */
async function actorNames(ctx: RequestContext, userIds: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(userIds)];
  const users = await ctx.read((c) => Promise.all(unique.map((id) => findUser(c, id))));
  return new Map(users.flatMap((u) => (u ? [[u.id, `${u.preferredName ?? u.firstName} ${u.lastName}`.trim() || u.email] as const] : [])));
}

/** Current names of the ecosystems and programs a page of breadcrumbs is about, by id. */
async function targetNames(ctx: RequestContext, rows: Breadcrumb[]): Promise<Map<string, string>> {
  const idsOf = (type: string) => [...new Set(rows.filter((r) => r.targetType === type).map((r) => r.targetId))];
  const [ecosystems, programs] = await ctx.read((c) => Promise.all([getEcosystemsByIds(c, idsOf('ecosystem')), getProgramsByIds(c, idsOf('program'))]));
  return new Map([...ecosystems, ...programs].map((t) => [t.id, t.name]));
}

export const auditResolvers: Resolvers = {
  Query: {
    async getEcosystemBreadcrumbs(_root, args, ctx) {
      const ecosystemId = idOf('Ecosystem', args.ecosystemId);
      authorize(ctx, { type: 'ecosystem.audit', ecosystemId });
      const page = await ctx.read((client) => listBreadcrumbs(client, {
        ecosystemId, first: args.first ?? 50, after: args.after ?? null, targetId: args.targetId ? anyIdOf(args.targetId) : null,
      }));
      const [names, targets] = await Promise.all([actorNames(ctx, page.rows.map((r) => r.actorUserId)), targetNames(ctx, page.rows)]);
      return {
        edges: page.rows.map((row: Breadcrumb) => ({
          cursor: row.cursor,
          node: {
            id: toGlobalId('Breadcrumb', row.eventId),
            eventType: row.eventType,
            summary: row.summary,
            occurredAt: row.occurredAt,
            actorUserId: row.actorUserId,
            actorRole: row.actorRole,
            actorName: names.get(row.actorUserId) ?? null,
            targetType: row.targetType,
            targetId: row.targetId,
            targetName: targets.get(row.targetId) ?? null,
            programId: row.programId,
            changes: row.changes,
          },
        })),
        pageInfo: { hasNextPage: page.hasNextPage, hasPreviousPage: Boolean(args.after), startCursor: page.rows[0]?.cursor ?? null, endCursor: page.endCursor },
      };
    },
  },
};
