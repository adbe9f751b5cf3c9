/**
 * Tables of the sessions read model (issue 8, docs/decisions/0055-sessions-series-and-occurrences.md).
 * This DDL is the contract between the projection that writes the rows (projections/sessions/index.ts,
 * from `occurrencesOf(state)` of domain/session) and every reader (lists, the calendar, conflict checks,
 * admin summaries).
 *
 * - `session_series`: the Session aggregate's folded state per booking (the projection's own memory:
 *   each event is applied to it and the booking's occurrences are written again from it).
 * - `sessions`: one row per occurrence (spec section 3, Session). Deleted occurrences have no row;
 *   cancelled ones keep theirs with `cancelled`. Time-dependent statuses are derived when read.
 * - `session_participants`: one row per occurrence and person, with the occurrence's times and
 *   cancelled flag copied in, so "a person's sessions in a time range" and "who is busy then" are one
 *   index range scan each (conflict checks ask for all occurrences of a series in one statement).
 */
export function sessionTables(schema: string): string {
  const s = `"${schema}"`;
  return `
    CREATE TABLE ${s}.session_series (
      series_id     uuid PRIMARY KEY,
      ecosystem_id  uuid NOT NULL,
      state         jsonb NOT NULL,
      updated_at    timestamptz NOT NULL
    );
    CREATE TABLE ${s}.sessions (
      id                 uuid PRIMARY KEY,
      ecosystem_id       uuid NOT NULL,
      program_id         uuid NOT NULL,
      series_id          uuid NOT NULL,
      segment_id         uuid NOT NULL,
      recurring          boolean NOT NULL,
      recurrence         jsonb,
      original_date      date NOT NULL,
      date               date NOT NULL,
      start_time         text NOT NULL,
      time_zone_id       text NOT NULL,
      duration_minutes   integer NOT NULL,
      start_at           timestamptz NOT NULL,
      end_at             timestamptz NOT NULL,
      session_type       text NOT NULL,
      subject            text NOT NULL,
      subject_id         text,
      description        text NOT NULL,
      location           text NOT NULL,
      meeting_solution   text NOT NULL,
      meeting_url        text,
      room_id            text,
      location_name      text,
      location_point     jsonb,
      max_students       integer,
      grade_levels       text[] NOT NULL,
      schools            text[] NOT NULL,
      is_paid            boolean NOT NULL,
      tutoring_amount    integer,
      custom_properties  jsonb NOT NULL,
      course_section_id  uuid,
      cancelled          boolean NOT NULL,
      cancel_reason      text,
      pending            boolean NOT NULL,
      num_leaders        integer NOT NULL,
      num_learners       integer NOT NULL,
      num_attendees      integer NOT NULL,
      created_by         uuid NOT NULL,
      force_booked       boolean NOT NULL,
      last_modified      timestamptz NOT NULL,
      completion_status  text,
      completed_at       timestamptz
    );
    CREATE INDEX sessions_series_idx ON ${s}.sessions (series_id);
    CREATE TABLE ${s}.session_participants (
      session_id         uuid NOT NULL,
      user_id            uuid NOT NULL,
      ecosystem_id       uuid NOT NULL,
      program_id         uuid NOT NULL,
      series_id          uuid NOT NULL,
      user_type          text NOT NULL,
      is_leader          boolean NOT NULL,
      is_paired          boolean NOT NULL,
      start_at           timestamptz NOT NULL,
      end_at             timestamptz NOT NULL,
      session_type       text NOT NULL,
      cancelled          boolean NOT NULL,
      joined_time        timestamptz,
      joined_time_delta  integer,
      left_time          timestamptz,
      is_fallback_join   boolean NOT NULL,
      checked_in_time    timestamptz,
      checked_out_time   timestamptz,
      has_pending_feedback  boolean NOT NULL DEFAULT false,
      feedback_rating       integer,
      feedback_comment      text,
      feedback_submitted_at timestamptz,
      feedback_submitted_by uuid,
      PRIMARY KEY (session_id, user_id)
    );
    CREATE INDEX session_participants_series_idx ON ${s}.session_participants (series_id);
    COMMENT ON TABLE ${s}.sessions IS 'One session (one occurrence of a booking), spec section 3.';
    COMMENT ON TABLE ${s}.session_participants IS 'A person in one session, with its times copied in for range scans.';
    COMMENT ON COLUMN ${s}.sessions.completion_status IS 'How it went (HELD, TUTEE_NO_SHOW, TUTOR_NO_SHOW, NO_SHOW), recorded by the session-timers tick (decision 0074); null before.';
    COMMENT ON COLUMN ${s}.session_participants.has_pending_feedback IS 'Attended a completed session and gave no feedback yet (decision 0074).';
  `;
}

/** Secondary indexes of the readers (created after a rebuild has loaded its rows, decision 0022). */
export function sessionIndexes(schema: string): string {
  const s = `"${schema}"`;
  return `
    CREATE INDEX IF NOT EXISTS sessions_ecosystem_start_idx ON ${s}.sessions (ecosystem_id, start_at, id);
    CREATE INDEX IF NOT EXISTS sessions_program_start_idx ON ${s}.sessions (program_id, start_at, id);
    CREATE INDEX IF NOT EXISTS sessions_ecosystem_type_start_idx ON ${s}.sessions (ecosystem_id, session_type, start_at, id);
    CREATE INDEX IF NOT EXISTS sessions_ecosystem_subject_idx ON ${s}.sessions (ecosystem_id, (subject COLLATE "C"), start_at, id);
    CREATE INDEX IF NOT EXISTS sessions_ecosystem_cancelled_idx ON ${s}.sessions (ecosystem_id, start_at, id) WHERE cancelled;
    CREATE INDEX IF NOT EXISTS sessions_ecosystem_pending_idx ON ${s}.sessions (ecosystem_id, start_at, id) WHERE pending AND NOT cancelled;
    CREATE INDEX IF NOT EXISTS sessions_remind_start_idx ON ${s}.sessions (start_at) WHERE NOT cancelled AND NOT pending;
    CREATE INDEX IF NOT EXISTS sessions_uncompleted_end_idx ON ${s}.sessions (end_at) WHERE completion_status IS NULL AND NOT cancelled AND NOT pending;
    CREATE INDEX IF NOT EXISTS session_participants_pending_feedback_idx ON ${s}.session_participants (user_id, end_at) WHERE has_pending_feedback;
    CREATE INDEX IF NOT EXISTS session_participants_user_start_idx
      ON ${s}.session_participants (user_id, start_at, session_id) INCLUDE (end_at, cancelled, is_leader);
  `;
}

export const SESSION_TABLES = ['session_series', 'sessions', 'session_participants'] as const;
