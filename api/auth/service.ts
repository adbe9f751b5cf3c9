/**
 * Authentication (docs/decisions/0007-auth-tokens.md): password log-in with throttling
 * (docs/decisions/0015-login-throttling.md) and constant-time handling of unknown e-mails,
 * short-lived access tokens, rotating refresh tokens with reuse detection, a grace window and an
 * absolute session lifetime, and turning a bearer token into the request's Viewer without a query
 * (docs/decisions/0023, authenticate.ts). Everything runs as app_api; password hashes are read only
 * through the auth functions of migration 0300_auth.sql.
 */
import pg, { type Pool } from 'pg';
import type { CommandHandler, DomainEvent } from '../../domain/shared/decider';
import { ForbiddenError, RateLimitedError, UnauthenticatedError, ValidationError } from '../../domain/shared/errors';
import type { Actor, Position } from '../../domain/shared/events';
import { emailSchema } from '../../domain/user/commands';
import { changePassword as changePasswordCommand } from '../../domain/user/handlers';
import type { Config } from '../../infra/config';
import type { Secrets } from '../../infra/secrets';
import { loadAccount, loadCredentials, USERS_PROJECTION, type AccountRow } from '../../projections/users';
import type { Viewer } from '../context';
import { Authenticator } from './authenticate';
import { authMessages } from './messages';
import { GateFullError, HashGate } from './hash-gate';
import { BUSY_RETRY_SECONDS, LoginGuard } from './login-guard';
import { AuthMaintenance } from './maintenance';
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, verifyDummy, verifyPassword } from './password';
import { RefreshTokenStore, type IssuedRefreshToken } from './refresh-tokens';
import { RevocationListener } from './revocation-listener';
import { SessionCache } from './session-cache';
import { TokenSigner } from './tokens';

/** The part of infra/commandbus.ts's CommandBus that auth uses. */
export interface CommandDispatcher {
  dispatch<I, S, E extends DomainEvent>(handler: CommandHandler<I, S, E>, input: unknown,
    options: { actor: Actor; commandId: string; correlationId?: string; now?: string }): Promise<{ state: S; position: Position | null }>;
}

export type AuthConfig = Pick<Config, 'ACCESS_TOKEN_TTL_SECONDS' | 'REFRESH_TOKEN_TTL_DAYS' | 'REFRESH_SESSION_MAX_DAYS'
  | 'REFRESH_REUSE_GRACE_SECONDS' | 'AUTH_RETENTION_DAYS' | 'PROJECTION_WAIT_MS' | 'LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS'
  | 'LOGIN_MAX_FAILURES_PER_ACCOUNT' | 'LOGIN_MAX_FAILURES_PER_ADDRESS' | 'LOGIN_MAX_FAILURES_GLOBAL'
  | 'LOGIN_MAX_CONCURRENT_HASHES' | 'LOGIN_MAX_QUEUED_HASHES'>;

const DAY_MS = 86_400_000;
/** Clocks of API replicas may disagree by this much; revocations are remembered this much longer. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** How far the users projection may lag behind a role change (docs/decisions/0023). */
const PROJECTION_LAG_MS = 3_600_000;

export interface AuthServiceDeps {
  config: AuthConfig;
  /** The signing key: config JWT_SECRET, or the one generated into the data folder. */
  secrets: Pick<Secrets, 'jwtSecret'>;
  apiPool: Pool;
  bus: CommandDispatcher;
  projections: { waitFor(position: Position, names?: readonly string[], timeoutMs?: number): Promise<boolean> };
  clock?: () => Date;
  /** Password checks; injectable so tests can see which check a log-in ran. argon2id by default. */
  passwords?: PasswordChecks;
  /** The revocation listener's own connection; by default one more connection like apiPool's. */
  newListenerClient?: () => pg.Client;
  log?: (message: string) => void;
}

export interface PasswordChecks {
  verify(passwordHash: string, password: string): Promise<boolean>;
  verifyDummy(password: string): Promise<false>;
}

const argon2Checks: PasswordChecks = { verify: verifyPassword, verifyDummy };

export type MfaMethodName = 'TOTP';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  refreshTokenExpiresAt: Date;
}

export interface LoginResult {
  user: AccountRow;
  /** Names the user for the MFA step. */
  userIdToken: string;
  mfaMethods: MfaMethodName[];
  /** Null while an MFA step must follow (never yet: no user has MFA configured). */
  tokens: TokenPair | null;
}

export interface LoginOptions {
  /** Client address: keys the per-address throttling rules. */
  ip?: string;
  /** When given, the user must belong to this ecosystem. */
  ecosystemId?: string | null;
}

export class AuthService {
  private readonly signer: TokenSigner;
  private readonly refreshTokens: RefreshTokenStore;
  private readonly guard: LoginGuard;
  private readonly gate: HashGate;
  private readonly clock: () => Date;
  private readonly cache: SessionCache;
  private readonly listener: RevocationListener;
  private readonly authenticator: Authenticator;
  private readonly sessionWindowMs: number;
  /** The purge of expired counters and sessions; the platform starts and stops it. */
  readonly maintenance: AuthMaintenance;

  constructor(private readonly deps: AuthServiceDeps) {
    const { config } = deps;
    this.clock = deps.clock ?? (() => new Date());
    this.signer = new TokenSigner(deps.secrets.jwtSecret, config.ACCESS_TOKEN_TTL_SECONDS);
    this.refreshTokens = new RefreshTokenStore(deps.apiPool, {
      idleMs: config.REFRESH_TOKEN_TTL_DAYS * DAY_MS, absoluteMs: config.REFRESH_SESSION_MAX_DAYS * DAY_MS, graceMs: config.REFRESH_REUSE_GRACE_SECONDS * 1000,
    });
    this.guard = new LoginGuard(deps.apiPool, config, this.clock);
    this.gate = new HashGate(config.LOGIN_MAX_CONCURRENT_HASHES, config.LOGIN_MAX_QUEUED_HASHES);
    this.maintenance = new AuthMaintenance(deps.apiPool, config.AUTH_RETENTION_DAYS * DAY_MS, this.clock);
    // A token of a session revoked at R was issued before R, so it expires by R + its lifetime.
    this.sessionWindowMs = config.ACCESS_TOKEN_TTL_SECONDS * 1000 + CLOCK_SKEW_MS;
    const rolesWindowMs = this.sessionWindowMs + PROJECTION_LAG_MS;
    this.cache = new SessionCache({ accountMaxAgeMs: rolesWindowMs });
    this.listener = new RevocationListener({
      cache: this.cache, clock: this.clock, log: deps.log ?? ((line) => console.error(line)),
      newClient: deps.newListenerClient ?? (() => new pg.Client({ ...deps.apiPool.options, application_name: 'auth-listener', keepAlive: true })),
      windows: { sessionMs: this.sessionWindowMs, rolesMs: rolesWindowMs },
    });
    this.authenticator = new Authenticator({
      signer: this.signer, pool: deps.apiPool, refreshTokens: this.refreshTokens, cache: this.cache, trusted: () => this.listener.trusted(), clock: this.clock,
    });
  }

  /**
   * Loads the recent revocations and role changes and starts listening for new ones; until it has,
   * and whenever the listener is down, authenticate asks the database per request.
   */
  start(): Promise<void> {
    return this.listener.start();
  }

  stop(): Promise<void> {
    return this.listener.stop();
  }

  /** Whether requests are authenticated from the cache (true) or the database (false). */
  get cacheTrusted(): boolean {
    return this.listener.trusted();
  }

  async login(email: string, password: string, options: LoginOptions = {}): Promise<LoginResult> {
    const user = await this.verifyCredentials(email, password, options.ip ?? 'unknown');
    // Checked only after the password, so that it tells nothing to someone without it.
    if (options.ecosystemId && !user.platformAdmin && !user.roles.some((r) => r.ecosystemId === options.ecosystemId)) {
      throw new ForbiddenError(authMessages.notInEcosystem);
    }
    const now = this.clock();
    const mfaMethods: MfaMethodName[] = [];
    return {
      user,
      userIdToken: await this.signer.signUserIdToken(user.id, now),
      mfaMethods,
      tokens: mfaMethods.length === 0 ? await this.startSession(user) : null,
    };
  }

  /** Starts a session for the user: a new refresh-token family and an access token bound to it. */
  private async startSession(account: AccountRow): Promise<TokenPair> {
    const now = this.clock();
    const refresh = await this.refreshTokens.startFamily(account.id, now);
    return this.pairOf(refresh, account, now);
  }

  /**
   * Exchanges a refresh token for a new pair whose access token carries the user's current roles;
   * an invalid, expired (idle or absolute) or reused token answers UNAUTHENTICATED. The same token
   * presented again within the grace window also gets a pair.
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const now = this.clock();
    const result = await this.refreshTokens.rotate(refreshToken, now);
    if (result.outcome === 'reused') this.revoked([result.familyId], now);
    const account = result.outcome === 'rotated' ? await loadAccount(this.deps.apiPool, result.next.userId) : null;
    if (result.outcome !== 'rotated' || !account) throw new UnauthenticatedError(authMessages.sessionExpired);
    return this.pairOf(result.next, account, now);
  }

  /** Ends the session (refresh-token family) of this token; false when the token is unknown. */
  async logout(refreshToken: string): Promise<boolean> {
    const family = await this.refreshTokens.familyOf(refreshToken);
    if (!family) return false;
    const now = this.clock();
    this.revoked(await this.refreshTokens.revokeFamily(family.familyId, 'logout', now), now);
    return true;
  }

  /** Ends every session of the user; returns how many were live. */
  async logoutEverywhere(userId: string): Promise<number> {
    const now = this.clock();
    const ids = await this.refreshTokens.revokeAllOfUser(userId, 'logout', now);
    this.revoked(ids, now);
    return ids.length;
  }

  /** The Viewer of a bearer token; null when absent, invalid, expired, or its session has ended. */
  authenticate(bearer: string | null): Promise<Viewer | null> {
    return bearer ? this.authenticator.authenticate(bearer) : Promise.resolve(null);
  }

  /** The user an MFA-step token names, or null when it is invalid or expired. */
  verifyUserIdToken(token: string): Promise<string | null> {
    return this.signer.verifyUserIdToken(token, this.clock());
  }

  /**
   * Changes the user's own password after checking the current one, then ends every session: a
   * password change is what a user does when they fear someone else is signed in.
   */
  async changePassword(actor: Actor, currentPassword: string, newPassword: string): Promise<void> {
    const account = await loadAccount(this.deps.apiPool, actor.userId);
    const credentials = account && await loadCredentials(this.deps.apiPool, account.email);
    if (!credentials || !(await this.hashing(() => verifyPassword(credentials.passwordHash, currentPassword)))) {
      throw new ValidationError(authMessages.wrongCurrentPassword, { oldPass: authMessages.wrongCurrentPassword });
    }
    assertAcceptablePassword(newPassword, 'newPass');
    const now = this.clock();
    const result = await this.deps.bus.dispatch(changePasswordCommand, { userId: actor.userId, passwordHash: await this.hashing(() => hashPassword(newPassword)) },
      { actor, commandId: crypto.randomUUID(), now: now.toISOString() });
    this.revoked(await this.refreshTokens.revokeAllOfUser(actor.userId, 'password_changed', now), now);
    if (result.position) await this.deps.projections.waitFor(result.position, [USERS_PROJECTION], this.deps.config.PROJECTION_WAIT_MS);
  }

  private async verifyCredentials(email: string, password: string, ip: string): Promise<AccountRow> {
    const parsed = emailSchema.safeParse(email);
    const normalised = parsed.success ? parsed.data : email.trim().toLowerCase();
    const checks = this.deps.passwords ?? argon2Checks;
    const account = await this.guard.attempt(normalised, ip, async () => {
      const credentials = parsed.success ? await loadCredentials(this.deps.apiPool, normalised) : null;
      // Unknown e-mails still pay for one hash verification, so timing does not reveal which exist.
      const ok = await this.hashing(() => credentials ? checks.verify(credentials.passwordHash, password) : checks.verifyDummy(password));
      return ok && credentials ? loadAccount(this.deps.apiPool, credentials.userId) : null;
    });
    if (!account) throw new UnauthenticatedError(authMessages.invalidCredentials);
    return account;
  }

  /** Runs argon2 work through the gate; a full queue answers RATE_LIMITED (busy). */
  private async hashing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await this.gate.run(work);
    } catch (err) {
      if (err instanceof GateFullError) throw new RateLimitedError(authMessages.loginBusy, BUSY_RETRY_SECONDS);
      throw err;
    }
  }

  /**
   * Sessions this process revoked: known here at once, without waiting for the notice that other
   * processes get (which this one receives too).
   */
  private revoked(familyIds: readonly string[], now: Date): void {
    for (const id of familyIds) this.cache.revoke(id, now.getTime() + this.sessionWindowMs);
  }

  private async pairOf(refresh: IssuedRefreshToken, account: AccountRow, now: Date): Promise<TokenPair> {
    const accessToken = await this.signer.signAccessToken({ userId: account.id, sessionId: refresh.familyId, account }, now, refresh.sessionExpiresAt);
    return { accessToken, refreshToken: refresh.token, refreshTokenExpiresAt: refresh.expiresAt };
  }
}

/** Length bounds only: NIST 800-63B advises against composition rules. */
export function assertAcceptablePassword(password: string, field: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw new ValidationError(authMessages.passwordTooShort, { [field]: authMessages.passwordTooShort });
  if (password.length > MAX_PASSWORD_LENGTH) throw new ValidationError(authMessages.passwordTooLong, { [field]: authMessages.passwordTooLong });
}
