/**
 * Log-in rate limit: at most MAX_FAILURES failed log-ins per (e-mail, client address) in a window
 * of WINDOW_MS that starts at the first failure (auth.login_throttle). Keyed by both so that
 * someone guessing one account's password is stopped, while a stranger cannot lock a user out
 * from every address by failing on purpose. A success clears the count.
 */
import { createHash } from 'node:crypto';
import type { Pool } from 'pg';

export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;

export function throttleKey(normalisedEmail: string): string {
  return createHash('sha256').update(normalisedEmail, 'utf8').digest('hex');
}

export class LoginThrottle {
  constructor(private readonly pool: Pool) {}

  /**
   * Counts one attempt before the password is checked, in one statement, and answers whether it is
   * over the limit: attempts sent in parallel are all counted, so none slips past the limit while
   * others are still hashing. An expired window restarts at this attempt; a success resets the count.
   */
  async attempt(emailKey: string, ip: string, now: Date): Promise<{ limited: boolean }> {
    const r = await this.pool.query<{ failures: number }>(
      `INSERT INTO auth.login_throttle AS t (email_key, ip, failures, window_started_at) VALUES ($1, $2, 1, $3)
       ON CONFLICT (email_key, ip) DO UPDATE SET
         failures = CASE WHEN t.window_started_at <= $3 - make_interval(secs => $4) THEN 1 ELSE t.failures + 1 END,
         window_started_at = CASE WHEN t.window_started_at <= $3 - make_interval(secs => $4) THEN $3 ELSE t.window_started_at END
       RETURNING failures`,
      [emailKey, ip, now, WINDOW_MS / 1000]);
    return { limited: r.rows[0].failures > MAX_FAILURES };
  }

  async recordSuccess(emailKey: string, ip: string): Promise<void> {
    await this.pool.query('UPDATE auth.login_throttle SET failures = 0 WHERE email_key = $1 AND ip = $2 AND failures > 0', [emailKey, ip]);
  }
}
