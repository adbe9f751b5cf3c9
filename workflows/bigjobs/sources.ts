/**
 * Where big jobs' rows come from (decision 0075), on the owner connection like the other jobs'
 * reads: every query is keyed by the job's one ecosystem. Sessions and people in keyset pages
 * (the cursor of one chunk is where the next starts, recorded with the chunk), the program
 * sessions report one program per chunk (projections/reports contents, decision 0068).
 */
import type { Pool } from 'pg';
import { bigJobMessages } from '../../domain/bigjob/messages';
import { EXPORT_CHUNK_ROWS } from '../../domain/bigjob/model';
import { bigJobAggregate } from '../../domain/bigjob/state';
import { renderEnglish } from '../../domain/shared/i18n';
import { reportContents } from '../../projections/reports/contents';
import { rosterCount, rosterPage, type RosterFilter } from '../../projections/roster';
import { sessionSummaryCount, sessionSummaryPage, type SessionSummaryFilter } from '../../projections/sessions/admin-queries';
import { summaryStatus } from '../../projections/sessions/admin-status';
import type { AggregateLoader } from '../invitations/reads';
import { reportRows } from '../reports/render';
import type { BigJobChunk, BigJobSources, BigJobSpec } from './activities';

const date = (value: string | null) => (value ? new Date(value) : null);

function sessionFilter(spec: BigJobSpec): SessionSummaryFilter {
  const p = spec.params;
  return { ecosystemId: spec.ecosystemId, now: new Date(spec.asOf), from: date(p.from), to: date(p.to), programIds: p.programIds.length ? p.programIds : undefined };
}

function rosterFilter(spec: BigJobSpec): RosterFilter {
  return { ecosystemId: spec.ecosystemId, programIds: spec.params.programIds.length ? spec.params.programIds : undefined };
}

async function sessionsChunk(pool: Pool, spec: BigJobSpec, cursor: string[] | null, size: number): Promise<BigJobChunk> {
  const now = new Date(spec.asOf);
  const rows = await sessionSummaryPage(pool, sessionFilter(spec), 'START_ASC', size, cursor);
  const last = rows.at(-1);
  return {
    rows: rows.map((r) => [r.date, r.startTime, r.timeZoneId, String(r.durationMinutes), r.subject, r.programName ?? '', r.sessionType,
      summaryStatus(r, now), String(r.numLeaders), String(r.numLearners), String(r.numAttendees), r.cancelReason ?? '', r.id]),
    next: rows.length === size && last ? last.sortKey : null,
    errors: [],
  };
}

async function usersChunk(pool: Pool, spec: BigJobSpec, cursor: string[] | null, size: number): Promise<BigJobChunk> {
  const after = cursor && cursor.length === 2 ? [cursor[0], cursor[1]] as [string, string] : null;
  const rows = await rosterPage(pool, rosterFilter(spec), 'NAME_ASC', size, after);
  const last = rows.at(-1);
  return {
    rows: rows.map((r) => [r.firstName, r.lastName, r.preferredName ?? '', r.email, r.status, r.roles.join(' '), r.programIds.join(' '), r.joinedAt.toISOString(), r.userId]),
    next: rows.length === size && last ? [last.sortKey, last.userId] : null,
    errors: [],
  };
}

/** One program per chunk; a program no longer in the ecosystem is a row error, not a failure. */
async function reportChunk(pool: Pool, spec: BigJobSpec, index: number): Promise<BigJobChunk> {
  const { programIds, from, to, language } = spec.params;
  const programId = programIds[index];
  const next = index + 1 < programIds.length ? [String(index + 1)] : null;
  if (!programId || !from || !to) return { rows: [], next, errors: [] };
  const contents = await reportContents(pool, { ecosystemId: spec.ecosystemId, programIds: [programId], start: new Date(from), end: new Date(to) });
  if (contents.programs.length === 0) return { rows: [], next, errors: [{ row: programId, error: renderEnglish(bigJobMessages.programMissing) }] };
  return { rows: reportRows(contents, language), next, errors: [] };
}

/** `chunkRows`: rows per export chunk (EXPORT_CHUNK_ROWS; tests take fewer to make several chunks of a few rows). */
export function bigJobSources(pool: Pool, loader: AggregateLoader, options: { chunkRows?: number } = {}): BigJobSources {
  const size = options.chunkRows ?? EXPORT_CHUNK_ROWS;
  return {
    job: (jobId) => loader.load(bigJobAggregate, jobId),
    async count(spec) {
      if (spec.type === 'EXPORT_SESSIONS') return sessionSummaryCount(pool, sessionFilter(spec));
      if (spec.type === 'EXPORT_USERS') return rosterCount(pool, rosterFilter(spec));
      return spec.params.programIds.length;
    },
    async chunk(spec, index, cursor) {
      if (spec.type === 'EXPORT_SESSIONS') return sessionsChunk(pool, spec, cursor, size);
      if (spec.type === 'EXPORT_USERS') return usersChunk(pool, spec, cursor, size);
      return reportChunk(pool, spec, index);
    },
  };
}
