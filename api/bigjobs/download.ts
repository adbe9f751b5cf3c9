/**
 * GET /big-jobs/:jobId/result.csv: a finished big job's file (decision 0075), for whoever may see
 * the job (signed in with the bearer token, the jobs permission of its ecosystem, the job visible
 * through row-level security). Streams a byte-order mark and the header in the job's language, then
 * each chunk's part from the file storage in order, so a large file never sits in memory. A
 * refusal is JSON in the reader's language: 401, 404 (no such job for this viewer, another
 * tenant's included), 409 (not finished).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { bigJobCsvMessages, bigJobMessages } from '../../domain/bigjob/messages';
import type { BigJobType } from '../../domain/bigjob/model';
import { DomainError, ForbiddenError, IllegalStateError, NotFoundError } from '../../domain/shared/errors';
import { can } from '../../domain/shared/permissions';
import { csvText } from '../../infra/csv';
import { fileStorageFor, type FileStorage } from '../../infra/storage';
import { findBigJob, type BigJobRow } from '../../projections/bigjobs';
import { partKey } from '../../workflows/bigjobs/files';
import { REPORT_HEADERS } from '../../workflows/reports/render';
import { translate } from '../i18n/catalogue';
import { localeFromHeader, type Locale } from '../i18n/locale';
import { createRequestContext, endRequestContext } from '../request-context';
import type { Services } from '../services';

const STATUS: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, BAD_USER_INPUT: 400, NOT_FOUND: 404, CONFLICT: 409 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SESSION_COLUMNS = ['date', 'startTime', 'timeZoneId', 'durationMinutes', 'subject', 'program', 'sessionType', 'status', 'leaders', 'learners',
  'attendees', 'cancelReason', 'sessionId'] as const;
const USER_COLUMNS = ['firstName', 'lastName', 'preferredName', 'email', 'status', 'roles', 'programIds', 'joinedAt', 'userId'] as const;

/** The file's column names, in the language the job was started in. */
export function bigJobHeader(type: BigJobType, language: Locale): string[] {
  if (type === 'EXPORT_SESSIONS') return SESSION_COLUMNS.map((c) => translate(bigJobCsvMessages[c], language));
  if (type === 'EXPORT_USERS') return USER_COLUMNS.map((c) => translate(bigJobCsvMessages[c], language));
  return REPORT_HEADERS[language];
}

export function bigJobFilename(row: BigJobRow): string {
  return `${row.type.toLowerCase().replace(/_/g, '-')}-${(row.finishedAt ?? row.createdAt).slice(0, 10)}.csv`;
}

async function* file(storage: FileStorage, row: BigJobRow): AsyncGenerator<Buffer> {
  yield Buffer.from(`\uFEFF${csvText(bigJobHeader(row.type, row.params.language), [])}`, 'utf8');
  for (let index = 0; index < row.chunksDone; index += 1) {
    const part = await storage.get(partKey(row.id, index));
    if (!part) throw new Error(`big job ${row.id}: part ${index} of its file is missing`);
    yield part.body;
  }
}

export function bigJobDownloadRoutes(services: Services, storage: FileStorage = fileStorageFor(services.config)) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get<{ Params: { jobId: string } }>('/big-jobs/:jobId/result.csv', async (request, reply) => {
      const locale = localeFromHeader(request.headers['accept-language']);
      const ctx = await createRequestContext(services, request, reply, crypto.randomUUID(), locale);
      try {
        if (!ctx.viewer) throw new ForbiddenError();
        const jobId = request.params.jobId;
        const row = UUID.test(jobId) ? await ctx.read((c) => findBigJob(c, jobId.toLowerCase())) : null;
        if (!row || !can(ctx.viewer, { type: 'ecosystem.jobs', ecosystemId: row.ecosystemId })) throw new NotFoundError(bigJobMessages.notFound);
        if (row.state !== 'FINISHED') throw new IllegalStateError(bigJobMessages.notFinished, 'NOT_FINISHED');
        await endRequestContext(ctx);
        return reply.status(200).header('content-type', 'text/csv; charset=utf-8').header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${bigJobFilename(row)}"`).send(Readable.from(file(storage, row)));
      } catch (err) {
        await endRequestContext(ctx);
        if (!(err instanceof DomainError)) throw err;
        const code = ctx.viewer ? err.code : 'UNAUTHENTICATED';
        return reply.status(STATUS[code] ?? 400).type('application/json; charset=utf-8').send({ error: translate(err.userMessage, locale), code });
      }
    });
  };
}
