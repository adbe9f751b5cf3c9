-- The e-mail code second factor (docs/decisions/0043): its 6-digit codes live with the one-time
-- links (0330) as kind MFA_CODE, so single use, expiry, revocation and the purge work the same.
-- A 6-digit code would fall to a plain hash by trying all million, so token_hash holds an
-- HMAC-SHA-256 under the MFA key with the user id (api/auth/factors/email-codes.ts).
ALTER TABLE auth.one_time_tokens DROP CONSTRAINT one_time_tokens_kind_check;
ALTER TABLE auth.one_time_tokens ADD CONSTRAINT one_time_tokens_kind_check
  CHECK (kind IN ('VERIFY_EMAIL', 'RESET_PASSWORD', 'LOGIN_USER', 'MFA_CODE'));
-- The cool-down and hourly limit count a person's recent codes.
CREATE INDEX one_time_tokens_issued_idx ON auth.one_time_tokens (user_id, kind, issued_at);
