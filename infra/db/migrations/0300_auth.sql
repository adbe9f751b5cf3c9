-- Authentication state that is not domain history (docs/decisions/0007-auth-tokens.md): refresh-token
-- families and tokens, and the log-in failure counters. Kept out of the event log on purpose: tokens
-- are secrets with a short life, rotated on every refresh, and nothing in the product replays them.
--
-- Also the one path by which the API reads password hashes: SECURITY DEFINER functions over the
-- users projection's unexposed `credentials` table, so neither app_api nor analyst can select a hash.
CREATE SCHEMA IF NOT EXISTS auth;
REVOKE ALL ON SCHEMA auth FROM PUBLIC;
GRANT USAGE ON SCHEMA auth TO app_api;

-- One family per log-in (a "session"): every rotation stays in it, and revoking it ends them all.
CREATE TABLE auth.refresh_token_families (
  id              uuid PRIMARY KEY,
  user_id         uuid NOT NULL,
  created_at      timestamptz NOT NULL,
  revoked_at      timestamptz,
  revoked_reason  text CHECK (revoked_reason IN ('logout', 'reuse_detected', 'password_changed')),
  CONSTRAINT refresh_token_families_revoked_both CHECK ((revoked_at IS NULL) = (revoked_reason IS NULL))
);
CREATE INDEX refresh_token_families_user_idx ON auth.refresh_token_families (user_id) WHERE revoked_at IS NULL;

CREATE TABLE auth.refresh_tokens (
  id           uuid PRIMARY KEY,
  family_id    uuid NOT NULL REFERENCES auth.refresh_token_families (id),
  user_id      uuid NOT NULL,
  -- SHA-256 of the token: a leaked table (or backup) holds nothing that can be presented.
  token_hash   bytea NOT NULL UNIQUE CHECK (length(token_hash) = 32),
  issued_at    timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  -- Set when the token was exchanged for its successor; presenting it again is reuse.
  used_at      timestamptz,
  replaced_by  uuid REFERENCES auth.refresh_tokens (id),
  revoked_at   timestamptz
);
CREATE INDEX refresh_tokens_family_idx ON auth.refresh_tokens (family_id);

-- Failed log-ins per (e-mail, client address) in a fixed window; the e-mail is stored hashed
-- because attackers choose it and it need not name a real account.
CREATE TABLE auth.login_throttle (
  email_key          text NOT NULL CHECK (email_key ~ '^[0-9a-f]{64}$'),
  ip                 text NOT NULL,
  failures           integer NOT NULL CHECK (failures >= 0),
  window_started_at  timestamptz NOT NULL,
  PRIMARY KEY (email_key, ip)
);

-- Exactly what AuthService does: insert and rotate tokens, revoke families, count failures.
-- No DELETE: revoked and used tokens stay as the record of a session until an owner prunes them.
GRANT SELECT, INSERT ON auth.refresh_token_families TO app_api;
GRANT UPDATE (revoked_at, revoked_reason) ON auth.refresh_token_families TO app_api;
GRANT SELECT, INSERT ON auth.refresh_tokens TO app_api;
GRANT UPDATE (used_at, replaced_by, revoked_at) ON auth.refresh_tokens TO app_api;
GRANT SELECT, INSERT ON auth.login_throttle TO app_api;
GRANT UPDATE (failures, window_started_at) ON auth.login_throttle TO app_api;

-- The schema of the users projection's serving build (projections/users), or null before it exists.
-- Dynamic because a blue/green rebuild moves the tables to a new schema.
CREATE FUNCTION auth.users_build() RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  SELECT schema_name FROM projections.checkpoints WHERE name = 'users' AND status = 'serving'
$$;

-- The account and password hash for a normalised e-mail, for the password check of a log-in.
CREATE FUNCTION auth.login_credentials(p_email text)
RETURNS TABLE (user_id uuid, password_hash text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  build text := auth.users_build();
BEGIN
  IF build IS NULL THEN RETURN; END IF;
  RETURN QUERY EXECUTE format('SELECT c.user_id, c.password_hash FROM %I.credentials c WHERE c.email = $1', build)
    USING p_email;
END
$$;

-- One user and all their roles, whatever the caller's tenant scope: who the bearer of a token is.
-- The SET clause lifts the tenant policy only for the function's own statements (it is restored
-- on exit), since the viewer's tenants are what this function is asked to find out.
CREATE FUNCTION auth.viewer(p_user_id uuid)
RETURNS TABLE (user_id uuid, email text, first_name text, last_name text, preferred_name text,
               platform_admin boolean, created_at timestamptz, roles jsonb)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp SET app.platform_admin = 'on' AS $$
DECLARE
  build text := auth.users_build();
BEGIN
  IF build IS NULL THEN RETURN; END IF;
  RETURN QUERY EXECUTE format(
    'SELECT u.id, u.email, u.first_name, u.last_name, u.preferred_name, u.platform_admin, u.created_at,
            coalesce((SELECT jsonb_agg(jsonb_build_object(''ecosystemId'', r.ecosystem_id, ''role'', r.role, ''programId'', r.program_id)
                                       ORDER BY r.ecosystem_id, r.role, r.program_id)
                        FROM %I.user_roles r WHERE r.user_id = u.id), ''[]''::jsonb)
       FROM %I.users u WHERE u.id = $1', build, build)
    USING p_user_id;
END
$$;

REVOKE ALL ON FUNCTION auth.users_build(), auth.login_credentials(text), auth.viewer(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.login_credentials(text), auth.viewer(uuid) TO app_api;
