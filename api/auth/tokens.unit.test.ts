import fc from 'fast-check';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ECOSYSTEM_ROLES, PROGRAM_ROLES } from '../../domain/user/events';
import type { ViewerRole } from '../context';
import { MAX_TOKEN_ROLES, TokenSigner } from './tokens';

const SECRET = 'a'.repeat(64);
const NOW = new Date('2026-11-21T10:00:00.000Z');
const USER = '11111111-1111-4111-8111-111111111111';
const SESSION = '22222222-2222-4222-8222-222222222222';

const roleArb: fc.Arbitrary<ViewerRole> = fc.oneof(
  fc.record({ ecosystemId: fc.uuid({ version: 4 }), role: fc.constantFrom(...ECOSYSTEM_ROLES), programId: fc.constant(null) }),
  fc.record({ ecosystemId: fc.uuid({ version: 4 }), role: fc.constantFrom(...PROGRAM_ROLES), programId: fc.uuid({ version: 4 }) }),
);

describe('access token claims', () => {
  it('carry the account, roles in order, up to the bound; beyond it no roles at all', async () => {
    const signer = new TokenSigner(SECRET, 900);
    await fc.assert(fc.asyncProperty(fc.array(roleArb, { maxLength: MAX_TOKEN_ROLES + 3 }), fc.boolean(), fc.nat(1000), async (roles, platformAdmin, rolesVersion) => {
      const account = { email: 'ada@example.com', platformAdmin, rolesVersion, roles };
      const token = await signer.signAccessToken({ userId: USER, sessionId: SESSION, account }, NOW, new Date(NOW.getTime() + 86_400_000));
      const claims = await signer.verifyAccessToken(token, NOW);
      expect(claims).toEqual({
        userId: USER, sessionId: SESSION,
        account: { ...account, roles: roles.length <= MAX_TOKEN_ROLES ? roles : null },
      });
    }), { numRuns: 50 });
  });

  it('expire at the end of the session when that comes before the lifetime', async () => {
    const signer = new TokenSigner(SECRET, 900);
    const account = { email: 'ada@example.com', platformAdmin: false, rolesVersion: 0, roles: [] };
    const token = await signer.signAccessToken({ userId: USER, sessionId: SESSION, account }, NOW, new Date(NOW.getTime() + 60_000));
    expect(await signer.verifyAccessToken(token, new Date(NOW.getTime() + 59_000))).not.toBeNull();
    expect(await signer.verifyAccessToken(token, new Date(NOW.getTime() + 60_000))).toBeNull();
  });

  it('of a token from before the account claims, leave the account to be loaded', async () => {
    const signer = new TokenSigner(SECRET, 900);
    const old = await new SignJWT({ sid: SESSION }).setProtectedHeader({ alg: 'HS256' }).setIssuer('tutoring-platform').setAudience('api')
      .setSubject(USER).setIssuedAt(NOW).setExpirationTime(new Date(NOW.getTime() + 900_000)).sign(new TextEncoder().encode(SECRET));
    expect(await signer.verifyAccessToken(old, NOW)).toEqual({ userId: USER, sessionId: SESSION, account: null });
  });

  it('once checked, are answered from memory until they expire; another string, even one byte apart, is checked anew', async () => {
    const signer = new TokenSigner(SECRET, 900);
    const account = { email: 'ada@example.com', platformAdmin: false, rolesVersion: 0, roles: [] };
    const token = await signer.signAccessToken({ userId: USER, sessionId: SESSION, account }, NOW, new Date(NOW.getTime() + 86_400_000));
    const first = await signer.verifyAccessToken(token, NOW);
    expect(await signer.verifyAccessToken(token, new Date(NOW.getTime() + 899_000))).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first?.account)).toBe(true);
    const [head, body, sig] = token.split('.');
    const flipped = `${head}.${body}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(await signer.verifyAccessToken(flipped, NOW)).toBeNull();
    expect(await new TokenSigner('b'.repeat(64), 900).verifyAccessToken(token, NOW)).toBeNull();
    expect(await signer.verifyAccessToken(token, new Date(NOW.getTime() + 900_000))).toBeNull();
    // A clock set back before the first check (as tests' clocks are) checks the token again.
    expect(await signer.verifyAccessToken(token, new Date(NOW.getTime() - 1_000))).toEqual(first);
  });
});
