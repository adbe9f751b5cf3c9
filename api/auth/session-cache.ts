/**
 * What one API process knows about sessions and roles without asking the database
 * (docs/decisions/0023-authentication-from-token-claims.md): the sessions revoked recently enough
 * that access tokens of theirs may still be unexpired, each user's current roles version where it
 * changed recently enough that tokens with an older one may still be unexpired, and the accounts
 * (roles included) it loaded for tokens that did not carry current roles. No I/O: the listener
 * (revocation-listener.ts) and the auth service fill it; times are the platform clock's, in ms.
 */
import type { Viewer } from '../context';

/** A loaded account and the roles version it was read at. */
export interface CachedAccount {
  viewer: Viewer;
  rolesVersion: number;
  loadedAt: number;
}

/** Accounts kept at most (least recently used go first): only users whose tokens lack current roles. */
export const MAX_CACHED_ACCOUNTS = 10_000;

export class SessionCache {
  /** Family id -> until when its tokens may still be presented. */
  private readonly revoked = new Map<string, number>();
  /** User id -> newest roles version heard of, and until when tokens of an older one may be presented. */
  private readonly versions = new Map<string, { version: number; until: number }>();
  /** User id -> account, in least-recently-used order (Map iteration order is insertion order). */
  private readonly accounts = new Map<string, CachedAccount>();

  constructor(private readonly options: { accountMaxAgeMs: number; maxAccounts?: number }) {}

  revoke(familyId: string, until: number): void {
    this.revoked.set(familyId, Math.max(until, this.revoked.get(familyId) ?? 0));
  }

  isRevoked(familyId: string, now: number): boolean {
    const until = this.revoked.get(familyId);
    return until !== undefined && now < until;
  }

  /** A user's roles changed to `version`; versions only grow, so notices may arrive in any order or twice. */
  noteRolesVersion(userId: string, version: number, until: number): void {
    const known = this.versions.get(userId);
    if (known && known.version >= version) {
      known.until = Math.max(known.until, until);
      return;
    }
    this.versions.set(userId, { version, until: Math.max(until, known?.until ?? 0) });
  }

  /** The newest roles version heard of for the user, if it changed recently; else undefined. */
  rolesVersion(userId: string, now: number): number | undefined {
    const known = this.versions.get(userId);
    return known && now < known.until ? known.version : undefined;
  }

  /** The account loaded for the user at `minVersion` or newer, if still fresh. */
  account(userId: string, minVersion: number, now: number): CachedAccount | undefined {
    const cached = this.accounts.get(userId);
    if (!cached || cached.rolesVersion < minVersion || now - cached.loadedAt >= this.options.accountMaxAgeMs) return undefined;
    this.accounts.delete(userId);
    this.accounts.set(userId, cached);
    return cached;
  }

  storeAccount(userId: string, account: CachedAccount): void {
    this.accounts.delete(userId);
    this.accounts.set(userId, account);
    const max = this.options.maxAccounts ?? MAX_CACHED_ACCOUNTS;
    for (const oldest of this.accounts.keys()) {
      if (this.accounts.size <= max) break;
      this.accounts.delete(oldest);
    }
  }

  /** Forgets loaded accounts: after a gap in the notices, any of them may be stale. */
  clearAccounts(): void {
    this.accounts.clear();
  }

  /** Drops what no unexpired token can need any more. */
  prune(now: number): void {
    for (const [id, until] of this.revoked) if (until <= now) this.revoked.delete(id);
    for (const [id, v] of this.versions) if (v.until <= now) this.versions.delete(id);
    for (const [id, a] of this.accounts) if (now - a.loadedAt >= this.options.accountMaxAgeMs) this.accounts.delete(id);
  }

  /** Entries held (for tests and diagnostics). */
  get size(): { revoked: number; versions: number; accounts: number } {
    return { revoked: this.revoked.size, versions: this.versions.size, accounts: this.accounts.size };
  }
}
