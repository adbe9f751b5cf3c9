/**
 * One page of the roster as the UserRosterConnection type resolves it: keyset paging by cursor
 * (the web app), or by page number from 1 (spec section 7's pageNum), which reads the rows before
 * the page and so is bounded. `totalCount` counts only when asked.
 */
import { ValidationError } from '../../domain/shared/errors';
import { commonMessages } from '../../domain/shared/messages';
import { rosterCount, rosterPage, type RosterFilter, type RosterRow, type RosterSort } from '../../projections/roster';
import type { RequestContext } from '../context';
import { afterKey, encodeCursor, pageSize } from '../relay';
import { rosterMessages } from './messages';

export interface RosterPageSource {
  edges: Array<{ cursor: string; node: RosterRow }>;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  pageNum: number;
  count(): Promise<number>;
}

const MAX_DEPTH = 10_000;

function cursorKey(after: string | null | undefined): [string, string] | null {
  const key = afterKey(after);
  if (!key) return null;
  if (key.length !== 2 || typeof key[0] !== 'string' || typeof key[1] !== 'string') throw ValidationError.forField('after', commonMessages.invalidCursor);
  return [key[0], key[1]];
}

export async function rosterConnection(
  ctx: RequestContext, filter: RosterFilter, sort: RosterSort, args: { first?: number | null; after?: string | null; pageNum?: number | null },
): Promise<RosterPageSource> {
  const size = pageSize(args.first, 20);
  const pageNum = args.pageNum ?? 1;
  if (!Number.isInteger(pageNum) || pageNum < 1) throw ValidationError.forField('pageNum', rosterMessages.invalidPageNum);
  const skip = args.after ? 0 : (pageNum - 1) * size;
  if (skip + size > MAX_DEPTH) throw ValidationError.forField('pageNum', rosterMessages.pageTooDeep({ max: MAX_DEPTH }));
  const rows = await ctx.read((c) => rosterPage(c, filter, sort, skip + size + 1, cursorKey(args.after)));
  const page = rows.slice(skip, skip + size);
  const edges = page.map((node) => ({ cursor: encodeCursor([node.sortKey, node.userId]), node }));
  let counted: Promise<number> | null = null;
  return {
    edges,
    pageNum,
    pageInfo: {
      hasNextPage: rows.length > skip + size,
      hasPreviousPage: Boolean(args.after) || pageNum > 1,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    count: () => {
      counted ??= ctx.read((c) => rosterCount(c, filter));
      return counted;
    },
  };
}
