/**
 * GET /exports/sessions.csv?ecosystemId=..&filters=<AdminSessionFilters as JSON>: the admin
 * session summary of the same filters and sort as the page, as CSV, streamed in pages of
 * EXPORT_PAGE sessions (each page two statements: sessions, then their participants) inside the
 * request's read transaction (decision 0060; api/http/csv-export.ts streams it, as for the roster's
 * export of decision 0049). Column names and statuses in the reader's language.
 */
import type { FastifyInstance } from 'fastify';
import { ForbiddenError } from '../../domain/shared/errors';
import { rosterPolicy } from '../../domain/user/policy/roster';
import { sessionSummaryPage, type SessionSummaryFilter, type SessionSummarySort } from '../../projections/sessions/admin-queries';
import { summaryStatus } from '../../projections/sessions/admin-status';
import type { AdminSessionFilters } from '../__generated__/resolvers';
import type { RequestContext } from '../context';
import { parseJsonFilters, sendCsvExport, type CsvExport } from '../http/csv-export';
import { translate } from '../i18n/catalogue';
import { ecosystemOf } from '../people/target';
import type { Services } from '../services';
import { summaryFilter } from './filters';
import { sessionAdminCsvMessages, sessionAdminMessages } from './messages';
import { displayName } from './names';
import { withParticipants, type SummaryItem } from './page';

export const EXPORT_PAGE = 500;
const COLUMNS = ['date', 'startTime', 'timeZoneId', 'durationMinutes', 'subject', 'program', 'sessionType', 'status', 'leaders', 'learners',
  'numAttendees', 'cancelReason', 'sessionId'] as const;

function cells(item: SummaryItem): string[] {
  const names = (leaders: boolean) => item.participants.filter((p) => p.isLeader === leaders).map(displayName).join('; ');
  const r = item.row;
  return [r.date, r.startTime, r.timeZoneId, String(r.durationMinutes), r.subject, r.programName ?? '', r.sessionType, summaryStatus(r, item.now),
    names(true), names(false), String(r.numAttendees), r.cancelReason ?? '', r.id];
}

async function* pages(ctx: RequestContext, filter: SessionSummaryFilter, sort: SessionSummarySort): AsyncGenerator<string[][]> {
  let after: readonly string[] | null = null;
  for (;;) {
    const rows = await ctx.read((c) => sessionSummaryPage(c, filter, sort, EXPORT_PAGE, after));
    yield rows.length ? (await withParticipants(ctx, filter, rows)).map(cells) : [];
    if (rows.length < EXPORT_PAGE) return;
    after = rows[rows.length - 1].sortKey;
  }
}

function sessionsExport(services: Services): CsvExport {
  return {
    filename: 'sessions.csv',
    async start(ctx, query, locale) {
      const ecosystemId = await ecosystemOf(ctx, typeof query.ecosystemId === 'string' ? query.ecosystemId : null);
      if (!ctx.viewer || !rosterPolicy(ctx.viewer, 'list', ecosystemId)) throw new ForbiddenError();
      const filters = parseJsonFilters<AdminSessionFilters>(query.filters, sessionAdminMessages.badFilters);
      const { filter, sort } = summaryFilter(ecosystemId, filters, services.clock());
      return { header: COLUMNS.map((c) => translate(sessionAdminCsvMessages[c], locale)), pages: pages(ctx, filter, sort) };
    },
  };
}

export function sessionAdminExportRoutes(services: Services) {
  return async (app: FastifyInstance): Promise<void> => {
    const spec = sessionsExport(services);
    app.get('/exports/sessions.csv', (request, reply) => sendCsvExport(services, request, reply, spec));
  };
}
