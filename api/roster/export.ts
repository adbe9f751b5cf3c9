/**
 * GET /exports/user-roster.csv?ecosystemId=..&filters=<UserRosterFilters as JSON>: the roster of
 * the same filters as the page, as CSV, streamed in pages of EXPORT_PAGE rows so a large
 * ecosystem never sits in memory (decision 0049; api/http/csv-export.ts streams it). Same policy as
 * getUserRoster; the column names are in the reader's language (Accept-Language).
 */
import type { FastifyInstance } from 'fastify';
import { ForbiddenError } from '../../domain/shared/errors';
import { rosterPolicy } from '../../domain/user/policy/roster';
import { rosterPage, type RosterFilter, type RosterRow, type RosterSort } from '../../projections/roster';
import type { UserRosterFilters } from '../__generated__/resolvers';
import type { RequestContext } from '../context';
import { parseJsonFilters, sendCsvExport, type CsvExport } from '../http/csv-export';
import { translate } from '../i18n/catalogue';
import type { Services } from '../services';
import { rosterFilter } from './filters';
import { rosterCsvMessages } from './messages';
import { ecosystemOf } from '../people/target';

export const EXPORT_PAGE = 500;
const COLUMNS = ['firstName', 'lastName', 'preferredName', 'email', 'status', 'roles', 'programIds', 'joinedAt'] as const;

const cells = (r: RosterRow) => [r.firstName, r.lastName, r.preferredName ?? '', r.email, r.status, r.roles.join(' '), r.programIds.join(' '), r.joinedAt.toISOString()];

async function* pages(ctx: RequestContext, filter: RosterFilter, sort: RosterSort): AsyncGenerator<string[][]> {
  let after: [string, string] | null = null;
  for (;;) {
    const rows: RosterRow[] = await ctx.read((c) => rosterPage(c, filter, sort, EXPORT_PAGE, after));
    yield rows.map(cells);
    if (rows.length < EXPORT_PAGE) return;
    const last = rows[rows.length - 1];
    after = [last.sortKey, last.userId];
  }
}

const rosterExport: CsvExport = {
  filename: 'user-roster.csv',
  async start(ctx, query, locale) {
    const ecosystemId = await ecosystemOf(ctx, typeof query.ecosystemId === 'string' ? query.ecosystemId : null);
    if (!ctx.viewer || !rosterPolicy(ctx.viewer, 'list', ecosystemId)) throw new ForbiddenError();
    const { filter, sort } = rosterFilter(ecosystemId, parseJsonFilters<UserRosterFilters>(query.filters, rosterCsvMessages.badFilters), 'filters');
    return { header: COLUMNS.map((c) => translate(rosterCsvMessages[c], locale)), pages: pages(ctx, filter, sort) };
  },
};

export function rosterExportRoutes(services: Services) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/exports/user-roster.csv', (request, reply) => sendCsvExport(services, request, reply, rosterExport));
  };
}
