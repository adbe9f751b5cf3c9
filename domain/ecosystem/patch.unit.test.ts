import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepEqual, diff, mergePatch } from './patch';

// Values shaped like tenant details: nested groups of scalars and lists over a fixed key set.
const leaf = fc.oneof(fc.boolean(), fc.integer({ min: -5, max: 5 }), fc.constantFrom('a', 'b', null), fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }));
const group = fc.record({ x: leaf, y: leaf });
const details = fc.record({ a: leaf, b: leaf, g: group, h: fc.record({ inner: group, z: leaf }) });

describe('edit patches', () => {
  it('merging the diff of two details into the first gives the second', () => {
    fc.assert(fc.property(details, details, (before, after) => {
      expect(mergePatch(before, diff(before, after))).toEqual(after);
    }));
  });

  it('merging a diff twice changes nothing more (a re-applied event is harmless)', () => {
    fc.assert(fc.property(details, details, (before, after) => {
      const once = mergePatch(before, diff(before, after));
      expect(mergePatch(once, diff(before, after))).toEqual(once);
    }));
  });

  it('the diff of equal details is empty and names only changed leaves otherwise', () => {
    fc.assert(fc.property(details, (d) => {
      expect(diff(d, d)).toEqual({});
    }));
    expect(diff({ g: { x: 1, y: 2 }, a: [1] }, { g: { x: 1, y: 3 }, a: [1] })).toEqual({ g: { y: 3 } });
  });

  it('lists are replaced whole, undefined keeps a value and null clears it', () => {
    expect(mergePatch({ l: [1, 2], k: 'v', n: 'x' }, { l: [3], k: undefined, n: null })).toEqual({ l: [3], k: 'v', n: null });
    expect(deepEqual([1, { a: 2 }], [1, { a: 2 }])).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
});
