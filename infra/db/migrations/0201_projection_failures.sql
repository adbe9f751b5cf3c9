-- Poison events (docs/decisions/0016-poison-events-and-upcasting.md). An event whose data fails
-- its schema stops the builds of the projections that handle its type, here and nowhere else: the
-- build is FAILED at that event until an operator runs `projections retry NAME` (try again, for
-- example after deploying an upcaster) or `projections skip NAME POSITION` (go past it for good).
ALTER TABLE projections.checkpoints
  ADD COLUMN failed_commit     bigint,
  ADD COLUMN failed_prepare    bigint,
  ADD COLUMN failed_event_id   uuid,
  ADD COLUMN failed_event_type text,
  ADD COLUMN failed_error      text,
  ADD COLUMN failed_at         timestamptz,
  -- Events an operator skipped in this build, oldest first:
  -- [{ "position": "commit/prepare", "eventId", "eventType", "error", "operator", "at" }].
  ADD COLUMN skipped           jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD CONSTRAINT checkpoints_failure_whole CHECK (
    (failed_commit IS NULL) = (failed_prepare IS NULL) AND (failed_commit IS NULL) = (failed_error IS NULL));

COMMENT ON COLUMN projections.checkpoints.failed_commit IS
  'Set while the build is FAILED: log position (with failed_prepare) of the event it cannot read. Cleared by projections retry or skip.';
COMMENT ON COLUMN projections.checkpoints.skipped IS
  'Events an operator skipped in this build (projections skip), each with its position, error, operator and time.';
