/**
 * Single use of TOTP codes (migration 0320_auth_mfa_steps.sql): a code's time step is claimed by
 * raising the user's last used step in one statement, so of two requests with the same code, or
 * with an older code still inside the drift window, at most one succeeds.
 */
import type { Queryable } from '../../../infra/db/pool';

/** True when `step` was above every step this user used before, and is now theirs; false for a replay. */
export async function claimTotpStep(db: Queryable, userId: string, step: number, now: Date): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO auth.mfa_totp_steps AS s (user_id, last_step, used_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET last_step = EXCLUDED.last_step, used_at = EXCLUDED.used_at
       WHERE s.last_step < EXCLUDED.last_step
     RETURNING s.user_id`,
    [userId, step, now]);
  return r.rowCount === 1;
}
