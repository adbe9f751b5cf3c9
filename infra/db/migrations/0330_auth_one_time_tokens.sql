-- One-time links (docs/decisions/0042-one-time-links.md): VERIFY_EMAIL, RESET_PASSWORD, LOGIN_USER.
-- Like refresh tokens (0300_auth.sql) these are secrets with a short life that nothing replays, so
-- they live here, not in the event log; what a link achieves (an e-mail verified, a password
-- changed) is an event of the user's stream. Only the SHA-256 of a token is kept: a leaked table
-- or backup holds nothing that can be presented. A token is used by one UPDATE that succeeds only
-- while it is unused, unrevoked and unexpired, so two requests with one link cannot both succeed.
CREATE TABLE auth.one_time_tokens (
  token_hash  bytea PRIMARY KEY CHECK (length(token_hash) = 32),
  kind        text NOT NULL CHECK (kind IN ('VERIFY_EMAIL', 'RESET_PASSWORD', 'LOGIN_USER')),
  user_id     uuid NOT NULL,
  -- The address the link was sent to (normalised): a link proves that address, not a later one.
  email       text NOT NULL,
  issued_at   timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  -- Set when a newer link of the same kind replaced it, or a password reset ended it.
  revoked_at  timestamptz,
  CONSTRAINT one_time_tokens_expiry CHECK (expires_at > issued_at)
);
CREATE INDEX one_time_tokens_user_idx ON auth.one_time_tokens (user_id, kind) WHERE used_at IS NULL AND revoked_at IS NULL;
CREATE INDEX one_time_tokens_expires_idx ON auth.one_time_tokens (expires_at);

GRANT SELECT, INSERT ON auth.one_time_tokens TO app_api;
GRANT UPDATE (used_at, revoked_at) ON auth.one_time_tokens TO app_api;

-- Deletes links that expired more than p_retention ago (app_api has no DELETE on the table).
CREATE FUNCTION auth.purge_one_time_tokens(p_now timestamptz, p_retention interval) RETURNS bigint
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  WITH gone AS (DELETE FROM auth.one_time_tokens WHERE expires_at < p_now - p_retention RETURNING 1)
  SELECT count(*) FROM gone
$$;
REVOKE ALL ON FUNCTION auth.purge_one_time_tokens(timestamptz, interval) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.purge_one_time_tokens(timestamptz, interval) TO app_api;

-- As in 0302_auth_revocation_notices.sql, plus whether the account's e-mail is verified (users
-- projection version 4). Read through to_jsonb, as roles_version is, so that a serving build from
-- before the column (version 3, still serving while version 4 fills) answers false instead of failing.
DROP FUNCTION auth.viewer(uuid);
CREATE FUNCTION auth.viewer(p_user_id uuid)
RETURNS TABLE (user_id uuid, email text, first_name text, last_name text, preferred_name text,
               platform_admin boolean, created_at timestamptz, roles jsonb, roles_version integer, email_verified boolean)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp SET app.platform_admin = 'on' AS $$
DECLARE
  build text := auth.users_build();
BEGIN
  IF build IS NULL THEN RETURN; END IF;
  RETURN QUERY EXECUTE format(
    'SELECT u.id, u.email, u.first_name, u.last_name, u.preferred_name, u.platform_admin, u.created_at,
            coalesce((SELECT jsonb_agg(jsonb_build_object(''ecosystemId'', r.ecosystem_id, ''role'', r.role, ''programId'', r.program_id)
                                       ORDER BY r.ecosystem_id, r.role, r.program_id)
                        FROM %I.user_roles r WHERE r.user_id = u.id), ''[]''::jsonb),
            coalesce((to_jsonb(u) ->> ''roles_version'')::integer, 0),
            coalesce((to_jsonb(u) ->> ''email_verified'')::boolean, false)
       FROM %I.users u WHERE u.id = $1', build, build)
    USING p_user_id;
END
$$;
REVOKE ALL ON FUNCTION auth.viewer(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.viewer(uuid) TO app_api;
