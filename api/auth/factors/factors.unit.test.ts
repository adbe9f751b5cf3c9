import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseRecoveryCode, recoveryCodeHash, recoveryCodesFor } from './recovery-codes';
import { SecretBox } from './secret-box';
import { base32Secret, codeAt, matchingStep, otpauthUri, secretBase32, stepAt } from './totp';

const KEY = 'k'.repeat(43);
const ADA = '5b0c5a52-3b8a-4d6e-9d39-0a1f1f6c2a01';
const BOB = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c03';

describe('SecretBox', () => {
  const box = new SecretBox(KEY);
  const secret = Buffer.from('12345678901234567890');

  it('opens what it sealed, for the same person only', () => {
    const sealed = box.seal(secret, ADA);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(secret.toString('base64url'));
    expect(box.open(sealed, ADA)).toEqual(secret);
    expect(() => box.open(sealed, BOB)).toThrow();
  });

  it('refuses altered text and another key', () => {
    const sealed = box.seal(secret, ADA);
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(() => box.open([parts[0], parts[1], parts[2], flipped.toString('base64url')].join('.'), ADA)).toThrow();
    expect(() => new SecretBox('x'.repeat(43)).open(sealed, ADA)).toThrow();
    expect(() => box.open('v2.a.b.c', ADA)).toThrow('Unknown sealed-secret format');
  });

  it('seals the same secret differently every time (a fresh IV)', () => {
    expect(box.seal(secret, ADA)).not.toBe(box.seal(secret, ADA));
  });
});

describe('TOTP', () => {
  // RFC 6238 appendix B, SHA-1: at 59 s the 8-digit code is 94287082, so the 6-digit one is 287082.
  const rfcSecret = Buffer.from('12345678901234567890');

  it('computes the RFC 6238 test vector and finds its step', () => {
    expect(codeAt(rfcSecret, new Date(59_000))).toBe('287082');
    expect(matchingStep(rfcSecret, '287082', new Date(59_000))).toBe(1);
    // One step later the same code is still taken (drift), two steps later it is not.
    expect(matchingStep(rfcSecret, '287082', new Date(89_000))).toBe(1);
    expect(matchingStep(rfcSecret, '287082', new Date(119_000))).toBeNull();
    expect(matchingStep(rfcSecret, '28708', new Date(59_000))).toBeNull();
  });

  it('round-trips the base-32 key and names issuer and account in the URI', () => {
    expect(base32Secret(secretBase32(rfcSecret))).toEqual(rfcSecret);
    const uri = otpauthUri(rfcSecret, { issuer: 'Tutoring Platform', account: 'ada@example.com' });
    expect(uri).toContain('otpauth://totp/');
    expect(uri).toContain('issuer=Tutoring%20Platform');
    expect(uri).toContain(`secret=${secretBase32(rfcSecret)}`);
    expect(uri).toMatch(/period=30/);
  });

  it('every code of a random secret matches its own step (property)', () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.integer({ min: 1_000_000_000, max: 4_000_000_000 }), (bytes, seconds) => {
      const secret = Buffer.from(bytes);
      const at = new Date(seconds * 1000);
      return matchingStep(secret, codeAt(secret, at), at) === stepAt(at);
    }), { numRuns: 200 });
  });
});

describe('recovery codes', () => {
  const box = new SecretBox(KEY);

  it('are ten distinct codes, the same for the same seed and different for another', () => {
    const codes = recoveryCodesFor(box, 'seed-1');
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(recoveryCodesFor(box, 'seed-1')).toEqual(codes);
    expect(recoveryCodesFor(box, 'seed-2')).not.toEqual(codes);
    expect(recoveryCodesFor(new SecretBox('z'.repeat(43)), 'seed-1')).not.toEqual(codes);
  });

  it('read the same however they are typed, and hash per person', () => {
    const [code] = recoveryCodesFor(box, 'seed-3');
    const plain = normaliseRecoveryCode(code);
    expect(plain).toMatch(/^[0-9a-hjkmnp-tv-z]{10}$/);
    expect(normaliseRecoveryCode(` ${code.toUpperCase().replace('-', ' ')} `)).toBe(plain);
    expect(normaliseRecoveryCode('too-short')).toBeNull();
    expect(normaliseRecoveryCode('123456')).toBeNull();
    expect(recoveryCodeHash(box, ADA, plain ?? '')).toMatch(/^[0-9a-f]{64}$/);
    expect(recoveryCodeHash(box, ADA, plain ?? '')).not.toBe(recoveryCodeHash(box, BOB, plain ?? ''));
  });

  it('every generated code normalises to itself without its dash (property)', () => {
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 30 }), (seed) =>
      recoveryCodesFor(box, seed).every((c) => normaliseRecoveryCode(c) === c.replace('-', ''))), { numRuns: 100 });
  });
});
