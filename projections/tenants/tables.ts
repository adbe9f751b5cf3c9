/**
 * DDL of the tenants read model (documented for analysts in projections/README.md). Searchable
 * fields are columns; `details` holds the whole decided value (identity and every configuration
 * group) so the API can answer any field without a migration when a group grows. `revision` is the
 * stream revision of the last event applied to a row: an older event never overwrites a newer row.
 * `sort_name` is lower(name), kept as a column so that lists page by (sort_name, id) through an
 * index under row-level security, which lets only leakproof conditions into an index scan, and
 * lower() is not one (docs/decisions/0027).
 */
export function tenantsTables(schema: string): string {
  const s = `"${schema}"`;
  return `
    CREATE TABLE ${s}.ecosystems (
      id                     uuid PRIMARY KEY,
      ecosystem_id           uuid NOT NULL CHECK (ecosystem_id = id),
      name                   text NOT NULL,
      short_name             text NOT NULL,
      profile_id             text NOT NULL,
      type                   text NOT NULL,
      organization_type      text NOT NULL,
      city                   text,
      state                  text,
      is_demo                boolean NOT NULL,
      archived               boolean NOT NULL,
      migrated_to_program_id uuid,
      details                jsonb NOT NULL,
      revision               integer NOT NULL,
      created_at             timestamptz NOT NULL,
      updated_at             timestamptz NOT NULL,
      sort_name              text GENERATED ALWAYS AS (lower(name)) STORED
    );
    COMMENT ON TABLE ${s}.ecosystems IS 'Tenants (spec section 3, Ecosystem). ecosystem_id = id, so a tenant sees its own row.';
    COMMENT ON COLUMN ${s}.ecosystems.profile_id IS 'Address of the tenant-branded pages; unique among ecosystems (claimed through ecosystemprofile streams).';
    COMMENT ON COLUMN ${s}.ecosystems.details IS 'Whole ecosystem value: identity and every configuration group, as the API returns it.';
    COMMENT ON COLUMN ${s}.ecosystems.migrated_to_program_id IS 'Program this ecosystem was migrated to (migrateEcosystemToProgram), else null.';
    COMMENT ON COLUMN ${s}.ecosystems.sort_name IS 'lower(name): the order lists show, with id after it.';

    CREATE TABLE ${s}.ecosystem_profiles (
      ecosystem_id       uuid PRIMARY KEY,
      profile_id         text NOT NULL,
      name               text NOT NULL,
      short_name         text NOT NULL,
      logo_source        text,
      background_source  text,
      tutor_term         text NOT NULL,
      tutee_term         text NOT NULL,
      module_term        text NOT NULL,
      supported_languages text[] NOT NULL,
      landing            jsonb NOT NULL,
      custom_banner      jsonb NOT NULL,
      archived           boolean NOT NULL,
      revision           integer NOT NULL,
      sort_name          text GENERATED ALWAYS AS (lower(name)) STORED
    );
    COMMENT ON TABLE ${s}.ecosystem_profiles IS 'The public face of each tenant (landing and log-in pages before anyone signs in): readable in every scope.';
    -- Public on purpose: the ecosystem-profile pages render before log-in, so no tenant scope exists
    -- yet. Only what those pages show is copied here; configuration stays in ecosystems.
    CREATE POLICY public_profile ON ${s}.ecosystem_profiles FOR SELECT USING (true);

    CREATE TABLE ${s}.programs (
      id           uuid PRIMARY KEY,
      ecosystem_id uuid NOT NULL,
      name         text NOT NULL,
      short_name   text NOT NULL,
      is_global    boolean NOT NULL,
      is_demo      boolean NOT NULL,
      archived     boolean NOT NULL,
      details      jsonb NOT NULL,
      revision     integer NOT NULL,
      created_at   timestamptz NOT NULL,
      updated_at   timestamptz NOT NULL,
      sort_name    text GENERATED ALWAYS AS (lower(name)) STORED
    );
    COMMENT ON TABLE ${s}.programs IS 'Programs inside an ecosystem (spec section 3, Program). Demo programs are deleted with the demo data.';
    COMMENT ON COLUMN ${s}.programs.details IS 'Whole program value: names and every settings group, as the API returns it.';

    CREATE TABLE ${s}.platform_ecosystem_config (
      id           uuid PRIMARY KEY,
      ecosystem_id uuid CHECK (ecosystem_id IS NULL),
      defaults     jsonb NOT NULL,
      revision     integer NOT NULL,
      updated_at   timestamptz NOT NULL
    );
    COMMENT ON TABLE ${s}.platform_ecosystem_config IS 'Platform-wide defaults for new ecosystems (one row once customised). Platform admins only.';
  `;
}

/**
 * What the lists read by, created after a rebuild's load (docs/decisions/0022: the handlers look
 * rows up by primary key only). Each list walks one of these in its order and stops at its page:
 * `(sort_name, id)` keysets, and partial twins for the default lists that leave archived rows out.
 */
export function tenantsIndexes(schema: string): string {
  const s = `"${schema}"`;
  return `
    CREATE INDEX IF NOT EXISTS ecosystems_sort_idx ON ${s}.ecosystems (sort_name, id);
    CREATE INDEX IF NOT EXISTS ecosystems_active_sort_idx ON ${s}.ecosystems (sort_name, id) WHERE NOT archived;
    CREATE INDEX IF NOT EXISTS ecosystems_profile_id_idx ON ${s}.ecosystems (profile_id);
    CREATE INDEX IF NOT EXISTS ecosystem_profiles_profile_id_idx ON ${s}.ecosystem_profiles (profile_id);
    CREATE INDEX IF NOT EXISTS ecosystem_profiles_active_sort_idx ON ${s}.ecosystem_profiles (sort_name, ecosystem_id) WHERE NOT archived;
    CREATE INDEX IF NOT EXISTS programs_ecosystem_sort_idx ON ${s}.programs (ecosystem_id, sort_name, id);
    CREATE INDEX IF NOT EXISTS programs_ecosystem_active_sort_idx ON ${s}.programs (ecosystem_id, sort_name, id) WHERE NOT archived;
    CREATE INDEX IF NOT EXISTS programs_sort_idx ON ${s}.programs (sort_name, id);
  `;
}
