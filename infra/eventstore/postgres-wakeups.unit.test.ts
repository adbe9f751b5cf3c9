import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPayload, parsePayload } from './postgres-wakeups';

const at = { commit: 812n, prepare: 40_311n };

describe('append notification payloads (docs/decisions/0078)', () => {
  it('carry the position, then the appended types when every append they cover said them', () => {
    expect(formatPayload(at, new Set(['ProgramEdited', 'ProgramCreated']))).toBe('812/40311 ProgramCreated,ProgramEdited');
    expect(parsePayload('812/40311 ProgramCreated,ProgramEdited')).toEqual({ position: at, types: ['ProgramCreated', 'ProgramEdited'] });
  });

  it('read as "any type" without types, with a type list too long for a notification, or with a malformed one', () => {
    expect(formatPayload(at, null)).toBe('812/40311');
    expect(parsePayload('812/40311')).toEqual({ position: at, types: null });
    const many = new Set(Array.from({ length: 400 }, (_, i) => `SomeRatherLongEventTypeName${i}`));
    expect(parsePayload(formatPayload(at, many))).toEqual({ position: at, types: null });
    expect(parsePayload('812/40311 Program Created')).toEqual({ position: null, types: null });
    expect(parsePayload('812/40311 Good,bad"one')).toEqual({ position: at, types: null });
    expect(parsePayload('not a position')).toEqual({ position: null, types: null });
    expect(parsePayload(undefined)).toEqual({ position: null, types: null });
  });

  it('round-trip any position and set of type names', () => {
    const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,30}$/);
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 2n ** 63n }), fc.bigInt({ min: 0n, max: 2n ** 63n }), fc.uniqueArray(name, { maxLength: 20 }), (commit, prepare, types) => {
      const parsed = parsePayload(formatPayload({ commit, prepare }, new Set(types)));
      expect(parsed.position).toEqual({ commit, prepare });
      expect(parsed.types).toEqual(types.length ? [...types].sort() : null);
    }));
  });
});
