-- What the in-memory revocation and roles-version cache of each API process needs
-- (docs/decisions/0023-authentication-from-token-claims.md):
--   * a NOTIFY on channel auth_sessions, in the revoking transaction, for every session (refresh-token
--     family) that becomes revoked, whatever revoked it (logout, logout everywhere, password change,
--     reuse detection, an operator's UPDATE);
--   * auth.viewer answers the user's roles version, which access tokens carry;
--   * auth.recent_role_changes answers the users whose roles changed since a time, which a starting
--     process loads. (The roles NOTIFY itself is sent by the users projection, projections/users.)

CREATE FUNCTION auth.notify_session_revoked() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  PERFORM pg_notify('auth_sessions', NEW.id::text);
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION auth.notify_session_revoked() FROM PUBLIC;

CREATE TRIGGER refresh_token_families_revoked
  AFTER UPDATE OF revoked_at ON auth.refresh_token_families
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION auth.notify_session_revoked();

-- As in 0300_auth.sql, plus roles_version. Read through to_jsonb so that a serving build from before
-- the column existed (users v1, still serving while v2 is rebuilt) answers version 0 instead of failing.
DROP FUNCTION auth.viewer(uuid);
CREATE FUNCTION auth.viewer(p_user_id uuid)
RETURNS TABLE (user_id uuid, email text, first_name text, last_name text, preferred_name text,
               platform_admin boolean, created_at timestamptz, roles jsonb, roles_version integer)
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
            coalesce((to_jsonb(u) ->> ''roles_version'')::integer, 0)
       FROM %I.users u WHERE u.id = $1', build, build)
    USING p_user_id;
END
$$;

-- Users whose roles (or platform-admin flag) changed after p_since, with their current version.
-- Empty while the serving build has no roles_version column (see auth.viewer).
CREATE FUNCTION auth.recent_role_changes(p_since timestamptz)
RETURNS TABLE (user_id uuid, roles_version integer, roles_changed_at timestamptz)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  build text := auth.users_build();
BEGIN
  IF build IS NULL OR NOT EXISTS (
    SELECT 1 FROM information_schema.columns WHERE table_schema = build AND table_name = 'users' AND column_name = 'roles_changed_at'
  ) THEN
    RETURN;
  END IF;
  RETURN QUERY EXECUTE format(
    'SELECT u.id, u.roles_version, u.roles_changed_at FROM %I.users u WHERE u.roles_changed_at > $1', build)
    USING p_since;
END
$$;

REVOKE ALL ON FUNCTION auth.viewer(uuid), auth.recent_role_changes(timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.viewer(uuid), auth.recent_role_changes(timestamptz) TO app_api;
