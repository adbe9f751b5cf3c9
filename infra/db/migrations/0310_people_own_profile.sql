-- The signed-in person's own profile, memberships (every role with its status) and ecosystem
-- profiles, whatever the request's tenant scope (docs/decisions/0034-people-and-roles.md): an
-- archived or invited member, or someone with no role yet, has no tenant in scope, yet must see and
-- edit their own profile. Same shape as auth.viewer (0300_auth.sql). Answers no row while the
-- serving build of the users projection predates the people tables (a rebuild to version 3 is
-- under way); the API then shows the empty profile.
CREATE FUNCTION auth.own_profile(p_user_id uuid)
RETURNS TABLE (profile jsonb, locked boolean, mode text, memberships jsonb, ecosystem_profiles jsonb)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp SET app.platform_admin = 'on' AS $$
DECLARE
  build text := auth.users_build();
BEGIN
  IF build IS NULL OR to_regclass(format('%I.user_memberships', build)) IS NULL THEN RETURN; END IF;
  RETURN QUERY EXECUTE format(
    'SELECT u.profile, u.locked, u.mode,
            coalesce((SELECT jsonb_agg(jsonb_build_object(''ecosystemId'', m.ecosystem_id, ''role'', m.role, ''programId'', m.program_id, ''status'', m.status)
                                       ORDER BY m.ecosystem_id, m.role, m.program_id)
                        FROM %I.user_memberships m WHERE m.user_id = u.id), ''[]''::jsonb),
            coalesce((SELECT jsonb_agg(jsonb_build_object(''ecosystemId'', e.ecosystem_id, ''profile'', e.profile) ORDER BY e.ecosystem_id)
                        FROM %I.user_ecosystem_profiles e WHERE e.user_id = u.id), ''[]''::jsonb)
       FROM %I.users u WHERE u.id = $1', build, build, build)
    USING p_user_id;
END
$$;

REVOKE ALL ON FUNCTION auth.own_profile(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.own_profile(uuid) TO app_api;
