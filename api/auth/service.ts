/**
 * Authentication (docs/decisions/0007-auth-tokens.md): password log-in with a rate limit and
 * constant-time handling of unknown e-mails, short-lived access tokens, rotating refresh tokens
 * with reuse detection, and turning a bearer token into the request's Viewer. Everything runs as
 * app_api; password hashes are read only through the auth functions of migration 0300_auth.sql.
 */
import type { Pool } from 'pg';
import type { CommandHandler, DomainEvent } from '../../domain/shared/decider';
import { ForbiddenError, RateLimitedError, UnauthenticatedError, ValidationError } from '../../domain/shared/errors';
import type { Actor, Position } from '../../domain/shared/events';
import { emailSchema } from '../../domain/user/commands';
import { changePassword as changePasswordCommand } from '../../domain/user/handlers';
import type { Config } from '../../infra/config';
import type { Secrets } from '../../infra/secrets';
import { loadAccount, loadCredentials, USERS_PROJECTION, type UserRow } from '../../projections/users';
import type { Viewer } from '../context';
import { authMessages, minutesUntil } from './messages';
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, verifyDummy, verifyPassword } from './password';
import { RefreshTokenStore } from './refresh-tokens';
import { LoginThrottle, throttleKey, WINDOW_MS } from './throttle';
import { TokenSigner } from './tokens';

/** The part of infra/commandbus.ts's CommandBus that auth uses. */
export interface CommandDispatcher {
  dispatch<I, S, E extends DomainEvent>(handler: CommandHandler<I, S, E>, input: unknown,
    options: { actor: Actor; commandId: string; correlationId?: string; now?: string }): Promise<{ state: S; position: Position | null }>;
}

export interface AuthServiceDeps {
  config: Pick<Config, 'ACCESS_TOKEN_TTL_SECONDS' | 'REFRESH_TOKEN_TTL_DAYS' | 'PROJECTION_WAIT_MS'>;
  /** The signing key: config JWT_SECRET, or the one generated into the data folder. */
  secrets: Pick<Secrets, 'jwtSecret'>;
  apiPool: Pool;
  bus: CommandDispatcher;
  projections: { waitFor(position: Position, names?: readonly string[], timeoutMs?: number): Promise<boolean> };
  clock?: () => Date;
  /** Password checks; injectable so tests can see which check a log-in ran. argon2id by default. */
  passwords?: PasswordChecks;
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
  user: UserRow;
  /** Names the user for the MFA step. */
  userIdToken: string;
  mfaMethods: MfaMethodName[];
  /** Null while an MFA step must follow (never yet: no user has MFA configured). */
  tokens: TokenPair | null;
}

export interface LoginOptions {
  /** Client address, half of the rate-limit key. */
  ip?: string;
  /** When given, the user must belong to this ecosystem. */
  ecosystemId?: string | null;
}

export class AuthService {
  private readonly signer: TokenSigner;
  private readonly refreshTokens: RefreshTokenStore;
  private readonly throttle: LoginThrottle;
  private readonly clock: () => Date;

  constructor(private readonly deps: AuthServiceDeps) {
    this.signer = new TokenSigner(deps.secrets.jwtSecret, deps.config.ACCESS_TOKEN_TTL_SECONDS);
    this.refreshTokens = new RefreshTokenStore(deps.apiPool, deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000);
    this.throttle = new LoginThrottle(deps.apiPool);
    this.clock = deps.clock ?? (() => new Date());
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
      tokens: mfaMethods.length === 0 ? await this.issueTokens(user.id) : null,
    };
  }

  /** Starts a session for the user: a new refresh-token family and an access token bound to it. */
  async issueTokens(userId: string): Promise<TokenPair> {
    const now = this.clock();
    const refresh = await this.refreshTokens.startFamily(userId, now);
    return this.pairOf(refresh.token, refresh.familyId, refresh.expiresAt, userId, now);
  }

  /** Exchanges a refresh token for a new pair; an invalid, expired or reused token answers UNAUTHENTICATED. */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const now = this.clock();
    const result = await this.refreshTokens.rotate(refreshToken, now);
    if (result.outcome !== 'rotated') throw new UnauthenticatedError(authMessages.sessionExpired);
    const { next } = result;
    return this.pairOf(next.token, next.familyId, next.expiresAt, next.userId, now);
  }

  /** Ends the session (refresh-token family) of this token; false when the token is unknown. */
  async logout(refreshToken: string): Promise<boolean> {
    const family = await this.refreshTokens.familyOf(refreshToken);
    if (!family) return false;
    await this.refreshTokens.revokeFamily(family.familyId, 'logout', this.clock());
    return true;
  }

  /** Ends every session of the user; returns how many were live. */
  logoutEverywhere(userId: string): Promise<number> {
    return this.refreshTokens.revokeAllOfUser(userId, 'logout', this.clock());
  }

  /** The user a refresh token belongs to, or null (lets /logout and Logout check ownership). */
  async refreshTokenOwner(refreshToken: string): Promise<string | null> {
    return (await this.refreshTokens.familyOf(refreshToken))?.userId ?? null;
  }

  /** The Viewer of a bearer token; null when absent, invalid, expired, or its session has ended. */
  async authenticate(bearer: string | null): Promise<Viewer | null> {
    if (!bearer) return null;
    const claims = await this.signer.verifyAccessToken(bearer, this.clock());
    if (!claims) return null;
    const [account, live] = await Promise.all([
      loadAccount(this.deps.apiPool, claims.userId),
      this.refreshTokens.isLive(claims.sessionId, claims.userId),
    ]);
    if (!account || !live) return null;
    return { userId: account.id, email: account.email, platformAdmin: account.platformAdmin, roles: account.roles };
  }

  /** The account behind a viewer, every role included (getCurrentUserV2). */
  account(userId: string): Promise<UserRow | null> {
    return loadAccount(this.deps.apiPool, userId);
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
    if (!credentials || !(await verifyPassword(credentials.passwordHash, currentPassword))) {
      throw new ValidationError(authMessages.wrongCurrentPassword, { oldPass: authMessages.wrongCurrentPassword });
    }
    assertAcceptablePassword(newPassword, 'newPass');
    const now = this.clock();
    const result = await this.deps.bus.dispatch(changePasswordCommand, { userId: actor.userId, passwordHash: await hashPassword(newPassword) },
      { actor, commandId: crypto.randomUUID(), now: now.toISOString() });
    await this.refreshTokens.revokeAllOfUser(actor.userId, 'password_changed', now);
    if (result.position) await this.deps.projections.waitFor(result.position, [USERS_PROJECTION], this.deps.config.PROJECTION_WAIT_MS);
  }

  private async verifyCredentials(email: string, password: string, ip: string): Promise<UserRow> {
    const parsed = emailSchema.safeParse(email);
    const normalised = parsed.success ? parsed.data : email.trim().toLowerCase();
    const key = throttleKey(normalised);
    const now = this.clock();
    if ((await this.throttle.attempt(key, ip, now)).limited) throw new RateLimitedError(authMessages.tooManyAttempts({ minutes: minutesUntil(WINDOW_MS) }));
    const credentials = parsed.success ? await loadCredentials(this.deps.apiPool, normalised) : null;
    // Unknown e-mails still pay for one hash verification, so timing does not reveal which exist.
    const checks = this.deps.passwords ?? argon2Checks;
    const ok = credentials ? await checks.verify(credentials.passwordHash, password) : await checks.verifyDummy(password);
    const account = ok && credentials ? await loadAccount(this.deps.apiPool, credentials.userId) : null;
    if (!account) throw new UnauthenticatedError(authMessages.invalidCredentials);
    await this.throttle.recordSuccess(key, ip);
    return account;
  }

  private async pairOf(refreshToken: string, familyId: string, expiresAt: Date, userId: string, now: Date): Promise<TokenPair> {
    const accessToken = await this.signer.signAccessToken({ userId, sessionId: familyId }, now);
    return { accessToken, refreshToken, refreshTokenExpiresAt: expiresAt };
  }
}

/** Length bounds only: NIST 800-63B advises against composition rules. */
export function assertAcceptablePassword(password: string, field: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw new ValidationError(authMessages.passwordTooShort, { [field]: authMessages.passwordTooShort });
  if (password.length > MAX_PASSWORD_LENGTH) throw new ValidationError(authMessages.passwordTooLong, { [field]: authMessages.passwordTooLong });
}
