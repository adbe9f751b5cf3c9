/**
 * The admin session summary's queries (schema/sessions-admin.graphql, decision 0060): for the
 * ecosystem's admins and platform admins (the roster's policy, decision 0049). A reader outside
 * the ecosystem is refused (FORBIDDEN) before anything is read.
 */
import { isUuid } from '../../domain/shared/ids';
import { rosterPolicy } from '../../domain/user/policy/roster';
import { sessionSummaryPage, summaryAutocomplete, type SummaryStatus } from '../../projections/sessions/admin-queries';
import type { QueryResolvers } from '../__generated__/resolvers';
import { requireViewer } from '../auth/policy';
import { idOf } from '../relay';
import { allowedEcosystem } from '../roster/queries';
import { ValidationError } from '../../domain/shared/errors';
import { textProblem } from '../../domain/shared/text';
import { summaryFilter } from './filters';
import { sessionAdminMessages } from './messages';
import { summaryPage, withParticipants } from './page';

const OPTIONS = 10;
const MAX_TERM = 100;

export const sessionAdminQueries: QueryResolvers = {
  async getEcosystemAdminPaginatedSessionSummary(_root, args, ctx) {
    const ecosystemId = await allowedEcosystem(ctx, args.ecosystemId, 'list');
    const { filter, sort } = summaryFilter(ecosystemId, args.filters, ctx.services.clock());
    return summaryPage(ctx, filter, sort, args);
  },

  async getEcosystemAdminSessionSummaryById(_root, args, ctx) {
    const viewer = requireViewer(ctx);
    const id = idOf('Session', args.sessionId).toLowerCase();
    if (!isUuid(id)) return null;
    // Row-level security shows only the viewer's ecosystems; the policy then wants an admin of the session's.
    const found = await ctx.read((c) => c.query<{ ecosystem_id: string }>('SELECT ecosystem_id FROM read.sessions WHERE id = $1', [id]));
    const ecosystemId = found.rows[0]?.ecosystem_id;
    if (!ecosystemId || !rosterPolicy(viewer, 'list', ecosystemId)) return null;
    const filter = { ecosystemId, now: ctx.services.clock(), sessionIds: [id] };
    const rows = await ctx.read((c) => sessionSummaryPage(c, filter, 'START_ASC', 1, null));
    return (await withParticipants(ctx, filter, rows))[0] ?? null;
  },

  async getEcosystemAdminSessionsSearchAutocompleteOptions(_root, args, ctx) {
    const ecosystemId = await allowedEcosystem(ctx, args.ecosystemId, 'list');
    const term = args.searchTerm.trim();
    if (term.length > MAX_TERM) throw ValidationError.forField('searchTerm', sessionAdminMessages.termTooLong({ max: MAX_TERM }));
    if (textProblem(term, { singleLine: true })) throw ValidationError.forField('searchTerm', sessionAdminMessages.termOneLine);
    const status = (args.sessionStatus ?? null) as SummaryStatus | null;
    return ctx.read((c) => summaryAutocomplete(c, ecosystemId, term, status, ctx.services.clock(), OPTIONS));
  },
};
