import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256';

const reference = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('sha256Hex', () => {
  it('matches the FIPS 180-4 test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('agrees with node:crypto on any text, across block boundaries and non-ASCII', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
      expect(sha256Hex(text)).toBe(reference(text));
    }), { numRuns: 300 });
  });

  it('agrees with node:crypto at the padding edges (55, 56, 63, 64 bytes)', () => {
    for (const n of [55, 56, 63, 64, 119, 120]) expect(sha256Hex('a'.repeat(n))).toBe(reference('a'.repeat(n)));
  });
});
