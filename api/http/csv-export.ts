/**
 * The server's CSV exports (GET /exports/<name>.csv?ecosystemId=..&filters=<JSON>): the roster's
 * (decision 0049) and the session summary's (decision 0060). Each names its file and, once the
 * request is signed in, checks its policy and filters and answers a header and pages of rows; this
 * module streams them inside the request's read transaction (a byte-order mark first, so
 * spreadsheets read UTF-8), and answers a refusal as JSON in the reader's language, never a stack.
 * A cell starting with = + - @, a tab or a carriage return gets a leading apostrophe, so a
 * spreadsheet shows it instead of running it.
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { csvText } from '../../infra/csv';
import { DomainError, ForbiddenError, ValidationError } from '../../domain/shared/errors';
import type { Message } from '../../domain/shared/i18n';
import type { RequestContext } from '../context';
import { translate } from '../i18n/catalogue';
import { localeFromHeader, type Locale } from '../i18n/locale';
import { createRequestContext, endRequestContext } from '../request-context';
import type { Services } from '../services';

const STATUS: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, BAD_USER_INPUT: 400, NOT_FOUND: 404 };

// The cell escaping is shared with the scheduled reports' attachments (infra/csv.ts).
export { csvText, FORMULA_START } from '../../infra/csv';

/** The `filters` query parameter: a JSON object, or none. */
export function parseJsonFilters<T>(raw: unknown, badFilters: Message): T | null {
  if (raw === undefined || raw === '') return null;
  try {
    const value: unknown = JSON.parse(String(raw));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as T;
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
  }
  throw ValidationError.forField('filters', badFilters);
}

export interface CsvExport {
  /** The file's name, e.g. `sessions.csv`. */
  filename: string;
  /** Checks the policy and the filters (throwing a DomainError to refuse) and answers the column names and the pages of rows. */
  start(ctx: RequestContext, query: Record<string, unknown>, locale: Locale): Promise<{ header: readonly string[]; pages: AsyncIterable<readonly (readonly string[])[]> }>;
}

async function* lines(ctx: RequestContext, header: readonly string[], pages: AsyncIterable<readonly (readonly string[])[]>): AsyncGenerator<string> {
  try {
    yield `\uFEFF${csvText(header, [])}`;
    for await (const page of pages) if (page.length) yield csvText(null, page);
  } finally {
    await endRequestContext(ctx);
  }
}

export async function sendCsvExport(services: Services, request: FastifyRequest, reply: FastifyReply, spec: CsvExport): Promise<void> {
  const locale = localeFromHeader(request.headers['accept-language']);
  const ctx = await createRequestContext(services, request, reply, crypto.randomUUID(), locale);
  try {
    if (!ctx.viewer) throw new ForbiddenError();
    const { header, pages } = await spec.start(ctx, request.query as Record<string, unknown>, locale);
    await reply.status(200).header('content-type', 'text/csv; charset=utf-8').header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${spec.filename}"`).send(Readable.from(lines(ctx, header, pages)));
  } catch (err) {
    await endRequestContext(ctx);
    if (!(err instanceof DomainError)) throw err;
    const code = ctx.viewer ? err.code : 'UNAUTHENTICATED';
    await reply.status(STATUS[code] ?? 400).type('application/json; charset=utf-8').send({ error: translate(err.userMessage, locale), code });
  }
}
