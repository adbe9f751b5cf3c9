/**
 * The audit trail's tables (projections/README.md describes them for analysts). `breadcrumbs` holds
 * one row per event; the others are what the audit projection keeps to write those rows and to
 * offer its filters: the background-job runs events fold into, who acted, what was acted on.
 */
export const AUDIT_TABLES = ['breadcrumbs', 'breadcrumb_runs', 'breadcrumb_facets'];

/**
 * Autovacuum for tables a busy tenant grows by thousands of rows a minute: analyze and vacuum after
 * 2% of the table changed instead of 10% and 20%, so the planner's row counts per tenant and the
 * dead versions of renamed targets never fall far behind (docs/decisions/0033). The pages' plans
 * do not depend on it; their cost when estimates are wrong does.
 */
const HOT_TABLE = 'autovacuum_analyze_scale_factor = 0.02, autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.05';

const breadcrumbs = (s: string) => `
CREATE TABLE "${s}".breadcrumbs (
  event_id         uuid NOT NULL, -- the primary key, created with the indexes (auditIndexes)
  position_commit  bigint NOT NULL,
  position_prepare bigint NOT NULL,
  ecosystem_id     uuid,
  program_id       uuid,
  occurred_at      timestamptz NOT NULL,
  actor_user_id    text NOT NULL,
  actor_role       text NOT NULL,
  target_type      text NOT NULL,
  target_id        text NOT NULL,
  event_type       text NOT NULL,
  summary          text NOT NULL,
  changes          jsonb NOT NULL,
  command_id       text,
  correlation_id   text,
  run_id           text,
  entry_commit     bigint NOT NULL,
  entry_prepare    bigint NOT NULL,
  decode_error     text
) WITH (${HOT_TABLE});
COMMENT ON TABLE "${s}".breadcrumbs IS 'Audit trail: one row per event. Rows fold into entries: a background job''s steps share their run''s entry position.';
COMMENT ON COLUMN "${s}".breadcrumbs.event_id IS 'Id of the event this row describes.';
COMMENT ON COLUMN "${s}".breadcrumbs.position_commit IS 'Log position, first part (writer transaction id); order by both position columns.';
COMMENT ON COLUMN "${s}".breadcrumbs.position_prepare IS 'Log position, second part (global position).';
COMMENT ON COLUMN "${s}".breadcrumbs.ecosystem_id IS 'Tenant; null for platform-wide events (platform admins only).';
COMMENT ON COLUMN "${s}".breadcrumbs.program_id IS 'Program the event belongs to, when it belongs to one.';
COMMENT ON COLUMN "${s}".breadcrumbs.occurred_at IS 'When the command that caused the event was issued.';
COMMENT ON COLUMN "${s}".breadcrumbs.actor_user_id IS 'User who acted (a job''s steps record the user who started the job).';
COMMENT ON COLUMN "${s}".breadcrumbs.actor_role IS 'Role the user acted in (PLATFORM_ADMIN, SUPER_ADMIN, PROGRAM_ADMIN, LEADER, ...); SYSTEM for the platform''s own start-up work.';
COMMENT ON COLUMN "${s}".breadcrumbs.target_type IS 'Kind of thing acted on: the stream category (ecosystem, program, session, user, ...).';
COMMENT ON COLUMN "${s}".breadcrumbs.target_id IS 'Id of the thing acted on.';
COMMENT ON COLUMN "${s}".breadcrumbs.event_type IS 'What happened, as a past-tense event type (ProgramEdited).';
COMMENT ON COLUMN "${s}".breadcrumbs.summary IS 'One English sentence describing the action.';
COMMENT ON COLUMN "${s}".breadcrumbs.changes IS 'The fields the event set, as JSON; credentials are redacted.';
COMMENT ON COLUMN "${s}".breadcrumbs.command_id IS 'Command that produced the event; events of one command share it.';
COMMENT ON COLUMN "${s}".breadcrumbs.correlation_id IS 'Request or job the command belonged to.';
COMMENT ON COLUMN "${s}".breadcrumbs.run_id IS 'The background job run (batch job id) this event is a step of, if any.';
COMMENT ON COLUMN "${s}".breadcrumbs.entry_commit IS 'Position (first part) of the entry the row folds into: the run''s first event, else the event itself.';
COMMENT ON COLUMN "${s}".breadcrumbs.entry_prepare IS 'Position (second part) of the entry the row folds into.';
COMMENT ON COLUMN "${s}".breadcrumbs.decode_error IS 'Why the platform could not read the event (a schema version it does not know, data its schema refuses); null when it could. Such rows keep the data as stored.';
`;

const runs = (s: string) => `
CREATE TABLE "${s}".breadcrumb_runs (
  run_id        text PRIMARY KEY,
  ecosystem_id  uuid,
  job_name      text NOT NULL,
  status        text NOT NULL,
  entry_commit  bigint NOT NULL,
  entry_prepare bigint NOT NULL
);
COMMENT ON TABLE "${s}".breadcrumb_runs IS 'Background job runs whose steps fold into one audit entry, with their latest status.';
COMMENT ON COLUMN "${s}".breadcrumb_runs.run_id IS 'The batch job id; the steps carry it as correlation id.';
COMMENT ON COLUMN "${s}".breadcrumb_runs.status IS 'QUEUED, SUBMITTED, PROCESSING, FINISHED, FAILED or CANCELLED.';
`;

const facets = (s: string) => `
CREATE TABLE "${s}".breadcrumb_facets (
  ecosystem_id  uuid NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('actor', 'action', 'target', 'type')),
  value         text NOT NULL,
  label         text,
  detail        text,
  target_type   text GENERATED ALWAYS AS (CASE WHEN kind = 'target' THEN split_part(value, ':', 1) END) STORED,
  -- label and detail ride along in the key's index: a name lookup by key is then an index-only
  -- probe, which the planner prefers to any walk of a wider index whatever its statistics say.
  PRIMARY KEY (ecosystem_id, kind, value) INCLUDE (label, detail)
) WITH (${HOT_TABLE});
COMMENT ON TABLE "${s}".breadcrumb_facets IS 'What an ecosystem''s trail can be filtered by: the actors, event types and targets that occur in it.';
COMMENT ON COLUMN "${s}".breadcrumb_facets.value IS 'Actor: user id; action: event type; target: "<type>:<id>"; type: a kind of target that occurs.';
COMMENT ON COLUMN "${s}".breadcrumb_facets.label IS 'Actor: the person''s name; target: its latest name; action: null.';
COMMENT ON COLUMN "${s}".breadcrumb_facets.detail IS 'Actor: the role of their latest action there.';
COMMENT ON COLUMN "${s}".breadcrumb_facets.target_type IS 'Target: the kind of thing (the part of value before the colon); null for actors and actions.';
`;

/** The audit's own directory of people, from user events, so names never depend on another read model. */
const people = (s: string) => `
CREATE TABLE "${s}".audit_people (
  user_id text PRIMARY KEY,
  name    text NOT NULL
);
COMMENT ON TABLE "${s}".audit_people IS 'Names of users as the audit knows them (internal: not exposed).';
`;

export const auditTables = (schema: string) => breadcrumbs(schema) + runs(schema) + facets(schema) + people(schema);

/**
 * breadcrumbs' primary key. A rebuild loads without it and creates it here, in one sorted pass,
 * rather than 50,000 random inserts into a uuid index (docs/decisions/0031); a build that serves
 * from its creation gets it at once. Nothing looks a row up by event_id while loading, and each
 * event reaches a build once (a batch commits with its checkpoint). Should the load still hold an
 * event id twice (a log that does not enforce unique ids), the row first in log order stays, as
 * ON CONFLICT DO NOTHING keeps it for a build that has the key (write.ts).
 */
const breadcrumbsKey = (s: string) => `
DO $key$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = '"${s}".breadcrumbs'::regclass AND contype = 'p') THEN
    BEGIN
      ALTER TABLE "${s}".breadcrumbs ADD CONSTRAINT breadcrumbs_pkey PRIMARY KEY (event_id);
    EXCEPTION WHEN unique_violation THEN
      DELETE FROM "${s}".breadcrumbs later USING "${s}".breadcrumbs first
       WHERE first.event_id = later.event_id
         AND (first.position_commit, first.position_prepare, first.ctid) < (later.position_commit, later.position_prepare, later.ctid);
      ALTER TABLE "${s}".breadcrumbs ADD CONSTRAINT breadcrumbs_pkey PRIMARY KEY (event_id);
    END;
  END IF;
END $key$;
`;

/**
 * The trail's filters and pages read through these; writing it needs only the primary keys, so a
 * rebuild creates them after its load (docs/decisions/0022). Every list of the trail is in entry
 * order, then log position (queries.ts), so each filter has an index in exactly that order and a
 * page is a walk that stops at its limit, with no sort (docs/decisions/0027).
 */
export const auditIndexes = (s: string) => breadcrumbsKey(s) + `
CREATE INDEX IF NOT EXISTS breadcrumbs_entries_idx ON "${s}".breadcrumbs (ecosystem_id, entry_commit DESC, entry_prepare DESC, position_commit DESC, position_prepare DESC);
CREATE INDEX IF NOT EXISTS breadcrumbs_actor_entries_idx ON "${s}".breadcrumbs (ecosystem_id, actor_user_id, entry_commit DESC, entry_prepare DESC, position_commit DESC, position_prepare DESC);
CREATE INDEX IF NOT EXISTS breadcrumbs_action_entries_idx ON "${s}".breadcrumbs (ecosystem_id, event_type, entry_commit DESC, entry_prepare DESC, position_commit DESC, position_prepare DESC);
CREATE INDEX IF NOT EXISTS breadcrumbs_target_entries_idx ON "${s}".breadcrumbs (ecosystem_id, target_type, target_id, entry_commit DESC, entry_prepare DESC, position_commit DESC, position_prepare DESC);
CREATE INDEX IF NOT EXISTS breadcrumbs_target_id_entries_idx ON "${s}".breadcrumbs (target_id, entry_commit DESC, entry_prepare DESC, position_commit DESC, position_prepare DESC);
CREATE INDEX IF NOT EXISTS breadcrumbs_occurred_at_idx ON "${s}".breadcrumbs (ecosystem_id, occurred_at);
CREATE INDEX IF NOT EXISTS breadcrumbs_run_steps_idx ON "${s}".breadcrumbs (ecosystem_id, run_id, position_commit, position_prepare) WHERE run_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS breadcrumb_facets_targets_by_type_idx ON "${s}".breadcrumb_facets (ecosystem_id, target_type, label, value) WHERE kind = 'target';
CREATE INDEX IF NOT EXISTS breadcrumb_facets_targets_idx ON "${s}".breadcrumb_facets (ecosystem_id, label, value) WHERE kind = 'target';
`;
