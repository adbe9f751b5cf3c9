/**
 * Tables of the courses read model (decision 0061). `course_sections` holds one row per section
 * with the aggregate's folded state (`state`, the projection's memory) and the columns readers
 * filter and sort by; `course_enrollments` one row per enrolled learner. The term of a section
 * (its sessions' first start and last end) is read from `read.sessions` when asked, so a session
 * edited in its own stream never leaves a stale copy here.
 */
export function courseTables(schema: string): string {
  const s = `"${schema}"`;
  return `
    CREATE TABLE ${s}.course_sections (
      section_id        uuid PRIMARY KEY,
      ecosystem_id      uuid NOT NULL,
      name              text NOT NULL,
      program_ids       uuid[] NOT NULL,
      leader_ids        uuid[] NOT NULL,
      series_ids        uuid[] NOT NULL,
      max_enrollments   integer NOT NULL,
      enrolled_count    integer NOT NULL,
      enrollment_start  timestamptz NOT NULL,
      enrollment_end    timestamptz NOT NULL,
      drop_deadline     timestamptz,
      archived          boolean NOT NULL,
      created_by        text NOT NULL,
      state             jsonb NOT NULL,
      created_at        timestamptz NOT NULL,
      updated_at        timestamptz NOT NULL
    );
    CREATE INDEX course_sections_name_idx ON ${s}.course_sections (ecosystem_id, name, section_id);
    CREATE TABLE ${s}.course_enrollments (
      section_id    uuid NOT NULL,
      ecosystem_id  uuid NOT NULL,
      user_id       uuid NOT NULL,
      enrolled_at   timestamptz NOT NULL,
      PRIMARY KEY (section_id, user_id)
    );
    CREATE INDEX course_enrollments_user_idx ON ${s}.course_enrollments (user_id, ecosystem_id);
    COMMENT ON TABLE ${s}.course_sections IS 'A course section (spec section 3): enrolment window, limits, leaders and its COURSE bookings.';
    COMMENT ON TABLE ${s}.course_enrollments IS 'A learner enrolled in a course section.';
  `;
}
