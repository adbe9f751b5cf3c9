/**
 * GET /exports/user-roster.csv?ecosystemId=..&filters=<UserRosterFilters as JSON>: the roster of
 * the same filters as the page, as CSV, streamed in pages of EXPORT_PAGE rows so a large
 * ecosystem never sits in memory (decision 0049). Same policy as getUserRoster; the column names
 * are in the reader's language (Accept-Language). A cell starting with = + - @, a tab or a
 * carriage return gets a leading apostrophe, so a spreadsheet shows it instead of running it.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Papa from 'papaparse';
import { DomainError, ForbiddenError, ValidationError } from '../../domain/shared/errors';
import { rosterPolicy } from '../../domain/user/policy/roster';
import { rosterPage, type RosterFilter, type RosterRow, type RosterSort } from '../../projections/roster';
import type { UserRosterFilters } from '../__generated__/resolvers';
import type { RequestContext } from '../context';
import { translate } from '../i18n/catalogue';
import { localeFromHeader } from '../i18n/locale';
import { createRequestContext, endRequestContext } from '../request-context';
import type { Services } from '../services';
import { rosterFilter } from './filters';
import { rosterCsvMessages } from './messages';
import { ecosystemOf } from '../people/target';

export const EXPORT_PAGE = 500;
export const FORMULA_START = /^[=+\-@\t\r]/;

const STATUS: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, BAD_USER_INPUT: 400, NOT_FOUND: 404 };
const COLUMNS = ['firstName', 'lastName', 'preferredName', 'email', 'status', 'roles', 'programIds', 'joinedAt'] as const;

export function csvLines(rows: readonly RosterRow[], header: readonly string[] | null): string {
  const data = rows.map((r) => [r.firstName, r.lastName, r.preferredName ?? '', r.email, r.status, r.roles.join(' '), r.programIds.join(' '), r.joinedAt.toISOString()]);
  const text = Papa.unparse(header ? { fields: [...header], data } : data, { escapeFormulae: FORMULA_START, newline: '\r\n' });
  return text ? `${text}\r\n` : '';
}

function parseFilters(raw: unknown): UserRosterFilters | null {
  if (raw === undefined || raw === '') return null;
  try {
    const value: unknown = JSON.parse(String(raw));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as UserRosterFilters;
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
  }
  throw ValidationError.forField('filters', rosterCsvMessages.badFilters);
}

async function* pages(ctx: RequestContext, filter: RosterFilter, sort: RosterSort, header: string[]): AsyncGenerator<string> {
  try {
    yield `\uFEFF${csvLines([], header)}`;
    let after: [string, string] | null = null;
    for (;;) {
      const rows: RosterRow[] = await ctx.read((c) => rosterPage(c, filter, sort, EXPORT_PAGE, after));
      if (rows.length) yield csvLines(rows, null);
      if (rows.length < EXPORT_PAGE) return;
      const last = rows[rows.length - 1];
      after = [last.sortKey, last.userId];
    }
  } finally {
    await endRequestContext(ctx);
  }
}

async function exportRoster(services: Services, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const locale = localeFromHeader(request.headers['accept-language']);
  const ctx = await createRequestContext(services, request, reply, crypto.randomUUID(), locale);
  try {
    if (!ctx.viewer) throw new ForbiddenError();
    const query = request.query as Record<string, unknown>;
    const ecosystemId = await ecosystemOf(ctx, typeof query.ecosystemId === 'string' ? query.ecosystemId : null);
    if (!rosterPolicy(ctx.viewer, 'list', ecosystemId)) throw new ForbiddenError();
    const { filter, sort } = rosterFilter(ecosystemId, parseFilters(query.filters), 'filters');
    const header = COLUMNS.map((c) => translate(rosterCsvMessages[c], locale));
    await reply.status(200).header('content-type', 'text/csv; charset=utf-8').header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="user-roster.csv"').send(Readable.from(pages(ctx, filter, sort, header)));
  } catch (err) {
    await endRequestContext(ctx);
    if (!(err instanceof DomainError)) throw err;
    const code = ctx.viewer ? err.code : 'UNAUTHENTICATED';
    await reply.status(STATUS[code] ?? 400).type('application/json; charset=utf-8').send({ error: translate(err.userMessage, locale), code });
  }
}

export function rosterExportRoutes(services: Services) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/exports/user-roster.csv', (request, reply) => exportRoster(services, request, reply));
  };
}
