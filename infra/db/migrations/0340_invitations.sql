-- Invite tokens (docs/decisions/0040): the invitations projection keeps the SHA-256 of every token
-- in its unexposed `invitation_tokens` table. The join page asks for a token before anyone is signed
-- in, so no tenant scope could show the row; this function answers just the invitation id of one
-- hash, and the invitation's stream then decides whether that token is the live one.
CREATE SCHEMA IF NOT EXISTS invites;
REVOKE ALL ON SCHEMA invites FROM PUBLIC;
GRANT USAGE ON SCHEMA invites TO app_api;

CREATE FUNCTION invites.invitation_of_token(p_hash text)
RETURNS uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  build text;
  found uuid;
BEGIN
  -- Dynamic because a blue/green rebuild moves the tables to a new schema.
  SELECT schema_name INTO build FROM projections.checkpoints WHERE name = 'invitations' AND status = 'serving';
  IF build IS NULL THEN RETURN NULL; END IF;
  EXECUTE format('SELECT t.invitation_id FROM %I.invitation_tokens t WHERE t.token_hash = $1', build) INTO found USING p_hash;
  RETURN found;
END
$$;
REVOKE ALL ON FUNCTION invites.invitation_of_token(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION invites.invitation_of_token(text) TO app_api;
