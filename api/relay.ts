/**
 * Relay conventions: global ids (`base64("Type:id")`), the Node registry, and keyset connections.
 */
import { Buffer } from 'node:buffer';
import { ValidationError } from '../domain/shared/errors';
import { isUuid } from '../domain/shared/ids';
import { commonMessages } from '../domain/shared/messages';
import { apiMessages } from './i18n/messages';
import type { RequestContext } from './context';

export function toGlobalId(type: string, id: string): string {
  return Buffer.from(`${type}:${id}`, 'utf8').toString('base64url');
}

export function fromGlobalId(globalId: string): { type: string; id: string } | null {
  const decoded = Buffer.from(globalId, 'base64url').toString('utf8');
  const match = /^([A-Z][A-Za-z0-9]*):(.+)$/s.exec(decoded);
  // Raw ids (uuids) also decode as base64; only a round trip proves it was one of ours.
  if (!match || toGlobalId(match[1], match[2]) !== globalId) return null;
  return { type: match[1], id: match[2] };
}

/** Accepts either a global id of the given type or a raw id, so both Relay and older clients work. */
export function idOf(type: string, value: string): string {
  const parsed = fromGlobalId(value);
  return parsed && parsed.type === type ? parsed.id : value;
}

/** The id inside a global id of any type, or the value itself when it is not a global id. */
export function anyIdOf(value: string): string {
  return fromGlobalId(value)?.id ?? value;
}

type NodeLoader = (ctx: RequestContext, id: string) => Promise<object | null>;
const nodeLoaders = new Map<string, NodeLoader>();

/** Each area registers how to load its node types; the loaded object is tagged with __typename. */
export function registerNodeType(type: string, loader: NodeLoader): void {
  nodeLoaders.set(type, loader);
}


/**
 * Loads the node a global id names. An id that is not one of ours at all (not a global id, or one
 * whose inner id is not a UUID, as every node's is) is bad input on `field`; a well-formed id of
 * an unknown type or of nothing the viewer may see is null, as Relay expects.
 */
export async function loadNode(ctx: RequestContext, globalId: string, field = 'id'): Promise<(object & { __typename: string }) | null> {
  const parsed = fromGlobalId(globalId);
  if (!parsed || !isUuid(parsed.id)) throw ValidationError.forField(field, apiMessages.invalidGlobalId);
  const loader = nodeLoaders.get(parsed.type);
  if (!loader) return null;
  const node = await loader(ctx, parsed.id);
  return node ? { ...node, __typename: parsed.type } : null;
}

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
}

export interface Connection<T> {
  edges: Array<{ cursor: string; node: T }>;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  totalCount?: number;
}

export const MAX_PAGE_SIZE = 100;

export function encodeCursor(key: unknown[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string | null | undefined): unknown[] | null {
  if (!cursor) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Builds a connection from a keyset query: `fetch(limit, afterKey)` must return up to `limit` rows
 * ordered by the key `keyOf(row)` strictly after `afterKey`. One extra row tells hasNextPage.
 */
/** `first` as a page size: absent means the default; negative, fractional or above the maximum is bad input. */
export function pageSize(first: number | null | undefined, defaultSize = 20, max = MAX_PAGE_SIZE): number {
  if (first === null || first === undefined) return defaultSize;
  if (!Number.isInteger(first) || first < 0 || first > max) throw ValidationError.forField('first', apiMessages.invalidFirst({ max }));
  return first;
}

/** The key inside an `after` cursor; a cursor given but not ours is bad input, never silently page one. */
export function afterKey(after: string | null | undefined): unknown[] | null {
  if (!after) return null;
  const key = decodeCursor(after);
  if (!key) throw ValidationError.forField('after', commonMessages.invalidCursor);
  return key;
}

export async function keysetConnection<T>(
  args: ConnectionArgs,
  keyOf: (row: T) => unknown[],
  fetch: (limit: number, afterKey: unknown[] | null) => Promise<T[]>,
  defaultSize = 20,
): Promise<Connection<T>> {
  const size = pageSize(args.first, defaultSize);
  const rows = await fetch(size + 1, afterKey(args.after));
  const page = rows.slice(0, size);
  const edges = page.map((node) => ({ cursor: encodeCursor(keyOf(node)), node }));
  return {
    edges,
    pageInfo: {
      hasNextPage: rows.length > size,
      hasPreviousPage: Boolean(args.after),
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
