-- The rooms made for session series (docs/decisions/0058-meeting-rooms.md), written by the room
-- maker (workflows/meetings/sync.ts) as soon as a provider answers and before the room is recorded
-- on the series' stream: a run retried after a crash between the two finds the room here and records
-- it instead of making a second one. `spec_digest` is what the provider was last told (name, zone,
-- length, start of a one-off, recording), so an edit that changes none of it calls nobody.
CREATE TABLE meetings.rooms (
  series_id        uuid PRIMARY KEY,
  ecosystem_id     uuid NOT NULL,
  provider         text NOT NULL CHECK (provider IN ('LESSONSPACE', 'ZOOM', 'BUILT_IN')),
  room_id          text NOT NULL,
  join_url         text NOT NULL,
  spec_digest      text NOT NULL,
  synced_revision  bigint NOT NULL,
  updated_at       timestamptz NOT NULL
);
CREATE INDEX rooms_ecosystem_idx ON meetings.rooms (ecosystem_id);
