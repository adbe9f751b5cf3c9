/**
 * GET /exports/sessions.csv?ecosystemId=..&filters=<AdminSessionFilters as JSON>: the admin
 * session summary of the same filters and sort as the page, as CSV, streamed in pages of
 * EXPORT_PAGE sessions (each page two statements: sessions, then their participants) inside the
 * request's read transaction (decision 0060, as the roster's export of decision 0049). Column names
 * and statuses in the reader's language; formula-like cells get a leading apostrophe.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Papa from 'papaparse';
import { DomainError, ForbiddenError, ValidationError } from '../../domain/shared/errors';
import { rosterPolicy } from '../../domain/user/policy/roster';
import { sessionSummaryPage, type SessionSummaryFilter, type SessionSummarySort } from '../../projections/sessions/admin-queries';
import { summaryStatus } from '../../projections/sessions/admin-status';
import type { AdminSessionFilters } from '../__generated__/resolvers';
import type { RequestContext } from '../context';
import { translate } from '../i18n/catalogue';
import { localeFromHeader } from '../i18n/locale';
import { createRequestContext, endRequestContext } from '../request-context';
import { ecosystemOf } from '../people/target';
import { FORMULA_START } from '../roster/export';
import type { Services } from '../services';
import { summaryFilter } from './filters';
import { sessionAdminCsvMessages, sessionAdminMessages } from './messages';
import { displayName } from './names';
import { withParticipants, type SummaryItem } from './page';

export const EXPORT_PAGE = 500;

const STATUS: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, BAD_USER_INPUT: 400, NOT_FOUND: 404 };
const COLUMNS = ['date', 'startTime', 'timeZoneId', 'durationMinutes', 'subject', 'program', 'sessionType', 'status', 'leaders', 'learners',
  'numAttendees', 'cancelReason', 'sessionId'] as const;

export function csvLines(items: readonly SummaryItem[], header: readonly string[] | null): string {
  const names = (item: SummaryItem, leaders: boolean) => item.participants.filter((p) => p.isLeader === leaders).map(displayName).join('; ');
  const data = items.map((item) => {
    const r = item.row;
    return [r.date, r.startTime, r.timeZoneId, String(r.durationMinutes), r.subject, r.programName ?? '', r.sessionType, summaryStatus(r, item.now),
      names(item, true), names(item, false), String(r.numAttendees), r.cancelReason ?? '', r.id];
  });
  const text = Papa.unparse(header ? { fields: [...header], data } : data, { escapeFormulae: FORMULA_START, newline: '\r\n' });
  // Papa ends a header without rows with a line break of its own.
  const body = text.replace(/\r\n$/, '');
  return body ? `${body}\r\n` : '';
}

function parseFilters(raw: unknown): AdminSessionFilters | null {
  if (raw === undefined || raw === '') return null;
  try {
    const value: unknown = JSON.parse(String(raw));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as AdminSessionFilters;
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
  }
  throw ValidationError.forField('filters', sessionAdminMessages.badFilters);
}

async function* pages(ctx: RequestContext, filter: SessionSummaryFilter, sort: SessionSummarySort, header: string[]): AsyncGenerator<string> {
  try {
    yield `\uFEFF${csvLines([], header)}`;
    let after: readonly string[] | null = null;
    for (;;) {
      const rows = await ctx.read((c) => sessionSummaryPage(c, filter, sort, EXPORT_PAGE, after));
      if (rows.length) yield csvLines(await withParticipants(ctx, filter, rows), null);
      if (rows.length < EXPORT_PAGE) return;
      after = rows[rows.length - 1].sortKey;
    }
  } finally {
    await endRequestContext(ctx);
  }
}

async function exportSessions(services: Services, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const locale = localeFromHeader(request.headers['accept-language']);
  const ctx = await createRequestContext(services, request, reply, crypto.randomUUID(), locale);
  try {
    if (!ctx.viewer) throw new ForbiddenError();
    const query = request.query as Record<string, unknown>;
    const ecosystemId = await ecosystemOf(ctx, typeof query.ecosystemId === 'string' ? query.ecosystemId : null);
    if (!rosterPolicy(ctx.viewer, 'list', ecosystemId)) throw new ForbiddenError();
    const { filter, sort } = summaryFilter(ecosystemId, parseFilters(query.filters), services.clock());
    const header = COLUMNS.map((c) => translate(sessionAdminCsvMessages[c], locale));
    await reply.status(200).header('content-type', 'text/csv; charset=utf-8').header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="sessions.csv"').send(Readable.from(pages(ctx, filter, sort, header)));
  } catch (err) {
    await endRequestContext(ctx);
    if (!(err instanceof DomainError)) throw err;
    const code = ctx.viewer ? err.code : 'UNAUTHENTICATED';
    await reply.status(STATUS[code] ?? 400).type('application/json; charset=utf-8').send({ error: translate(err.userMessage, locale), code });
  }
}

export function sessionAdminExportRoutes(services: Services) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/exports/sessions.csv', (request, reply) => exportSessions(services, request, reply));
  };
}
