/**
 * Authentication (docs/decisions/0007-auth-tokens.md): password log-in with throttling
 * (docs/decisions/0015-login-throttling.md) and constant-time handling of unknown e-mails,
 * short-lived access tokens, rotating refresh tokens with reuse detection, a grace window and an
 * absolute session lifetime, and turning a bearer token into the request's Viewer without a query
 * (docs/decisions/0023, authenticate.ts). Everything runs as app_api; password hashes are read only
 * through the auth functions of migration 0300_auth.sql.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg, { type Pool } from 'pg';
import type { Aggregate, CommandHandler, DomainEvent } from '../../domain/shared/decider';
import { ForbiddenError, UnauthenticatedError, ValidationError } from '../../domain/shared/errors';
import { mfaAggregate } from '../../domain/mfa/state';
import type { Actor, Position } from '../../domain/shared/events';
import { changePassword as changePasswordCommand } from '../../domain/user/handlers';
import type { Config } from '../../infra/config';
import type { Secrets } from '../../infra/secrets';
import { UnsubscribeLinks } from './unsubscribe';
import { hasAppliedTo, loadAccount, USERS_PROJECTION, type AccountRow } from '../../projections/users';
import type { Viewer } from '../context';
import { Authenticator } from './authenticate';
import { MfaService, type MfaMethodName, type RunCommand } from './factors/service';
import { SecretBox } from './factors/secret-box';
import { EmailCodes } from './factors/email-codes';
import { languageOf } from './one-time/by-email';
import type { WorkflowEngine } from '../../workflows/engine/port';
import { OneTimeLinks } from './one-time/links';
import { argon2Checks, CredentialChecks, type PasswordChecks } from './credentials';
import { authMessages } from './messages';
import { HashGate } from './hash-gate';
import { LoginGuard } from './login-guard';
import { AuthMaintenance } from './maintenance';
import { factorMessages } from './factors/messages';
import { hashPassword } from './password';
import { assertAcceptablePassword, passwordMessages } from './password-policy';
import { RefreshTokenStore, type IssuedRefreshToken } from './refresh-tokens';
import { RevocationListener } from './revocation-listener';
import { SessionCache } from './session-cache';
import { TokenSigner } from './tokens';

/** The part of infra/commandbus.ts's CommandBus that auth uses. */
export interface CommandDispatcher {
  dispatch<I, S, E extends DomainEvent>(handler: CommandHandler<I, S, E>, input: unknown,
    options: { actor: Actor; commandId: string; correlationId?: string; now?: string }): Promise<{ state: S; position: Position | null; replayed: boolean }>;
}

/** The command bus as auth uses it: commands, and an aggregate's state folded from its stream (the MFA factor). */
export interface AuthBus extends CommandDispatcher {
  load<S, E extends DomainEvent>(aggregate: Aggregate<S, E>, aggregateId: string): Promise<S>;
}

export type AuthConfig = Pick<Config, 'PUBLIC_URL' | 'PORT' | 'ACCESS_TOKEN_TTL_SECONDS' | 'REFRESH_TOKEN_TTL_DAYS' | 'REFRESH_SESSION_MAX_DAYS'
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
  /**
   * The signing key (config JWT_SECRET, or the one generated into the data folder) and the key that
   * seals second-factor secrets (MFA_SECRET_KEY, or the data folder's); without the latter, one
   * made up for this process (tests), whose sealed secrets no other process can open.
   */
  secrets: Pick<Secrets, 'jwtSecret'> & Partial<Pick<Secrets, 'mfaSecretKey'>>;
  apiPool: Pool;
  bus: AuthBus;
  projections: { waitFor(position: Position, names?: readonly string[], timeoutMs?: number): Promise<boolean> };
  clock?: () => Date;
  /** Password checks; injectable so tests can see which check a log-in ran. argon2id by default. */
  passwords?: PasswordChecks;
  /** The revocation listener's own connection; by default one more connection like apiPool's. */
  newListenerClient?: () => pg.Client;
  log?: (message: string) => void;
  /** The workflow engine that delivers mail (the e-mail code factor); started after auth, so asked for when needed. */
  engine?: () => Pick<WorkflowEngine, 'startWorkflow'>;
}

export type { PasswordChecks } from './credentials';

export type { MfaMethodName } from './factors/service';

/** The name authenticator apps show above the account. */
export const TOTP_ISSUER = 'Tutoring Platform';

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
  /** An ecosystem of the user requires MFA and the user has none: set it up before any token (decision 0039). */
  mfaEnrolmentRequired: boolean;
  /** Null while an MFA step must follow. */
  tokens: TokenPair | null;
}

export interface MfaLoginResult {
  user: AccountRow;
  tokens: TokenPair;
  /** The recovery codes of a set-up this step finished (required at log-in); else null. */
  recoveryCodes: string[] | null;
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
  /** Password checks under the log-in throttle: log-in, changing a password, proving who one is. */
  readonly credentials: CredentialChecks;
  private readonly clock: () => Date;
  private readonly cache: SessionCache;
  private readonly listener: RevocationListener;
  private readonly authenticator: Authenticator;
  private readonly sessionWindowMs: number;
  /** The purge of expired counters and sessions; the platform starts and stops it. */
  readonly maintenance: AuthMaintenance;
  /** Second factors (docs/decisions/0039). */
  readonly mfa: MfaService;
  /** One-time links: VERIFY_EMAIL, RESET_PASSWORD, LOGIN_USER (docs/decisions/0042). */
  readonly oneTime: OneTimeLinks;
  /** Unsubscribe links of notification e-mails (docs/decisions/0072), signed with a key derived from the JWT secret. */
  readonly unsubscribe: UnsubscribeLinks;

  constructor(private readonly deps: AuthServiceDeps) {
    const { config } = deps;
    this.clock = deps.clock ?? (() => new Date());
    this.signer = new TokenSigner(deps.secrets.jwtSecret, config.ACCESS_TOKEN_TTL_SECONDS);
    this.refreshTokens = new RefreshTokenStore(deps.apiPool, {
      idleMs: config.REFRESH_TOKEN_TTL_DAYS * DAY_MS, absoluteMs: config.REFRESH_SESSION_MAX_DAYS * DAY_MS, graceMs: config.REFRESH_REUSE_GRACE_SECONDS * 1000,
    });
    const guard = new LoginGuard(deps.apiPool, config, this.clock);
    this.credentials = new CredentialChecks({
      apiPool: deps.apiPool, guard, passwords: deps.passwords ?? argon2Checks,
      gate: new HashGate(config.LOGIN_MAX_CONCURRENT_HASHES, config.LOGIN_MAX_QUEUED_HASHES),
    });
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
    const box = new SecretBox(deps.secrets.mfaSecretKey ?? randomBytes(32).toString('base64url'));
    const engine = deps.engine ?? (() => { throw new Error('AuthService: no workflow engine to mail e-mail codes with'); });
    this.unsubscribe = new UnsubscribeLinks(deps.secrets.jwtSecret, deps.bus, this.clock, deps.projections, config.PROJECTION_WAIT_MS);
    this.mfa = new MfaService({
      box, apiPool: deps.apiPool, guard, load: (userId) => deps.bus.load(mfaAggregate, userId), clock: this.clock, issuer: TOTP_ISSUER,
      emailCodes: new EmailCodes({ apiPool: deps.apiPool, box, bus: deps.bus, clock: this.clock, engine }),
    });
    this.oneTime = new OneTimeLinks({
      apiPool: deps.apiPool, bus: deps.bus, projections: deps.projections, clock: this.clock, config, guard,
      log: (message, err) => (deps.log ?? ((line) => console.error(line)))(`${message}: ${err instanceof Error ? err.message : String(err)}`),
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

  async stop(): Promise<void> {
    await this.oneTime.idle();
    await this.listener.stop();
  }

  /** Whether requests are authenticated from the cache (true) or the database (false). */
  get cacheTrusted(): boolean {
    return this.listener.trusted();
  }

  async login(email: string, password: string, options: LoginOptions = {}): Promise<LoginResult> {
    const user = await this.credentials.verifyLogin(email, password, options.ip ?? 'unknown');
    // Checked only after the password, so that it tells nothing to someone without it.
    if (options.ecosystemId && !user.platformAdmin && !user.roles.some((r) => r.ecosystemId === options.ecosystemId)
      && !(await hasAppliedTo(this.deps.apiPool, user.id, options.ecosystemId))) {
      throw new ForbiddenError(authMessages.notInEcosystem);
    }
    return this.afterFirstFactor(user);
  }

  /**
   * The log-in of someone a one-time link proved (an invitation's activation, which just set the
   * password, decision 0040): what loginPaas answers after the password check, multi-factor step
   * included. The account is read once the users read model has passed `position`.
   */
  async loginByLink(userId: string, position: Position | null): Promise<LoginResult> {
    if (position) await this.deps.projections.waitFor(position, [USERS_PROJECTION], this.deps.config.PROJECTION_WAIT_MS);
    const user = await loadAccount(this.deps.apiPool, userId);
    if (!user) throw new UnauthenticatedError();
    return this.afterFirstFactor(user);
  }

  /** A command of that person before they hold a session (the link is their proof); its position. */
  async dispatchAs<I, S, E extends DomainEvent>(user: Pick<AccountRow, 'id' | 'platformAdmin'>, handler: CommandHandler<I, S, E>, input: unknown): Promise<Position | null> {
    const actor: Actor = { userId: user.id, role: user.platformAdmin ? 'PLATFORM_ADMIN' : 'MEMBER' };
    return (await this.deps.bus.dispatch(handler, input, { actor, commandId: randomUUID(), now: this.clock().toISOString() })).position;
  }

  /**
   * What follows a first factor (the password, or a LOGIN_USER link, docs/decisions/0042): the
   * tokens, or the multi-factor step (or set-up) the account needs first.
   */
  async afterFirstFactor(user: AccountRow): Promise<LoginResult> {
    const mfaMethods = MfaService.methodsOf(await this.mfa.state(user.id));
    const mfaEnrolmentRequired = mfaMethods.length === 0 && await this.mfa.required(user);
    if (mfaMethods.includes('EMAIL')) await this.mfa.mailLoginCodeIfDue(user, await languageOf(this.oneTime, user.id, 'en'));
    return {
      user,
      userIdToken: await this.signer.signUserIdToken(user.id, this.clock()),
      mfaMethods,
      mfaEnrolmentRequired,
      tokens: mfaMethods.length === 0 && !mfaEnrolmentRequired ? await this.startSession(user) : null,
    };
  }

  /**
   * Log-in of a person another party vouched for (single sign-on, docs/decisions/0046): what
   * `login` does after the password, so the ecosystem's MFA rule applies the same way.
   */
  async loginAfterExternalProof(userId: string): Promise<LoginResult> {
    const user = await loadAccount(this.deps.apiPool, userId);
    if (!user) throw new UnauthenticatedError(authMessages.invalidCredentials);
    return this.afterFirstFactor(user);
  }

  /**
   * The second log-in step: a code of the user's factor, or the first code of the set-up their
   * ecosystem required at log-in (then the recovery codes are answered, once). Then the tokens.
   * `enrolMethod` says which set-up the code finishes: the app's pending one (the default) or the
   * e-mail method's mailed code; with a factor on, or no ecosystem requiring one, it is ignored.
   */
  async loginMfa(userIdToken: string, code: string, options: { ip?: string; enrolMethod?: MfaMethodName | null } = {}): Promise<MfaLoginResult> {
    const user = await this.userOfStep(userIdToken);
    const ip = options.ip ?? 'unknown';
    const run = this.runAs(user);
    const state = await this.mfa.state(user.id);
    const enrolling = state.status !== 'enabled' && (state.status === 'pending' || options.enrolMethod === 'EMAIL') && await this.mfa.required(user);
    let recoveryCodes: string[] | null = null;
    if (enrolling && options.enrolMethod === 'EMAIL') recoveryCodes = await this.mfa.confirmEmail(user, code, randomUUID(), ip, run);
    else if (enrolling) recoveryCodes = await this.mfa.confirmTotp(user, code, randomUUID(), ip, run);
    else await this.mfa.verify(user, code, ip, run);
    return { user, tokens: await this.startSession(user), recoveryCodes };
  }

  /** The user a log-in's userIdToken names; UNAUTHENTICATED when it expired, was forged, or the account is gone. */
  async userOfStep(userIdToken: string): Promise<AccountRow> {
    const userId = await this.signer.verifyUserIdToken(userIdToken, this.clock());
    const user = userId ? await loadAccount(this.deps.apiPool, userId) : null;
    if (!user) throw new UnauthenticatedError(factorMessages.stepExpired);
    return user;
  }

  /** Commands between the password and the code: the person acts on their own factor. */
  runAs(user: AccountRow): RunCommand {
    const actor: Actor = { userId: user.id, role: user.platformAdmin ? 'PLATFORM_ADMIN' : 'MEMBER' };
    return async (handler, input) => {
      const result = await this.deps.bus.dispatch(handler, input, { actor, commandId: randomUUID(), now: this.clock().toISOString() });
      return { state: result.state, replayed: result.replayed };
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

  /** Ends every session of the user (a password reset says so as its reason); returns how many were live. */
  async logoutEverywhere(userId: string, reason: 'logout' | 'password_changed' = 'logout'): Promise<number> {
    const now = this.clock();
    const ids = await this.refreshTokens.revokeAllOfUser(userId, reason, now);
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
   * Changes the user's own password after checking the current one under the log-in throttle, then
   * ends every other session: a password change is what a user does when they fear someone else is
   * signed in. The session of `bearer` (the request's own token) goes on.
   */
  async changePassword(actor: Actor, currentPassword: string, newPassword: string, options: { ip?: string; bearer?: string | null } = {}): Promise<void> {
    const account = await loadAccount(this.deps.apiPool, actor.userId);
    if (!account) throw new UnauthenticatedError();
    await this.credentials.checkPassword(account, currentPassword, 'oldPass', options.ip ?? 'unknown');
    assertAcceptablePassword(newPassword, 'newPass', { email: account.email });
    if (newPassword === currentPassword) throw ValidationError.forField('newPass', passwordMessages.sameAsCurrent);
    const now = this.clock();
    const result = await this.deps.bus.dispatch(changePasswordCommand, { userId: actor.userId, passwordHash: await this.credentials.hashing(() => hashPassword(newPassword)) },
      { actor, commandId: randomUUID(), now: now.toISOString() });
    const current = options.bearer ? await this.signer.verifyAccessToken(options.bearer, now) : null;
    const keep = current?.userId === actor.userId ? current.sessionId : null;
    this.revoked(await this.refreshTokens.revokeAllOfUser(actor.userId, 'password_changed', now, keep), now);
    if (result.position) await this.deps.projections.waitFor(result.position, [USERS_PROJECTION], this.deps.config.PROJECTION_WAIT_MS);
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
