/**
 * Tables of the roster read model (decision 0049). `roster_people` and `roster_memberships` are
 * the projection's own copies of what it needs (handlers read no other read model); the exposed
 * tables are shaped for pages: one row per person and ecosystem (`roster_entries`), and one per
 * person and role key (`roster_roles`) or program (`roster_programs`), each carrying the sort keys,
 * so a page filtered by one role, program or status walks one index in its order.
 */
export function rosterTables(schema: string): string {
  const s = `"${schema}"`;
  return `
    CREATE TABLE ${s}.roster_people (
      user_id        uuid PRIMARY KEY,
      email          text NOT NULL,
      first_name     text NOT NULL,
      last_name      text NOT NULL,
      preferred_name text,
      locked         boolean NOT NULL DEFAULT false
    );
    CREATE TABLE ${s}.roster_memberships (
      user_id      uuid NOT NULL,
      ecosystem_id uuid NOT NULL,
      role         text NOT NULL,
      program_id   uuid,
      status       text NOT NULL,
      granted_at   timestamptz NOT NULL,
      CONSTRAINT roster_memberships_key UNIQUE NULLS NOT DISTINCT (user_id, ecosystem_id, role, program_id)
    );
    CREATE TABLE ${s}.roster_entries (
      ecosystem_id   uuid NOT NULL,
      user_id        uuid NOT NULL,
      email          text NOT NULL,
      first_name     text NOT NULL,
      last_name      text NOT NULL,
      preferred_name text,
      sort_name      text COLLATE "C" NOT NULL,
      status         text NOT NULL,
      roles          text[] NOT NULL,
      program_ids    uuid[] NOT NULL,
      joined_at      timestamptz NOT NULL,
      PRIMARY KEY (ecosystem_id, user_id)
    );
    CREATE INDEX roster_entries_name_idx ON ${s}.roster_entries (ecosystem_id, sort_name, user_id);
    CREATE INDEX roster_entries_joined_idx ON ${s}.roster_entries (ecosystem_id, joined_at, user_id);
    CREATE INDEX roster_entries_status_name_idx ON ${s}.roster_entries (ecosystem_id, status, sort_name, user_id);
    CREATE INDEX roster_entries_status_joined_idx ON ${s}.roster_entries (ecosystem_id, status, joined_at, user_id);
    COMMENT ON TABLE ${s}.roster_entries IS 'One row per person and ecosystem they hold any role in (any status): the user roster (decision 0049).';
    COMMENT ON COLUMN ${s}.roster_entries.status IS 'The person''s status in the ecosystem: ACTIVATED if any role is in force, else APPLIED, INVITED, ARCHIVED; GLOBAL_LOCK while locked.';

    CREATE TABLE ${s}.roster_roles (
      ecosystem_id uuid NOT NULL,
      role_key     text NOT NULL,
      user_id      uuid NOT NULL,
      sort_name    text COLLATE "C" NOT NULL,
      joined_at    timestamptz NOT NULL,
      PRIMARY KEY (ecosystem_id, role_key, user_id)
    );
    CREATE INDEX roster_roles_name_idx ON ${s}.roster_roles (ecosystem_id, role_key, sort_name, user_id);
    CREATE INDEX roster_roles_joined_idx ON ${s}.roster_roles (ecosystem_id, role_key, joined_at, user_id);
    COMMENT ON TABLE ${s}.roster_roles IS 'Each role a person holds in the ecosystem (any status), and TUTEE for a STUDENT or PUPIL: drives role-filtered pages.';

    CREATE TABLE ${s}.roster_programs (
      ecosystem_id uuid NOT NULL,
      program_id   uuid NOT NULL,
      user_id      uuid NOT NULL,
      sort_name    text COLLATE "C" NOT NULL,
      joined_at    timestamptz NOT NULL,
      PRIMARY KEY (ecosystem_id, program_id, user_id)
    );
    CREATE INDEX roster_programs_name_idx ON ${s}.roster_programs (ecosystem_id, program_id, sort_name, user_id);
    CREATE INDEX roster_programs_joined_idx ON ${s}.roster_programs (ecosystem_id, program_id, joined_at, user_id);
    COMMENT ON TABLE ${s}.roster_programs IS 'Each program a person holds a role in: drives program-filtered pages.';
  `;
}
