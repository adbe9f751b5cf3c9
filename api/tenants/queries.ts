/**
 * Tenant queries. Every read runs in ctx.read, so row-level security limits it to the viewer's
 * tenants (platform admins: all); the two pre-log-in reads (the branded profile page and the
 * review-app search) read only the public profile table.
 */
import { DEFAULT_ECOSYSTEM_CONFIG } from '../../domain/ecosystem/config';
import {
  getEcosystemProfile, getEcosystemsByIds, getPlatformEcosystemDefaults, getProgramsByIds, listPrograms, searchEcosystemProfiles,
  searchEcosystems,
} from '../../projections/tenants/queries';
import type { QueryResolvers } from '../__generated__/resolvers';
import { authorize, requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { MAX_PAGE_SIZE } from '../relay';
import { headerEcosystemId, uuidArg } from './access';
import { primeRows } from '../loaders';
import { loaders } from './loaders';
import { inOrder, invalidArgument, namePage, requireReviewAppSecret } from './support';
import { apiMessages } from '../i18n/messages';

interface ListArgs {
  first?: number | null;
  after?: string | null;
  includeArchived?: boolean | null;
}

function ecosystemList(ctx: RequestContext, term: string | null, args: ListArgs) {
  requireViewer(ctx);
  return namePage(args, (limit, after) =>
    ctx.read((c) => searchEcosystems(c, term, { includeArchived: args.includeArchived ?? false, limit, after })), (e) => e.id);
}

export function programList(ctx: RequestContext, ecosystemIds: string[] | null, args: ListArgs) {
  return namePage(args, async (limit, after) => {
    // Summaries (no settings): a field that needs a setting loads the full rows, batched (types.ts).
    return ctx.read((c) => listPrograms(c, ecosystemIds, { includeArchived: args.includeArchived ?? false, limit, after }));
  }, (p) => p.id);
}

function idList(type: 'Ecosystem' | 'Program', ids: readonly string[], field: string): string[] {
  if (ids.length > MAX_PAGE_SIZE) throw invalidArgument(field, apiMessages.tooManyIds({ max: MAX_PAGE_SIZE }));
  return ids.map((id, i) => uuidArg(type, id, `${field}.${i}`));
}

export const tenantQueries: QueryResolvers = {
  getEcosystems: (_root, args, ctx) => ecosystemList(ctx, null, args),
  searchEcosystems: (_root, args, ctx) => ecosystemList(ctx, args.searchTerm ?? null, args),

  async reviewAppSearchEcosystems(_root, args, ctx) {
    requireReviewAppSecret(ctx);
    return namePage(args, (limit, after) =>
      ctx.read((c) => searchEcosystemProfiles(c, args.searchTerm ?? null, { limit, after })), (p) => p.ecosystemId);
  },

  async getEcosystemById(_root, { ecosystemId }, ctx) {
    requireViewer(ctx);
    return loaders(ctx).ecosystems.load(uuidArg('Ecosystem', ecosystemId, 'ecosystemId'));
  },

  async getEcosystemsById(_root, { ecosystemIds }, ctx) {
    requireViewer(ctx);
    const ids = idList('Ecosystem', ecosystemIds, 'ecosystemIds');
    const rows = await ctx.read((c) => getEcosystemsByIds(c, ids));
    primeRows(loaders(ctx).ecosystems, rows);
    return inOrder(ids, rows, (r) => r.id);
  },

  async getEcosystemProfilePage(_root, { profileId }, ctx) {
    const profile = await ctx.read((c) => getEcosystemProfile(c, profileId.trim().toLowerCase()));
    return profile && !profile.archived ? profile : null;
  },

  async getPlatformEcosystemConfig(_root, _args, ctx) {
    authorize(ctx, { type: 'platform.configure' });
    return (await ctx.read((c) => getPlatformEcosystemDefaults(c))) ?? DEFAULT_ECOSYSTEM_CONFIG;
  },

  getPrograms(_root, args, ctx) {
    requireViewer(ctx);
    return programList(ctx, null, args);
  },

  async getProgramsForEcosystem(_root, args, ctx) {
    const ecosystemId = await headerEcosystemId(ctx);
    authorize(ctx, { type: 'ecosystem.read', ecosystemId });
    return programList(ctx, [ecosystemId], args);
  },

  getProgramsByEcosystemId(_root, args, ctx) {
    const ecosystemId = uuidArg('Ecosystem', args.ecosystemId, 'ecosystemId');
    authorize(ctx, { type: 'ecosystem.read', ecosystemId });
    return programList(ctx, [ecosystemId], args);
  },

  async getProgramsByIds(_root, { programIds }, ctx) {
    requireViewer(ctx);
    const ids = idList('Program', programIds, 'programIds');
    const rows = await ctx.read((c) => getProgramsByIds(c, ids));
    primeRows(loaders(ctx).programs, rows);
    return inOrder(ids, rows, (r) => r.id);
  },

  async getProgramsWithEcosystemInfoByEcosystemIds(_root, { ecosystemIds, includeArchived }, ctx) {
    requireViewer(ctx);
    const ids = idList('Ecosystem', ecosystemIds, 'ecosystemIds');
    const [ecosystems, programs] = await ctx.read(async (c) => [
      await getEcosystemsByIds(c, ids),
      await listPrograms(c, ids, { includeArchived: includeArchived ?? false, limit: 10 * MAX_PAGE_SIZE, after: null }),
    ] as const);
    primeRows(loaders(ctx).ecosystems, ecosystems);
    const rank = new Map(ids.map((id, i) => [id, i]));
    return [...programs].sort((a, b) => (rank.get(a.ecosystemId) ?? 0) - (rank.get(b.ecosystemId) ?? 0));
  },
};
