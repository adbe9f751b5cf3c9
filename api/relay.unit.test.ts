import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyIdOf, type Connection, decodeCursor, encodeCursor, fromGlobalId, idOf, keysetConnection, toGlobalId } from './relay';

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
