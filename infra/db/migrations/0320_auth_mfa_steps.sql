-- Single use of TOTP codes (docs/decisions/0039-multi-factor-log-in.md): the last 30-second time
-- step whose code each user has used. A code is accepted only by raising this number, in one
-- statement, so two requests with the same code (or an older one still inside the clock-drift
-- window) cannot both succeed. Like the refresh tokens, this is short-lived security state that
-- nothing in the product replays, so it stays out of the event log; the factor itself (secret,
-- recovery codes) is the event-sourced `mfa-<userId>` stream.
CREATE TABLE auth.mfa_totp_steps (
  user_id    uuid PRIMARY KEY,
  last_step  bigint NOT NULL CHECK (last_step >= 0),
  used_at    timestamptz NOT NULL
);

GRANT SELECT, INSERT ON auth.mfa_totp_steps TO app_api;
GRANT UPDATE (last_step, used_at) ON auth.mfa_totp_steps TO app_api;
