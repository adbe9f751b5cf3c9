-- The event log (DESIGN.md section 4; docs/decisions/0002-postgres-event-store.md).
--
-- global_position alone cannot order readers: sequence values are taken at insert time but become
-- visible at commit time, so a reader could pass a gap that a slower transaction fills later. Each
-- row therefore records its writer's transaction id, and readers take only rows whose transaction
-- is older than every transaction still running (pg_snapshot_xmin), ordered by
-- (transaction_id, global_position). That pair is the checkpoint.
CREATE TABLE public.events (
  global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id  xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id       text NOT NULL CHECK (stream_id <> ''),
  -- Derived, never supplied, so it always agrees with the stream name (and with EventStoreDB's $ce-).
  category        text NOT NULL GENERATED ALWAYS AS (split_part(stream_id, '-', 1)) STORED,
  revision        integer NOT NULL CHECK (revision >= 0),
  event_id        uuid NOT NULL,
  type            text NOT NULL CHECK (type <> ''),
  data            jsonb NOT NULL,
  metadata        jsonb NOT NULL DEFAULT '{}'::jsonb,
  recorded_at     timestamptz NOT NULL DEFAULT now(),
  -- The optimistic-concurrency guard: two writers racing for the same revision of one stream collide
  -- here (the second waits for the first to finish, then fails), and writers to other streams never meet.
  CONSTRAINT events_stream_revision_key UNIQUE (stream_id, revision),
  CONSTRAINT events_event_id_key UNIQUE (event_id)
);

-- readAll, subscriptions and headPosition walk this index in checkpoint order.
CREATE INDEX events_transaction_position_idx ON public.events (transaction_id, global_position);
-- Category readers (projections of one aggregate type) in the same order.
CREATE INDEX events_category_idx ON public.events (category, transaction_id, global_position);

COMMENT ON TABLE public.events IS
  'Append-only event log. Read in (transaction_id, global_position) order, only below pg_snapshot_xmin(pg_current_snapshot()).';

-- The log is append-only for the API too: no UPDATE or DELETE grants.
GRANT SELECT, INSERT ON public.events TO app_api;
GRANT USAGE ON SEQUENCE public.events_global_position_seq TO app_api;
