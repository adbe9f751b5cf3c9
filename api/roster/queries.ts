/**
 * The roster queries (schema/roster.graphql, decision 0049). Each finds its ecosystem, asks the
 * roster policy, then reads one page. A reader outside the ecosystem is refused (FORBIDDEN) before
 * anything is read, whatever the ecosystem holds.
 */
import { ForbiddenError, ValidationError } from '../../domain/shared/errors';
import { rosterPolicy, tuteeProgramsOf, type RosterOperation } from '../../domain/user/policy/roster';
import { rosterPage } from '../../projections/roster';
import type { UserRow } from '../../projections/users';
import type { QueryResolvers } from '../__generated__/resolvers';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { visibleUser } from '../families/loaders';
import { ecosystemOf } from '../people/target';
import { rosterFilter } from './filters';
import { rosterMessages } from './messages';
import { rosterConnection } from './page';

export async function allowedEcosystem(ctx: RequestContext, value: string | null | undefined, op: RosterOperation): Promise<string> {
  const viewer = requireViewer(ctx);
  const ecosystemId = await ecosystemOf(ctx, value);
  if (!rosterPolicy(viewer, op, ecosystemId)) throw new ForbiddenError();
  return ecosystemId;
}

/** The header's ecosystem, else the only one the viewer administers. */
async function homeEcosystem(ctx: RequestContext): Promise<string> {
  const viewer = requireViewer(ctx);
  if (ctx.headers.ecosystemProfileId) return allowedEcosystem(ctx, null, 'list');
  const administered = [...new Set(viewer.roles.filter((r) => r.role === 'SUPER_ADMIN').map((r) => r.ecosystemId))];
  if (administered.length !== 1) throw ValidationError.forField('x-ecosystem-profile-id', rosterMessages.homeEcosystemUnknown);
  return administered[0];
}

const MAX_ADMINS = 100;

export const rosterQueries: QueryResolvers = {
  async getUserRoster(_root, args, ctx) {
    const ecosystemId = await allowedEcosystem(ctx, args.ecosystemId, 'list');
    const { filter, sort } = rosterFilter(ecosystemId, args.selectedFilters);
    return rosterConnection(ctx, filter, sort, args);
  },

  async getHomeEcosystemAdminUserSearch(_root, args, ctx) {
    const ecosystemId = await homeEcosystem(ctx);
    const { filter, sort } = rosterFilter(ecosystemId, { searchTerm: args.searchTerm }, 'searchTerm');
    return rosterConnection(ctx, filter, sort, args);
  },

  async getAdminsForEcosystem(_root, args, ctx) {
    const ecosystemId = await allowedEcosystem(ctx, args.ecosystemId, 'listAdmins');
    const rows = await ctx.read((c) => rosterPage(c, { ecosystemId, roles: ['SUPER_ADMIN'], statuses: ['ACTIVATED'] }, 'NAME_ASC', MAX_ADMINS, null));
    const users = await Promise.all(rows.map((r) => visibleUser(ctx, r.userId)));
    return users.filter((u): u is UserRow => u !== null);
  },

  async getTuteesForEcosystem(_root, args, ctx) {
    const ecosystemId = await allowedEcosystem(ctx, args.ecosystemId, 'listTutees');
    // Program leads see the tutees of their own programs only (decision 0053).
    const programIds = tuteeProgramsOf(requireViewer(ctx), ecosystemId);
    // No program at all matches no one (an empty programIds filter would match everyone).
    const only = programIds === null ? {} : programIds.length ? { programIds } : { userIds: [] };
    return rosterConnection(ctx, { ecosystemId, roles: ['TUTEE'], ...only }, 'NAME_ASC', { ...args, pageNum: args.pageNumber });
  },
};
