/**
 * Turns a bearer token into the request's Viewer (docs/decisions/0023). While the revocation
 * listener is trusted, no database query runs: the signature and expiry come from the token, the
 * session's revocation and the user's current roles version from the in-memory cache. A token whose
 * roles version is older than the cache's (or that carries no roles: too many, or issued before
 * decision 0023) gets the account loaded once per user and version into the cache, so the request
 * is served with the current roles. While the listener is not trusted (starting, reconnecting, a
 * silent connection), every request asks the database as before: fail safe, never fail open.
 */
import type { Pool } from 'pg';
import { loadAccount, type AccountRow } from '../../projections/users';
import type { Viewer } from '../context';
import type { RefreshTokenStore } from './refresh-tokens';
import type { SessionCache } from './session-cache';
import type { AccessClaims, TokenAccount, TokenSigner } from './tokens';

export interface AuthenticatorDeps {
  signer: TokenSigner;
  pool: Pool;
  refreshTokens: Pick<RefreshTokenStore, 'isLive'>;
  cache: SessionCache;
  /** Whether the cache is current (RevocationListener.trusted). */
  trusted: () => boolean;
  clock: () => Date;
}

export function viewerOf(userId: string, account: Pick<TokenAccount, 'email' | 'platformAdmin'> & { roles: Viewer['roles'] }): Viewer {
  return { userId, email: account.email, platformAdmin: account.platformAdmin, roles: account.roles };
}

export class Authenticator {
  /** Account loads under way, per user and version: requests that need the same one share it. */
  private readonly loading = new Map<string, Promise<AccountRow | null>>();

  constructor(private readonly deps: AuthenticatorDeps) {}

  async authenticate(bearer: string): Promise<Viewer | null> {
    const now = this.deps.clock();
    const claims = await this.deps.signer.verifyAccessToken(bearer, now);
    if (!claims) return null;
    if (!this.deps.trusted()) return this.fromDatabase(claims, now);
    const { cache } = this.deps;
    if (cache.isRevoked(claims.sessionId, now.getTime())) return null;
    const current = cache.rolesVersion(claims.userId, now.getTime());
    const { account } = claims;
    if (account?.roles && (current === undefined || account.rolesVersion >= current)) {
      return viewerOf(claims.userId, { ...account, roles: account.roles });
    }
    return this.loaded(claims.userId, Math.max(account?.rolesVersion ?? 0, current ?? 0), now);
  }

  /** The viewer with roles at `minVersion` or newer: from the cache, else loaded once and kept. */
  private async loaded(userId: string, minVersion: number, now: Date): Promise<Viewer | null> {
    const cached = this.deps.cache.account(userId, minVersion, now.getTime());
    if (cached) return cached.viewer;
    const account = await this.load(userId, minVersion);
    if (!account) return null;
    const viewer = viewerOf(userId, account);
    // An older version than heard of means the serving read model has not applied the change yet
    // (a build still catching up): serve what it has, but ask again next time.
    if (account.rolesVersion >= minVersion) this.deps.cache.storeAccount(userId, { viewer, rolesVersion: account.rolesVersion, loadedAt: now.getTime() });
    return viewer;
  }

  /** Shared only by requests needing the same version: a load begun before a newer change may not see it. */
  private load(userId: string, minVersion: number): Promise<AccountRow | null> {
    const key = `${userId} ${minVersion}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = loadAccount(this.deps.pool, userId).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  /** The check of every request while the cache cannot be trusted: the session and the account, in the database. */
  private async fromDatabase(claims: AccessClaims, now: Date): Promise<Viewer | null> {
    const [account, live] = await Promise.all([
      loadAccount(this.deps.pool, claims.userId),
      this.deps.refreshTokens.isLive(claims.sessionId, claims.userId, now),
    ]);
    if (!account || !live) return null;
    return viewerOf(account.id, account);
  }
}
