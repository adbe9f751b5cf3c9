-- Meeting-provider credentials per ecosystem (docs/decisions/0058-meeting-rooms.md).
--
-- An ecosystem's Lessonspace API key or Zoom server-to-server app, sealed with AES-256-GCM under
-- the platform's key (infra/meetings/credentials.ts; the same SecretBox as single sign-on's client
-- secrets) with the ecosystem and provider as associated data, so a row copied to another
-- ecosystem does not open. Kept here rather than in an event: clearing them deletes them for good,
-- and no replay, rebuild or audit read ever carries them. Nobody reads them back through the API:
-- it answers only whether they are set.
CREATE SCHEMA IF NOT EXISTS meetings;
REVOKE ALL ON SCHEMA meetings FROM PUBLIC;
GRANT USAGE ON SCHEMA meetings TO app_api;

CREATE TABLE meetings.credentials (
  ecosystem_id uuid NOT NULL,
  provider     text NOT NULL CHECK (provider IN ('LESSONSPACE', 'ZOOM')),
  sealed       text NOT NULL,
  set_by       uuid NOT NULL,
  set_at       timestamptz NOT NULL,
  PRIMARY KEY (ecosystem_id, provider)
);
GRANT SELECT, INSERT, UPDATE, DELETE ON meetings.credentials TO app_api;
