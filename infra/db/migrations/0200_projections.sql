-- Projection bookkeeping (DESIGN.md section 5; docs/decisions/0004-projections-blue-green.md).
--
-- One row per build of a projection. A build is one schema of tables filled from position zero:
-- `proj_<name>_v<version>`, or `proj_<name>_v<version>_r<generation>` when an operator rebuilds a
-- version that already serves. At most one build per projection serves (the `read.<table>` views
-- point at it) and at most one is building; retired builds keep their row as history, their schema
-- is dropped after the switch.
CREATE SCHEMA IF NOT EXISTS projections;

CREATE TABLE projections.checkpoints (
  schema_name       text PRIMARY KEY CHECK (schema_name ~ '^proj_[a-z0-9_]+$' AND length(schema_name) <= 63),
  name              text NOT NULL,
  version           integer NOT NULL CHECK (version >= 1),
  generation        integer NOT NULL DEFAULT 1 CHECK (generation >= 1),
  -- The last applied event's position (transaction id, global position); both null before the first.
  commit            bigint,
  prepare           bigint,
  status            text NOT NULL CHECK (status IN ('building', 'serving', 'retired')),
  events_processed  bigint NOT NULL DEFAULT 0,
  exposed_tables    text[] NOT NULL DEFAULT '{}',
  -- The last failed batch's error, cleared by the next applied batch: a stuck projection shows why.
  last_error        text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  serving_since     timestamptz,
  retired_at        timestamptz,
  CONSTRAINT checkpoints_position_both CHECK ((commit IS NULL) = (prepare IS NULL)),
  CONSTRAINT checkpoints_build_key UNIQUE (name, version, generation)
);

CREATE UNIQUE INDEX checkpoints_one_serving ON projections.checkpoints (name) WHERE status = 'serving';
CREATE UNIQUE INDEX checkpoints_one_building ON projections.checkpoints (name) WHERE status = 'building';

COMMENT ON TABLE projections.checkpoints IS
  'One row per projection build: its schema, position in the event log, and whether it builds, serves the read views, or is retired.';

-- Operators and analysts may see how fresh the read models are; nobody but the owner writes here.
GRANT USAGE ON SCHEMA projections TO analyst;
GRANT SELECT ON projections.checkpoints TO analyst;
