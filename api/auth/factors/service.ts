/**
 * Multi-factor log-in (docs/decisions/0039): TOTP set-up, the second log-in step, recovery codes
 * and turning it off. The factor lives in the `mfa-<userId>` stream, read from the stream itself
 * (never a read model) because every decision here must see the latest set-up; the codes are
 * checked here, where the MFA key is, and the aggregate decides whether what was found still fits.
 * Every code check runs under the log-in throttle with a key of its own per person, so guessing
 * codes is as slow as guessing passwords.
 */
import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import type { CommandHandler, DomainEvent } from '../../../domain/shared/decider';
import type { MessageLanguage } from '../../../domain/message/events';
import { IllegalStateError, ValidationError } from '../../../domain/shared/errors';
import { confirmTotpEnrolment, enableEmailCode, regenerateMfaRecoveryCodes, startTotpEnrolment, useMfaRecoveryCode } from '../../../domain/mfa/handlers';
import { mfaMessages } from '../../../domain/mfa/messages';
import type { MfaState } from '../../../domain/mfa/state';
import { withTenantScope } from '../../../projections/scope';
import { anyRequiresMfa } from '../../../projections/tenants/mfa-required';
import type { LoginGuard } from '../login-guard';
import { isEmailCodeShaped, type EmailCodes } from './email-codes';
import { factorMessages } from './messages';
import { normaliseRecoveryCode, recoveryCodeHash, recoveryCodesFor } from './recovery-codes';
import type { SecretBox } from './secret-box';
import { matchingStep, otpauthUri, qrCodeSvg, SECRET_BYTES, secretBase32 } from './totp';
import { claimTotpStep } from './used-steps';

export type MfaMethodName = 'TOTP' | 'EMAIL';

/** How a command runs: through the request (ctx.execute, idempotent) or, at log-in, through the bus as the person. */
export type RunCommand = <I, S, E extends DomainEvent>(handler: CommandHandler<I, S, E>, input: unknown) => Promise<{ state: S; replayed: boolean }>;

/** The person a factor belongs to. */
export interface FactorOwner {
  id: string;
  email: string;
  roles: ReadonlyArray<{ ecosystemId: string }>;
}

export interface TotpEnrolment {
  secret: string;
  otpauthUri: string;
  qrCodeSvg: string;
}

export interface MfaServiceDeps {
  box: SecretBox;
  apiPool: Pool;
  guard: LoginGuard;
  load(userId: string): Promise<MfaState>;
  clock: () => Date;
  /** The name authenticator apps show above the account. */
  issuer: string;
  /** The e-mail code method's codes (docs/decisions/0043). */
  emailCodes: EmailCodes;
}

/** What a 6-digit code is checked against: the app's sealed secret, or the codes mailed to the person. */
type Factor = { method: 'TOTP'; sealedSecret: string } | { method: 'EMAIL' };

function factorOf(state: MfaState & { status: 'enabled' }): Factor {
  return state.method === 'TOTP' ? { method: 'TOTP', sealedSecret: state.sealedSecret } : { method: 'EMAIL' };
}

/** What a code proved: a TOTP code of the app, or one of the recovery codes. */
export type CodeKind = 'totp' | 'email' | 'recovery';

export class MfaService {
  constructor(private readonly deps: MfaServiceDeps) {}

  state(userId: string): Promise<MfaState> {
    return this.deps.load(userId);
  }

  static methodsOf(state: MfaState): MfaMethodName[] {
    return state.status === 'enabled' ? [state.method] : [];
  }

  /** Whether an ecosystem where the person holds a role requires multi-factor log-in (MFAEnabled). */
  required(owner: FactorOwner): Promise<boolean> {
    const ecosystemIds = [...new Set(owner.roles.map((r) => r.ecosystemId))];
    if (ecosystemIds.length === 0) return Promise.resolve(false);
    return withTenantScope(this.deps.apiPool, { platformAdmin: false, ecosystemIds }, (client) => anyRequiresMfa(client, ecosystemIds));
  }

  /** Issues a new secret (replacing a pending one) and answers what the app needs; refused while a factor is on. */
  async startTotp(owner: FactorOwner, run: RunCommand): Promise<TotpEnrolment> {
    const sealedSecret = this.deps.box.seal(randomBytes(SECRET_BYTES), owner.id);
    const { state } = await run(startTotpEnrolment, { userId: owner.id, sealedSecret });
    // A repeated request is answered from the log: show the secret it issued, not the one made just now.
    if (state.status !== 'pending') throw new IllegalStateError(factorMessages.noSecondStep, 'MFA_NO_PENDING_ENROLMENT');
    return this.enrolmentOf(owner, state.sealedSecret);
  }

  async enrolmentOf(owner: FactorOwner, sealedSecret: string): Promise<TotpEnrolment> {
    const secret = this.deps.box.open(sealedSecret, owner.id);
    const uri = otpauthUri(secret, { issuer: this.deps.issuer, account: owner.email });
    return { secret: secretBase32(secret), otpauthUri: uri, qrCodeSvg: await qrCodeSvg(uri) };
  }

  /**
   * Confirms a pending set-up with a first code from the app and answers the recovery codes, derived
   * from `seed`: a repeat of the same request (same seed, answered from the log) shows the same codes.
   */
  async confirmTotp(owner: FactorOwner, code: string, seed: string, ip: string, run: RunCommand): Promise<string[]> {
    const state = await this.deps.load(owner.id);
    const codes = recoveryCodesFor(this.deps.box, seed);
    const recoveryCodeHashes = codes.map((c) => recoveryCodeHash(this.deps.box, owner.id, normaliseRecoveryCode(c) ?? c));
    if (state.status === 'enabled') {
      if (state.method !== 'TOTP') throw new IllegalStateError(mfaMessages.alreadyEnabled, 'MFA_ALREADY_ENABLED');
      // Only a repeat of the very request that turned it on is answered; anything else the aggregate refuses.
      await run(confirmTotpEnrolment, { userId: owner.id, sealedSecret: state.sealedSecret, recoveryCodeHashes });
      return codes;
    }
    if (state.status !== 'pending') throw new IllegalStateError(factorMessages.noSecondStep, 'MFA_NO_PENDING_ENROLMENT');
    await this.checkCode(owner, { method: 'TOTP', sealedSecret: state.sealedSecret }, false, code, ip, run);
    await run(confirmTotpEnrolment, { userId: owner.id, sealedSecret: state.sealedSecret, recoveryCodeHashes });
    return codes;
  }

  /**
   * New recovery codes for a factor that is on, derived from `seed` as at set-up (a repeated request
   * answers the same codes); every unused old code stops working (docs/decisions/0043). The caller
   * has checked the person's proof.
   */
  async regenerateRecoveryCodes(owner: FactorOwner, seed: string, run: RunCommand): Promise<string[]> {
    const codes = recoveryCodesFor(this.deps.box, seed);
    const recoveryCodeHashes = codes.map((c) => recoveryCodeHash(this.deps.box, owner.id, normaliseRecoveryCode(c) ?? c));
    await run(regenerateMfaRecoveryCodes, { userId: owner.id, recoveryCodeHashes });
    return codes;
  }

  /** Checks a code of a factor that is on (app or recovery code); BAD_USER_INPUT on `code` when it is wrong or used. */
  async verify(owner: FactorOwner, code: string, ip: string, run: RunCommand): Promise<CodeKind> {
    const state = await this.deps.load(owner.id);
    if (state.status !== 'enabled') throw new IllegalStateError(factorMessages.noSecondStep, 'MFA_NOT_ENABLED');
    return this.checkCode(owner, factorOf(state), true, code, ip, run);
  }

  /** Mails a code that confirms the e-mail method's set-up; refused while a factor is on, RATE_LIMITED within the cool-down. */
  async startEmail(owner: FactorOwner, language: MessageLanguage): Promise<void> {
    const state = await this.deps.load(owner.id);
    if (state.status === 'enabled') throw new IllegalStateError(mfaMessages.alreadyEnabled, 'MFA_ALREADY_ENABLED');
    await this.deps.emailCodes.send({ userId: owner.id, email: owner.email, language }, { userId: owner.id, role: 'MEMBER' });
  }

  /**
   * Turns the e-mail method on with the code startEmail mailed, and answers the recovery codes
   * derived from `seed` (a repeated request answers the same codes, from the log).
   */
  async confirmEmail(owner: FactorOwner, code: string, seed: string, ip: string, run: RunCommand): Promise<string[]> {
    const state = await this.deps.load(owner.id);
    const codes = recoveryCodesFor(this.deps.box, seed);
    const recoveryCodeHashes = codes.map((c) => recoveryCodeHash(this.deps.box, owner.id, normaliseRecoveryCode(c) ?? c));
    // A factor that is on: only a repeat of the request that turned this one on is answered; the aggregate refuses the rest.
    if (state.status !== 'enabled') await this.checkCode(owner, { method: 'EMAIL' }, false, code, ip, run);
    await run(enableEmailCode, { userId: owner.id, recoveryCodeHashes });
    return codes;
  }

  /** A new log-in code for a person whose factor is the e-mail method (the resend); RATE_LIMITED within the cool-down. */
  async sendLoginCode(owner: FactorOwner, language: MessageLanguage, unusedOnly = false): Promise<void> {
    const state = await this.deps.load(owner.id);
    if (state.status !== 'enabled' || state.method !== 'EMAIL') throw new IllegalStateError(factorMessages.noEmailStep, 'MFA_NOT_ENABLED');
    await this.deps.emailCodes.send({ userId: owner.id, email: owner.email, language }, { userId: owner.id, role: 'MEMBER' }, unusedOnly);
  }

  /**
   * The code a password log-in mails at once. While a code mailed within the cool-down still works
   * (a second log-in a moment later), or beyond the hourly limit, nothing is mailed: that code
   * works, and the page's resend says how long to wait.
   */
  async mailLoginCodeIfDue(owner: FactorOwner, language: MessageLanguage): Promise<boolean> {
    if (await this.deps.emailCodes.waitSeconds(owner.id, true) !== null) return false;
    await this.sendLoginCode(owner, language, true);
    return true;
  }

  /**
   * One throttled attempt: a 6-digit code is matched against the secret and its time step claimed;
   * anything else is tried as a recovery code where they count (a factor that is on). A miss counts
   * as a failure.
   */
  private async checkCode(owner: FactorOwner, factor: Factor, recoveryAllowed: boolean, code: string, ip: string, run: RunCommand): Promise<CodeKind> {
    const typed = code.replace(/\s/g, '');
    const kind = await this.deps.guard.attempt(`mfa:${owner.id}`, ip, async (): Promise<CodeKind | null> => {
      if (isEmailCodeShaped(typed)) return this.matchSixDigits(owner, factor, typed);
      const normalised = normaliseRecoveryCode(typed);
      if (!recoveryAllowed || !normalised) return null;
      return this.useRecoveryCode(owner.id, normalised, run);
    });
    if (!kind) throw ValidationError.forField('code', factor.method === 'EMAIL' ? factorMessages.emailCodeIncorrect : factorMessages.codeIncorrect);
    return kind;
  }

  /** A 6-digit code: the app's code of a time step not used before, or the person's newest mailed code. */
  private async matchSixDigits(owner: FactorOwner, factor: Factor, typed: string): Promise<CodeKind | null> {
    if (factor.method === 'EMAIL') return await this.deps.emailCodes.consume(owner.id, owner.email, typed) ? 'email' : null;
    const now = this.deps.clock();
    const step = matchingStep(this.deps.box.open(factor.sealedSecret, owner.id), typed, now);
    return step !== null && await claimTotpStep(this.deps.apiPool, owner.id, step, now) ? 'totp' : null;
  }

  private async useRecoveryCode(userId: string, normalised: string, run: RunCommand): Promise<CodeKind | null> {
    try {
      await run(useMfaRecoveryCode, { userId, codeHash: recoveryCodeHash(this.deps.box, userId, normalised) });
      return 'recovery';
    } catch (err) {
      if (err instanceof IllegalStateError && err.conflictType === 'MFA_RECOVERY_CODE_NOT_VALID') return null;
      throw err;
    }
  }
}
