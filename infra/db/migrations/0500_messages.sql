-- Message bodies (docs/decisions/0036): the messages projection keeps them in its unexposed
-- `message_bodies` table because they hold one-time links and codes. This function is the one
-- way the API reads them, and only for a request of a platform admin (the setting the API's read
-- transaction sets, as the tenant policy reads it); the analyst role has no grant at all.
CREATE SCHEMA IF NOT EXISTS messages;
REVOKE ALL ON SCHEMA messages FROM PUBLIC;
GRANT USAGE ON SCHEMA messages TO app_api;

CREATE FUNCTION messages.body(p_id uuid)
RETURNS TABLE (body_subject text, body_text text, body_html text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  build text;
BEGIN
  IF coalesce(current_setting('app.platform_admin', true), '') <> 'on' THEN RETURN; END IF;
  -- Dynamic because a blue/green rebuild moves the tables to a new schema.
  SELECT schema_name INTO build FROM projections.checkpoints WHERE name = 'messages' AND status = 'serving';
  IF build IS NULL THEN RETURN; END IF;
  RETURN QUERY EXECUTE format('SELECT b.subject, b.text_body, b.html_body FROM %I.message_bodies b WHERE b.id = $1', build)
    USING p_id;
END
$$;
REVOKE ALL ON FUNCTION messages.body(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION messages.body(uuid) TO app_api;
