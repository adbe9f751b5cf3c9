/**
 * Runs one log-in's password check under the throttle (api/auth/throttle.ts) and answers
 * RATE_LIMITED when a rule refuses it, with the time after which trying again can succeed. Every
 * attempt reserved is settled, also when the check throws (then counted neither way), so none
 * stays counted as in flight.
 */
import type { Pool } from 'pg';
import { RateLimitedError } from '../../domain/shared/errors';
import { authMessages, minutesUntil } from './messages';
import { LoginThrottle, throttleKey, type Outcome } from './throttle';
import { rulesFrom, type LoginLimits } from './throttle-rules';

/** What a busy answer tells the client to wait. */
export const BUSY_RETRY_SECONDS = 5;

export class LoginGuard {
  private readonly throttle: LoginThrottle;

  constructor(pool: Pool, limits: LoginLimits, private readonly clock: () => Date) {
    this.throttle = new LoginThrottle(pool, rulesFrom(limits));
  }

  /**
   * Reserves an attempt for (e-mail, address), runs `check`, and counts a null answer as a failure.
   * The e-mail is keyed whether or not an account has it, so no answer tells whether one exists.
   */
  async attempt<T>(normalisedEmail: string, ip: string, check: () => Promise<T | null>): Promise<T | null> {
    const reserved = await this.throttle.reserve({ accountKey: throttleKey(normalisedEmail), ip }, this.clock);
    if (reserved.kind === 'busy') throw new RateLimitedError(authMessages.loginBusy, BUSY_RETRY_SECONDS);
    if (reserved.kind === 'refused') {
      const message = reserved.scope === 'global' ? authMessages.loginPaused({ minutes: minutesUntil(reserved.retryAfterMs) }) : authMessages.tooManyAttempts({ minutes: minutesUntil(reserved.retryAfterMs) });
      throw new RateLimitedError(message, Math.max(1, Math.ceil(reserved.retryAfterMs / 1000)));
    }
    let outcome: Outcome = 'abandoned';
    try {
      const result = await check();
      outcome = result === null ? 'failure' : 'success';
      return result;
    } finally {
      await this.throttle.settle(reserved.reservation, outcome, this.clock());
    }
  }
}
