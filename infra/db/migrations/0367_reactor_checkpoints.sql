-- Event reactors (docs/decisions/0069-event-reactors.md): processes that follow the event log like a
-- projection, but act by executing commands instead of writing rows. One row per reactor: how far
-- it has acted, the furthest position its commands appended (what a waiting mutation waits for
-- next), and, like a projection build, the event it is FAILED at until an operator retries or skips.
CREATE TABLE projections.reactor_checkpoints (
  name              text PRIMARY KEY CHECK (name ~ '^[a-z][a-z0-9_]*$'),
  commit            bigint,
  prepare           bigint,
  effects_commit    bigint,
  effects_prepare   bigint,
  events_processed  bigint NOT NULL DEFAULT 0,
  last_error        text,
  failed_commit     bigint,
  failed_prepare    bigint,
  failed_event_id   uuid,
  failed_event_type text,
  failed_error      text,
  failed_at         timestamptz,
  skipped           jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT reactor_position_both CHECK ((commit IS NULL) = (prepare IS NULL)),
  CONSTRAINT reactor_effects_both CHECK ((effects_commit IS NULL) = (effects_prepare IS NULL)),
  CONSTRAINT reactor_failure_whole CHECK (
    (failed_commit IS NULL) = (failed_prepare IS NULL) AND (failed_commit IS NULL) = (failed_error IS NULL))
);

COMMENT ON TABLE projections.reactor_checkpoints IS
  'One row per event reactor: the position of the last event it acted on, the furthest position its commands appended, and the event it is FAILED at, if any.';

GRANT SELECT ON projections.reactor_checkpoints TO analyst;
