-- Readers of some event types only (projection workers, decision 0026): one ordered range of this
-- index per wanted type after the checkpoint, so an event of another type is never scanned. The
-- readers take positions from it (index-only) and fetch the rows by primary key
-- (infra/eventstore/postgres-sql.ts READ_TYPES_SQL).
CREATE INDEX events_type_position_idx ON public.events (type, transaction_id, global_position);
