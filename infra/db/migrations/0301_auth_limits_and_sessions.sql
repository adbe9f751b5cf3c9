-- Log-in throttling by several rules and session lifetimes (docs/decisions/0015-login-throttling.md,
-- docs/decisions/0007-auth-tokens.md):
--   * auth.login_counters replaces auth.login_throttle: failed log-ins per rule (account and address,
--     account, address, platform-wide), each row with its own expiry so a purge can drop it;
--   * auth.login_attempts holds the log-ins whose password check is under way, so that parallel wrong
--     guesses cannot all pass a check that only counted finished failures;
--   * refresh-token families get an absolute expiry; tokens name the token they were rotated from;
--   * auth.purge_expired deletes what has expired, the only way app_api can delete counters or tokens.

DROP TABLE auth.login_throttle;

-- key: 'account_address' = sha256(e-mail) || ' ' || address; 'account' = sha256(e-mail); 'address' = the
-- client address; 'global' = ''. E-mails are stored hashed: attackers choose them and they need not exist.
CREATE TABLE auth.login_counters (
  scope              text NOT NULL CHECK (scope IN ('account_address', 'account', 'address', 'global')),
  key                text NOT NULL,
  -- Failures in the window that started at window_started_at (null: none yet).
  failures           integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  window_started_at  timestamptz,
  -- account_address only: the last successful log-in from this address (a known address).
  last_success_at    timestamptz,
  expires_at         timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX login_counters_expires_idx ON auth.login_counters (expires_at);

-- One row per log-in between its reservation and the end of its password check. lease_until bounds
-- what a crashed process leaves behind: after it the row no longer counts and the purge removes it.
CREATE TABLE auth.login_attempts (
  id           uuid PRIMARY KEY,
  account_key  text NOT NULL,
  ip           text NOT NULL,
  started_at   timestamptz NOT NULL,
  lease_until  timestamptz NOT NULL
);
CREATE INDEX login_attempts_account_idx ON auth.login_attempts (account_key);
CREATE INDEX login_attempts_ip_idx ON auth.login_attempts (ip);
CREATE INDEX login_attempts_lease_idx ON auth.login_attempts (lease_until);

GRANT SELECT, INSERT ON auth.login_counters TO app_api;
GRANT UPDATE (failures, window_started_at, last_success_at, expires_at) ON auth.login_counters TO app_api;
-- DELETE of its own finished attempts only: an attempt row is gone when its check is.
GRANT SELECT, INSERT, DELETE ON auth.login_attempts TO app_api;

-- Absolute lifetime of a session, set at log-in; existing sessions get the default 30 days from their start.
ALTER TABLE auth.refresh_token_families ADD COLUMN expires_at timestamptz;
UPDATE auth.refresh_token_families SET expires_at = created_at + interval '30 days';
ALTER TABLE auth.refresh_token_families ALTER COLUMN expires_at SET NOT NULL;
CREATE INDEX refresh_token_families_expires_idx ON auth.refresh_token_families (expires_at);
CREATE INDEX refresh_token_families_revoked_idx ON auth.refresh_token_families (revoked_at) WHERE revoked_at IS NOT NULL;

-- The token this one was issued for. Within the reuse grace window one token can have several
-- successors (two tabs refreshing at once), so replaced_by (the first) no longer tells the whole story.
ALTER TABLE auth.refresh_tokens ADD COLUMN rotated_from uuid REFERENCES auth.refresh_tokens (id);

-- Deletes expired log-in counters, lapsed attempts, and sessions (families with their tokens) that
-- ended more than p_retention ago: revoked, past their absolute lifetime, or idle past their newest
-- token's expiry. Runs as its owner so app_api needs no DELETE on live data; maintenance may call
-- it too (SELECT * FROM auth.purge_expired(now(), interval '30 days')). At most 10,000 sessions a
-- call, so one call never holds locks for long; the caller repeats while it gets 10,000.
CREATE FUNCTION auth.purge_expired(p_now timestamptz, p_retention interval)
RETURNS TABLE (counters bigint, attempts bigint, families bigint, tokens bigint)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  ended uuid[];
BEGIN
  DELETE FROM auth.login_counters WHERE expires_at < p_now;
  GET DIAGNOSTICS counters = ROW_COUNT;
  DELETE FROM auth.login_attempts WHERE lease_until < p_now;
  GET DIAGNOSTICS attempts = ROW_COUNT;
  SELECT coalesce(array_agg(f.id), '{}') INTO ended
    FROM auth.refresh_token_families f
   WHERE least(coalesce(f.revoked_at, 'infinity'), f.expires_at,
               coalesce((SELECT max(t.expires_at) FROM auth.refresh_tokens t WHERE t.family_id = f.id), f.created_at))
         < p_now - p_retention
   LIMIT 10000;
  DELETE FROM auth.refresh_tokens WHERE family_id = ANY (ended);
  GET DIAGNOSTICS tokens = ROW_COUNT;
  DELETE FROM auth.refresh_token_families WHERE id = ANY (ended);
  GET DIAGNOSTICS families = ROW_COUNT;
  RETURN NEXT;
END
$$;
REVOKE ALL ON FUNCTION auth.purge_expired(timestamptz, interval) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.purge_expired(timestamptz, interval) TO app_api;
