-- Linking a provider account while signed in (docs/decisions/0047, "Linking from the settings page").
--
-- The settings page asks for a ticket (startSsoLink, an authenticated GraphQL mutation) and opens
-- GET /sso/:provider/link?ticket=...; that request carries no bearer token (it is a navigation), so
-- the ticket stands for the signed-in person: 256 random bits kept only as their SHA-256, for one
-- person, ecosystem and provider, taken once with a DELETE ... RETURNING, valid two minutes.
CREATE TABLE auth.sso_link_tickets (
  ticket_hash  text PRIMARY KEY,
  user_id      uuid NOT NULL,
  ecosystem_id uuid NOT NULL,
  provider     text NOT NULL,
  expires_at   timestamptz NOT NULL
);
CREATE INDEX sso_link_tickets_expiry_idx ON auth.sso_link_tickets (expires_at);
GRANT SELECT, INSERT, DELETE ON auth.sso_link_tickets TO app_api;

-- A flow started from a ticket links the provider account to this person instead of signing in.
ALTER TABLE auth.sso_flows ADD COLUMN link_user_id uuid;
