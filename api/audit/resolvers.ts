import { listBreadcrumbs, type Breadcrumb } from '../../projections/audit';
import type { Resolvers } from '../__generated__/resolvers';
import { authorize } from '../auth/policy';
import { anyIdOf, idOf, toGlobalId } from '../relay';

export const auditResolvers: Resolvers = {
  Query: {
    async getEcosystemBreadcrumbs(_root, args, ctx) {
      const ecosystemId = idOf('Ecosystem', args.ecosystemId);
      authorize(ctx, { type: 'ecosystem.audit', ecosystemId });
      const page = await ctx.read((client) => listBreadcrumbs(client, {
        ecosystemId, first: args.first ?? 50, after: args.after ?? null, targetId: args.targetId ? anyIdOf(args.targetId) : null,
      }));
      const names = await ctx.services.auth.displayNames(page.rows.map((r) => r.actorUserId));
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
            programId: row.programId,
            changes: row.changes,
          },
        })),
        pageInfo: { hasNextPage: page.hasNextPage, hasPreviousPage: Boolean(args.after), startCursor: page.rows[0]?.cursor ?? null, endCursor: page.endCursor },
      };
    },
  },
};
