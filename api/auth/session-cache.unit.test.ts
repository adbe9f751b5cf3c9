import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Viewer } from '../context';
import { SessionCache } from './session-cache';

const viewer = (userId: string): Viewer => ({ userId, email: `${userId}@example.com`, platformAdmin: false, roles: [] });

describe('SessionCache', () => {
  it('refuses a revoked session until its tokens have expired, then forgets it', () => {
    const cache = new SessionCache({ accountMaxAgeMs: 1000 });
    cache.revoke('f1', 500);
    expect(cache.isRevoked('f1', 499)).toBe(true);
    expect(cache.isRevoked('f2', 0)).toBe(false);
    expect(cache.isRevoked('f1', 500)).toBe(false);
    cache.prune(500);
    expect(cache.size.revoked).toBe(0);
  });

  it('keeps the newest roles version whatever order the notices arrive in, repeated or not', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 20 }), (versions) => {
      const cache = new SessionCache({ accountMaxAgeMs: 1000 });
      for (const v of versions) cache.noteRolesVersion('u', v, 100);
      expect(cache.rolesVersion('u', 0)).toBe(Math.max(...versions));
      expect(cache.rolesVersion('u', 100)).toBeUndefined();
    }));
  });

  it('an older notice never shortens how long the newest version is remembered', () => {
    const cache = new SessionCache({ accountMaxAgeMs: 1000 });
    cache.noteRolesVersion('u', 5, 900);
    cache.noteRolesVersion('u', 3, 100);
    expect(cache.rolesVersion('u', 800)).toBe(5);
  });

  it('answers a loaded account only at the version asked for or newer, and while fresh', () => {
    const cache = new SessionCache({ accountMaxAgeMs: 1000 });
    cache.storeAccount('u', { viewer: viewer('u'), rolesVersion: 4, loadedAt: 0 });
    expect(cache.account('u', 4, 10)?.rolesVersion).toBe(4);
    expect(cache.account('u', 5, 10)).toBeUndefined();
    expect(cache.account('u', 4, 1000)).toBeUndefined();
    cache.clearAccounts();
    expect(cache.account('u', 0, 10)).toBeUndefined();
  });

  it('keeps at most maxAccounts, dropping the least recently used', () => {
    const cache = new SessionCache({ accountMaxAgeMs: 1000, maxAccounts: 2 });
    cache.storeAccount('a', { viewer: viewer('a'), rolesVersion: 0, loadedAt: 0 });
    cache.storeAccount('b', { viewer: viewer('b'), rolesVersion: 0, loadedAt: 0 });
    expect(cache.account('a', 0, 1)).toBeDefined();
    cache.storeAccount('c', { viewer: viewer('c'), rolesVersion: 0, loadedAt: 0 });
    expect(cache.account('b', 0, 1)).toBeUndefined();
    expect(cache.account('a', 0, 1)).toBeDefined();
    expect(cache.size.accounts).toBe(2);
  });
});
