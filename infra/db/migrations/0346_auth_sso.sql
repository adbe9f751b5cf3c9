-- Single sign-on (docs/decisions/0046-single-sign-on.md).
--
-- Sign-ins under way: the state, nonce and PKCE verifier between sending a person to their provider
-- and the provider sending them back. Keyed by the SHA-256 of the state (the browser also holds the
-- state in a cookie, so a callback started in another browser is refused); taken with one DELETE ...
-- RETURNING, so a state works once. Short-lived security state like refresh tokens: not event-sourced.
CREATE TABLE auth.sso_flows (
  state_hash    text PRIMARY KEY,
  ecosystem_id  uuid NOT NULL,
  provider      text NOT NULL,
  code_verifier text NOT NULL,
  nonce         text NOT NULL,
  -- SAML: the person the IdP's assertion named, set by the POST to the ACS and used by the GET that
  -- follows it (only that GET carries the browser's SameSite=Lax state cookie).
  proven_user_id uuid,
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL
);
CREATE INDEX sso_flows_expiry_idx ON auth.sso_flows (expires_at);
GRANT SELECT, INSERT, DELETE ON auth.sso_flows TO app_api;
GRANT UPDATE (proven_user_id) ON auth.sso_flows TO app_api;

-- SAML requests we sent, so a response must answer one of them (InResponseTo), once.
CREATE TABLE auth.saml_requests (
  request_id  text PRIMARY KEY,
  value       text NOT NULL,
  created_at  timestamptz NOT NULL
);
GRANT SELECT, INSERT, DELETE ON auth.saml_requests TO app_api;

-- SAML assertions already used: an assertion id is accepted once, until it would have expired anyway.
CREATE TABLE auth.saml_assertions_used (
  assertion_id text PRIMARY KEY,
  expires_at   timestamptz NOT NULL
);
GRANT SELECT, INSERT, DELETE ON auth.saml_assertions_used TO app_api;

CREATE FUNCTION auth.sso_build() RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  SELECT schema_name FROM projections.checkpoints WHERE name = 'sso' AND status = 'serving'
$$;

-- The signed-in person's own linked identities, whatever the request's tenant scope.
CREATE FUNCTION auth.own_sso_identities(p_user_id uuid)
RETURNS TABLE (provider text, issuer text, subject text, email text, email_verified boolean, ecosystem_id uuid, linked_at timestamptz)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  build text := auth.sso_build();
BEGIN
  IF build IS NULL THEN RETURN; END IF;
  RETURN QUERY EXECUTE format(
    'SELECT i.provider, i.issuer, i.subject, i.email, i.email_verified, i.ecosystem_id, i.linked_at
       FROM %I.identities i WHERE i.user_id = $1 ORDER BY i.linked_at, i.stream_id', build)
    USING p_user_id;
END
$$;

-- The person a provider account is linked to, if any.
CREATE FUNCTION auth.sso_identity_user(p_provider text, p_issuer text, p_subject text)
RETURNS uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  build text := auth.sso_build();
  found uuid;
BEGIN
  IF build IS NULL THEN RETURN NULL; END IF;
  EXECUTE format('SELECT i.user_id FROM %I.identities i WHERE i.provider = $1 AND i.issuer = $2 AND i.subject = $3', build)
    INTO found USING p_provider, p_issuer, p_subject;
  RETURN found;
END
$$;

-- Whether the person's identities are the only way into their account: it was created by a single
-- sign-on (sso build's created_accounts), its password is still the one registration set (the users
-- build's credentials revision 0: never changed), and at most one identity is left.
CREATE FUNCTION auth.sso_only_way_in(p_user_id uuid)
RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  sso text := auth.sso_build();
  users text := auth.users_build();
  created boolean;
  unchanged boolean;
  identities integer;
BEGIN
  IF sso IS NULL OR users IS NULL THEN RETURN false; END IF;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I.created_accounts WHERE user_id = $1)', sso) INTO created USING p_user_id;
  IF NOT created THEN RETURN false; END IF;
  EXECUTE format('SELECT coalesce((SELECT revision = 0 FROM %I.credentials WHERE user_id = $1), false)', users) INTO unchanged USING p_user_id;
  EXECUTE format('SELECT count(*)::int FROM %I.identities WHERE user_id = $1', sso) INTO identities USING p_user_id;
  RETURN unchanged AND identities <= 1;
END
$$;

REVOKE ALL ON FUNCTION auth.sso_build(), auth.own_sso_identities(uuid), auth.sso_identity_user(text, text, text), auth.sso_only_way_in(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.own_sso_identities(uuid), auth.sso_identity_user(text, text, text), auth.sso_only_way_in(uuid) TO app_api;
