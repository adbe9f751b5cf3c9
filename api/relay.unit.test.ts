import fc from 'fast-check';
import { commonMessages } from '../domain/shared/messages';
import { apiMessages } from './i18n/messages';
import { describe, expect, it } from 'vitest';
import type { RequestContext } from './context';
import { afterKey, anyIdOf, type Connection, decodeCursor, encodeCursor, fromGlobalId, idOf, keysetConnection, loadNode, pageSize, toGlobalId } from './relay';

describe('global ids', () => {
  it('round-trip any type and id', () => {
    fc.assert(fc.property(fc.constantFrom('Ecosystem', 'Program', 'User'), fc.string({ minLength: 1 }), (type, id) => {
      expect(fromGlobalId(toGlobalId(type, id))).toEqual({ type, id });
    }));
  });

  it('never mistake a raw uuid for a global id', () => {
    fc.assert(fc.property(fc.uuid(), (uuid) => {
      expect(fromGlobalId(uuid)).toBeNull();
      expect(idOf('Program', uuid)).toBe(uuid);
      expect(anyIdOf(uuid)).toBe(uuid);
    }));
  });

  it('accept only the expected type in idOf', () => {
    const g = toGlobalId('Ecosystem', 'e1');
    expect(idOf('Ecosystem', g)).toBe('e1');
    expect(idOf('Program', g)).toBe(g);
  });
});

describe('keyset connections', () => {
  const rows = Array.from({ length: 7 }, (_, i) => ({ id: i }));
  const fetch = async (limit: number, after: unknown[] | null) => rows.filter((r) => after === null || r.id > Number(after[0])).slice(0, limit);

  it('page through every row once, in order', async () => {
    const seen: number[] = [];
    let after: string | null = null;
    for (;;) {
      const page: Connection<{ id: number }> = await keysetConnection({ first: 3, after }, (r) => [r.id], fetch);
      seen.push(...page.edges.map((e) => e.node.id));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('treat a garbage cursor as no cursor', () => {
    expect(decodeCursor('%%%')).toBeNull();
    expect(decodeCursor(encodeCursor([1, 'a']))).toEqual([1, 'a']);
  });
});

describe('malformed paging and ids', () => {
  it('refuse a negative, fractional or oversized first as BAD_USER_INPUT on first', () => {
    fc.assert(fc.property(fc.oneof(fc.integer({ max: -1 }), fc.integer({ min: 101 }), fc.double({ noInteger: true }), fc.constantFrom(NaN, Infinity)), (first) => {
      expect(() => pageSize(first)).toThrow(expect.objectContaining({ code: 'BAD_USER_INPUT', fields: { first: apiMessages.invalidFirst({ max: 100 }) } }));
    }));
    expect(pageSize(undefined)).toBe(20);
    expect(pageSize(0)).toBe(0);
    expect(pageSize(100)).toBe(100);
  });

  it('refuse a cursor that is not ours instead of starting again at page one', () => {
    fc.assert(fc.property(fc.string({ minLength: 1 }).filter((s) => decodeCursor(s) === null), (cursor) => {
      expect(() => afterKey(cursor)).toThrow(expect.objectContaining({ code: 'BAD_USER_INPUT', fields: { after: commonMessages.invalidCursor } }));
    }));
    expect(afterKey(null)).toBeNull();
  });

  it('refuse a malformed global id as BAD_USER_INPUT and answer null for a well-formed unknown one', async () => {
    const ctx = {} as RequestContext;
    for (const bad of ['', 'bm9wZTox', 'not base64 at all', toGlobalId('Ecosystem', 'not-a-uuid'), toGlobalId('Ecosystem', '1\u0000')]) {
      await expect(loadNode(ctx, bad, 'ids.2')).rejects.toMatchObject({ code: 'BAD_USER_INPUT', fields: { 'ids.2': apiMessages.invalidGlobalId } });
    }
    await expect(loadNode(ctx, toGlobalId('Unknown', '00000000-0000-4000-8000-000000000000'))).resolves.toBeNull();
  });
});
