import { describe, expect, it } from 'vitest';
import { expiryFrom, inviteLink, maskEmail, mintToken, tokenHash, TOKEN_PATTERN } from './links';

describe('invite links', () => {
  it('mint tokens of 32 random bytes that never repeat, and hash them to 64 hex digits', () => {
    const tokens = new Set(Array.from({ length: 200 }, mintToken));
    expect(tokens.size).toBe(200);
    for (const t of tokens) expect(t).toMatch(TOKEN_PATTERN);
    expect(tokenHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('put the token under PUBLIC_URL, else under localhost and the port', () => {
    expect(inviteLink({ PUBLIC_URL: 'https://tutoring.example.org/', PORT: 4000 }, 'T')).toBe('https://tutoring.example.org/join/T');
    expect(inviteLink({ PUBLIC_URL: undefined, PORT: 4100 }, 'T')).toBe('http://localhost:4100/join/T');
  });

  it('expire INVITE_TTL_HOURS after sending', () => {
    expect(expiryFrom(new Date('2026-11-24T08:00:00Z'), { INVITE_TTL_HOURS: 168 })).toBe('2026-12-01T08:00:00.000Z');
  });

  it('show only the first letter and the domain of an address', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j•••@example.com');
    expect(maskEmail('x')).toBe('•••');
  });
});
