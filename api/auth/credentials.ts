/**
 * Password checks under the log-in throttle (docs/decisions/0015): the log-in itself, and a
 * signed-in person proving who they are (changing the password, turning multi-factor off). Every
 * argon2 computation goes through the hash gate, so a burst of checks queues instead of starving
 * the process.
 */
import type { Pool } from 'pg';
import { RateLimitedError, UnauthenticatedError, ValidationError } from '../../domain/shared/errors';
import { emailSchema } from '../../domain/user/commands';
import { loadAccount, loadCredentials, type AccountRow } from '../../projections/users';
import { GateFullError, type HashGate } from './hash-gate';
import { BUSY_RETRY_SECONDS, type LoginGuard } from './login-guard';
import { authMessages } from './messages';
import { verifyDummy, verifyPassword } from './password';

export interface PasswordChecks {
  verify(passwordHash: string, password: string): Promise<boolean>;
  verifyDummy(password: string): Promise<false>;
}

export const argon2Checks: PasswordChecks = { verify: verifyPassword, verifyDummy };

export interface CredentialDeps {
  apiPool: Pool;
  guard: LoginGuard;
  gate: HashGate;
  /** Injectable so tests can see which check ran; argon2id in the platform. */
  passwords: PasswordChecks;
}

export class CredentialChecks {
  constructor(private readonly deps: CredentialDeps) {}

  /** The account of a right e-mail and password; UNAUTHENTICATED otherwise, in the same words and time whether or not the e-mail exists. */
  async verifyLogin(email: string, password: string, ip: string): Promise<AccountRow> {
    const parsed = emailSchema.safeParse(email);
    const normalised = parsed.success ? parsed.data : email.trim().toLowerCase();
    const { passwords, apiPool } = this.deps;
    const account = await this.deps.guard.attempt(normalised, ip, async () => {
      const credentials = parsed.success ? await loadCredentials(apiPool, normalised) : null;
      // Unknown e-mails still pay for one hash verification, so timing does not reveal which exist.
      const ok = await this.hashing(() => credentials ? passwords.verify(credentials.passwordHash, password) : passwords.verifyDummy(password));
      return ok && credentials ? loadAccount(apiPool, credentials.userId) : null;
    });
    if (!account) throw new UnauthenticatedError(authMessages.invalidCredentials);
    return account;
  }

  /**
   * Checks a signed-in person's password under the same throttle (and counters) as their log-ins,
   * so a session someone else holds cannot be used to guess it; BAD_USER_INPUT on `field` when wrong.
   */
  async checkPassword(account: Pick<AccountRow, 'email'>, password: string, field: string, ip: string): Promise<void> {
    const { passwords, apiPool } = this.deps;
    const ok = await this.deps.guard.attempt(account.email, ip, async () => {
      const credentials = await loadCredentials(apiPool, account.email);
      return credentials && await this.hashing(() => passwords.verify(credentials.passwordHash, password)) ? true : null;
    });
    if (!ok) throw ValidationError.forField(field, authMessages.wrongCurrentPassword);
  }

  /** Runs argon2 work through the gate; a full queue answers RATE_LIMITED (busy). */
  async hashing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await this.deps.gate.run(work);
    } catch (err) {
      if (err instanceof GateFullError) throw new RateLimitedError(authMessages.loginBusy, BUSY_RETRY_SECONDS);
      throw err;
    }
  }
}
