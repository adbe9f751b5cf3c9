/**
 * The audit trail's queries (schema/audit.graphql): ecosystem admins and platform admins only,
 * read under the viewer's tenant scope. Names come from the trail itself (projections/audit), so
 * a platform admin who acted in an ecosystem is named there even though they are not its member.
 */
import {
  breadcrumbFacets, breadcrumbTargets, listBreadcrumbEntries, listBreadcrumbs, type Breadcrumb, type BreadcrumbEntry, type Page,
} from '../../projections/audit';
import type { RequestContext } from '../context';
import type { Resolvers } from '../__generated__/resolvers';
import { authorize, requireViewer } from '../auth/policy';
import { toGlobalId } from '../relay';
import { uuidArg } from '../tenants/access';
import { parseFilter } from './filter';

/** The ecosystem whose trail is read, once the viewer may read it. */
function auditedEcosystem(ctx: RequestContext, ecosystemIdArg: string): string {
  requireViewer(ctx);
  const ecosystemId = uuidArg('Ecosystem', ecosystemIdArg, 'ecosystemId');
  authorize(ctx, { type: 'ecosystem.audit', ecosystemId });
  return ecosystemId;
}

export function breadcrumbNode(row: Breadcrumb) {
  return {
    id: toGlobalId('Breadcrumb', row.eventId),
    eventType: row.eventType, summary: row.summary, occurredAt: row.occurredAt,
    actorUserId: row.actorUserId, actorRole: row.actorRole, actorName: row.actorName,
    targetType: row.targetType, targetId: row.targetId, targetName: row.targetName,
    programId: row.programId, changes: row.changes, runId: row.runId, unreadable: row.unreadable,
  };
}

function connection<T extends { cursor: string }, N>(page: Page<T>, after: string | null | undefined, node: (row: T) => N) {
  return {
    edges: page.rows.map((row) => ({ cursor: row.cursor, node: node(row) })),
    pageInfo: { hasNextPage: page.hasNextPage, hasPreviousPage: Boolean(after), startCursor: page.rows[0]?.cursor ?? null, endCursor: page.endCursor },
  };
}

function entryNode(entry: BreadcrumbEntry) {
  return { head: breadcrumbNode(entry.head), run: entry.run, stepCount: entry.stepCount, lastOccurredAt: entry.lastOccurredAt };
}

export const auditResolvers: Resolvers = {
  Query: {
    async getEcosystemBreadcrumbs(_root, args, ctx) {
      const ecosystemId = auditedEcosystem(ctx, args.ecosystemId);
      const filter = parseFilter(args.filter, args.targetId);
      const page = await ctx.read((client) => listBreadcrumbs(client, {
        ecosystemId, filter, first: args.first ?? 50, after: args.after ?? null, order: filter.runId ? 'oldest' : 'newest',
      }));
      return connection(page, args.after, breadcrumbNode);
    },
    async getEcosystemBreadcrumbEntries(_root, args, ctx) {
      const ecosystemId = auditedEcosystem(ctx, args.ecosystemId);
      const filter = parseFilter(args.filter);
      const page = await ctx.read((client) => listBreadcrumbEntries(client, { ecosystemId, filter, first: args.first ?? 50, after: args.after ?? null }));
      return connection(page, args.after, entryNode);
    },
    async getEcosystemBreadcrumbFacets(_root, args, ctx) {
      const ecosystemId = auditedEcosystem(ctx, args.ecosystemId);
      return ctx.read((client) => breadcrumbFacets(client, ecosystemId));
    },
    async getEcosystemBreadcrumbTargets(_root, args, ctx) {
      const ecosystemId = auditedEcosystem(ctx, args.ecosystemId);
      const targetType = parseFilter({ targetType: args.targetType }).targetType ?? null;
      const search = args.search?.slice(0, 200) ?? null;
      return ctx.read((client) => breadcrumbTargets(client, { ecosystemId, targetType, search, first: args.first ?? 50 }));
    },
  },
};
