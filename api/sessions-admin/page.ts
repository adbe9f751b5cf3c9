/**
 * One page of the admin session summary: by page number from 1 (the spec's, reading the rows
 * before the page, so bounded) or after a cursor. A page costs two statements whatever its size
 * (the sessions, then their participants with names); `totalCount` a third, only when asked.
 */
import { ValidationError } from '../../domain/shared/errors';
import { commonMessages } from '../../domain/shared/messages';
import { isUuid } from '../../domain/shared/ids';
import {
  sessionSummaryCount, sessionSummaryPage, summaryParticipants,
  type SessionSummaryFilter, type SessionSummaryRow, type SessionSummarySort, type SummaryParticipantRow,
} from '../../projections/sessions/admin-queries';
import type { RequestContext } from '../context';
import { afterKey, encodeCursor, pageSize } from '../relay';
import { sessionAdminMessages } from './messages';

export interface SummaryItem { row: SessionSummaryRow; participants: SummaryParticipantRow[]; now: Date }

export interface SummaryPageSource {
  sessions: SummaryItem[];
  hasMore: boolean;
  pageNumber: number;
  endCursor: string | null;
  count(): Promise<number>;
}

const MAX_DEPTH = 10_000;

type Part = 'text' | 'time' | 'uuid';
const CURSOR_PARTS: Record<SessionSummarySort, Part[]> = {
  START_ASC: ['time', 'uuid'], START_DESC: ['time', 'uuid'], SUBJECT: ['text', 'time', 'uuid'], PROGRAM: ['text', 'uuid', 'time', 'uuid'],
};
const fits = (value: unknown, part: Part): boolean => typeof value === 'string'
  && (part === 'text' || (part === 'uuid' ? isUuid(value) : !Number.isNaN(new Date(value).getTime())));

/** The cursor's key, each part of the kind the sort compares (a cursor of another sort is bad input, not an error of the database). */
function cursorKey(after: string | null | undefined, sort: SessionSummarySort): string[] | null {
  const key = afterKey(after);
  if (!key) return null;
  const parts = CURSOR_PARTS[sort];
  if (key.length !== parts.length || !key.every((k, i) => fits(k, parts[i]))) throw ValidationError.forField('after', commonMessages.invalidCursor);
  return key as string[];
}

/** The rows with their participants, read in one statement for all of them. */
export async function withParticipants(ctx: RequestContext, filter: SessionSummaryFilter, rows: SessionSummaryRow[]): Promise<SummaryItem[]> {
  const people = await ctx.read((c) => summaryParticipants(c, filter.ecosystemId, rows.map((r) => r.id)));
  const bySession = new Map<string, SummaryParticipantRow[]>();
  for (const p of people) bySession.set(p.sessionId, [...(bySession.get(p.sessionId) ?? []), p]);
  return rows.map((row) => ({ row, participants: bySession.get(row.id) ?? [], now: filter.now }));
}

export async function summaryPage(
  ctx: RequestContext, filter: SessionSummaryFilter, sort: SessionSummarySort,
  args: { pageNumber?: number | null; pageSize?: number | null; after?: string | null },
): Promise<SummaryPageSource> {
  const size = pageSize(args.pageSize, 20);
  const pageNumber = args.pageNumber ?? 1;
  if (!Number.isInteger(pageNumber) || pageNumber < 1) throw ValidationError.forField('pageNumber', sessionAdminMessages.invalidPageNumber);
  const after = cursorKey(args.after, sort);
  const skip = after ? 0 : (pageNumber - 1) * size;
  if (skip + size > MAX_DEPTH) throw ValidationError.forField('pageNumber', sessionAdminMessages.pageTooDeep({ max: MAX_DEPTH }));
  const rows = await ctx.read((c) => sessionSummaryPage(c, filter, sort, skip + size + 1, after));
  const page = rows.slice(skip, skip + size);
  const last = page.at(-1);
  let counted: Promise<number> | null = null;
  return {
    sessions: await withParticipants(ctx, filter, page),
    hasMore: rows.length > skip + size,
    pageNumber,
    endCursor: last ? encodeCursor(last.sortKey) : null,
    count: () => {
      counted ??= ctx.read((c) => sessionSummaryCount(c, filter));
      return counted;
    },
  };
}
