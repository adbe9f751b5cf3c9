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
import { IllegalStateError, ValidationError } from '../../../domain/shared/errors';
import { confirmTotpEnrolment, regenerateMfaRecoveryCodes, startTotpEnrolment, useMfaRecoveryCode } from '../../../domain/mfa/handlers';
import type { MfaState } from '../../../domain/mfa/state';
import { withTenantScope } from '../../../projections/scope';
import { anyRequiresMfa } from '../../../projections/tenants/mfa-required';
import type { LoginGuard } from '../login-guard';
import { factorMessages } from './messages';
import { normaliseRecoveryCode, recoveryCodeHash, recoveryCodesFor } from './recovery-codes';
import type { SecretBox } from './secret-box';
import { matchingStep, otpauthUri, qrCodeSvg, SECRET_BYTES, secretBase32 } from './totp';
import { claimTotpStep } from './used-steps';

export type MfaMethodName = 'TOTP';

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
}

/** What a code proved: a TOTP code of the app, or one of the recovery codes. */
export type CodeKind = 'totp' | 'recovery';

export class MfaService {
  constructor(private readonly deps: MfaServiceDeps) {}

  state(userId: string): Promise<MfaState> {
    return this.deps.load(userId);
  }

  static methodsOf(state: MfaState): MfaMethodName[] {
    return state.status === 'enabled' ? ['TOTP'] : [];
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
      // Only a repeat of the very request that turned it on is answered; anything else the aggregate refuses.
      await run(confirmTotpEnrolment, { userId: owner.id, sealedSecret: state.sealedSecret, recoveryCodeHashes });
      return codes;
    }
    if (state.status !== 'pending') throw new IllegalStateError(factorMessages.noSecondStep, 'MFA_NO_PENDING_ENROLMENT');
    await this.checkCode(owner, state.sealedSecret, false, code, ip, run);
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
    return this.checkCode(owner, state.sealedSecret, true, code, ip, run);
  }

  /**
   * One throttled attempt: a 6-digit code is matched against the secret and its time step claimed;
   * anything else is tried as a recovery code where they count (a factor that is on). A miss counts
   * as a failure.
   */
  private async checkCode(owner: FactorOwner, sealedSecret: string, recoveryAllowed: boolean, code: string, ip: string, run: RunCommand): Promise<CodeKind> {
    const typed = code.replace(/\s/g, '');
    const kind = await this.deps.guard.attempt(`mfa:${owner.id}`, ip, async (): Promise<CodeKind | null> => {
      const now = this.deps.clock();
      if (/^\d{6}$/.test(typed)) {
        const step = matchingStep(this.deps.box.open(sealedSecret, owner.id), typed, now);
        return step !== null && await claimTotpStep(this.deps.apiPool, owner.id, step, now) ? 'totp' : null;
      }
      const normalised = normaliseRecoveryCode(typed);
      if (!recoveryAllowed || !normalised) return null;
      return this.useRecoveryCode(owner.id, normalised, run);
    });
    if (!kind) throw ValidationError.forField('code', factorMessages.codeIncorrect);
    return kind;
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
