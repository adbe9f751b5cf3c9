/**
 * Grows the read models of a running platform to a few thousand rows per tenant, written straight
 * into the serving builds' tables (as the owner), then ANALYZEs them so the planner sees the sizes.
 * Rows copy the shape the projections write: details come from the demo's own rows, audit entries
 * fold a job's steps into its run, facets name every actor, action and target.
 */
import type { Pool } from 'pg';

export interface Sizes {
  /** Tenants with `programs` programs, `breadcrumbs` audit rows and `jobs` jobs each (the demo one included). */
  bigTenants: number;
  programs: number;
  breadcrumbs: number;
  jobs: number;
  /** Further ecosystems with a job and demo data each, so the ecosystems page has many rows. */
  smallTenants: number;
}

export interface Seeded {
  bigTenantIds: string[];
  /** Ids of the actors, the run ids and the event types of the demo tenant's trail (for filters). */
  actorIds: string[];
  runIds: string[];
  eventTypes: string[];
}

export const EVENT_TYPES = ['ProgramCreated', 'ProgramEdited', 'ProgramArchived', 'ProgramUnarchived', 'EcosystemEdited',
  'EcosystemRoleGranted', 'EcosystemRoleRevoked', 'UserRegistered', 'UserPasswordChanged', 'FeatureFlagChanged', 'UserEmailReserved', 'SessionScheduled'];
const ACTORS = 25;
/** Every hundredth row starts a run of ten steps (a background job folded into one entry). */
const RUN_EVERY = 100;
const RUN_STEPS = 10;

async function servingSchemas(owner: Pool): Promise<Record<string, string>> {
  const r = await owner.query<{ name: string; schema_name: string }>(`SELECT name, schema_name FROM projections.checkpoints WHERE status = 'serving'`);
  return Object.fromEntries(r.rows.map((row) => [row.name, `"${row.schema_name}"`]));
}

async function seedEcosystems(owner: Pool, t: string, demoId: string, count: number, prefix: string): Promise<string[]> {
  const r = await owner.query<{ id: string }>(`
    WITH made AS (
      INSERT INTO ${t}.ecosystems (id, ecosystem_id, name, short_name, profile_id, type, organization_type, city, state, is_demo, archived, details, revision, created_at, updated_at)
      SELECT n.new_id, n.new_id, n.new_name, left(n.new_name, 20), n.pid, e.type, e.organization_type, 'City ' || (i % 97), e.state, false, i % 17 = 0,
             jsonb_set(jsonb_set(jsonb_set(e.details, '{name}', to_jsonb(n.new_name)), '{shortName}', to_jsonb(left(n.new_name, 20))), '{profileId}', to_jsonb(n.pid)),
             1, now() - make_interval(days => i % 300), now()
        FROM ${t}.ecosystems e, generate_series(1, $2::int) i,
             LATERAL (SELECT gen_random_uuid() AS new_id, $3 || ' ' || initcap(substr(md5($3 || i), 1, 6)) || ' ' || lpad(i::text, 5, '0') AS new_name,
                             lower($3) || '-' || i AS pid) n
       WHERE e.id = $1
      RETURNING id, name, short_name, profile_id, archived)
    , profiles AS (
      INSERT INTO ${t}.ecosystem_profiles (ecosystem_id, profile_id, name, short_name, logo_source, background_source, tutor_term, tutee_term,
        module_term, supported_languages, landing, custom_banner, archived, revision)
      SELECT m.id, m.profile_id, m.name, m.short_name, p.logo_source, p.background_source, p.tutor_term, p.tutee_term, p.module_term,
             p.supported_languages, p.landing, p.custom_banner, m.archived, 1
        FROM made m, ${t}.ecosystem_profiles p WHERE p.ecosystem_id = $1)
    SELECT id FROM made ORDER BY id`, [demoId, count, prefix]);
  return r.rows.map((row) => row.id);
}

async function seedPrograms(owner: Pool, t: string, ecosystemId: string, count: number): Promise<void> {
  await owner.query(`
    INSERT INTO ${t}.programs (id, ecosystem_id, name, short_name, is_global, is_demo, archived, details, revision, created_at, updated_at)
    SELECT gen_random_uuid(), $1::uuid, n.new_name, left(n.new_name, 20), false, false, i % 10 = 0,
           jsonb_set(jsonb_set(tpl.details, '{name}', to_jsonb(n.new_name)), '{shortName}', to_jsonb(left(n.new_name, 20))), 1, now(), now()
      FROM (SELECT details FROM ${t}.programs LIMIT 1) tpl, generate_series(1, $2::int) i,
           LATERAL (SELECT initcap(substr(md5($1::text || i), 1, 8)) || ' Program ' || i AS new_name) n`, [ecosystemId, count]);
}

async function seedJobs(owner: Pool, t: string, ecosystemIds: readonly string[], perTenant: number): Promise<void> {
  await owner.query(`
    INSERT INTO ${t}.batch_jobs (id, ecosystem_id, job_name, metadata, state, progress_done, progress_total, created_by, created_at, updated_at, finished_at, revision)
    SELECT gen_random_uuid(), e, 'createEcosystemDemoData', '{"demoSessionsStartDate": "2026-01-05"}', CASE WHEN i % 50 = 0 THEN 'FAILED' ELSE 'FINISHED' END,
           10, 10, 'seed', now() - make_interval(mins => i * 7), now() - make_interval(mins => i * 7), now() - make_interval(mins => i * 7), 3
      FROM unnest($1::uuid[]) e, generate_series(1, $2::int) i`, [ecosystemIds, perTenant]);
}

async function seedDemoData(owner: Pool, t: string, ecosystemIds: readonly string[]): Promise<void> {
  await owner.query(`
    INSERT INTO ${t}.demo_data (ecosystem_id, status, job_id, demo_sessions_start_date, items, complete, updated_at, revision)
    SELECT e, 'PRESENT', gen_random_uuid(), '2026-01-05', '[]', true, now(), 1 FROM unnest($1::uuid[]) e
    ON CONFLICT (ecosystem_id) DO NOTHING`, [ecosystemIds]);
}

/** Where the seeded trail starts in the log, above anything the live platform wrote. */
const FIRST_POSITION = 1_000_000;

/**
 * `count` audit rows for each tenant, their log positions interleaved as a shared log has them
 * (the planner then sees a tenant's rows spread over the log, as they are): actors, event types
 * and targets (the tenant's programs) spread evenly; every RUN_EVERY-th row starts a run of
 * RUN_STEPS. Written in log order, as the projection writes them.
 */
async function seedTrails(owner: Pool, a: string, t: string, ecosystemIds: readonly string[], count: number): Promise<void> {
  await owner.query(`
    WITH programs AS (SELECT ecosystem_id, id, row_number() OVER (PARTITION BY ecosystem_id ORDER BY id) - 1 AS n,
                             count(*) OVER (PARTITION BY ecosystem_id) AS total FROM ${t}.programs WHERE ecosystem_id = ANY($1::uuid[])),
    rows AS (
      SELECT e.id AS ecosystem_id, i, $3::bigint + i * $5 + e.k AS pos, i % ${RUN_EVERY} < ${RUN_STEPS} AS in_run,
             $3::bigint + (i - i % ${RUN_EVERY}) * $5 + e.k AS run_pos, md5(e.id::text || 'actor' || (i % ${ACTORS}))::uuid::text AS actor
        FROM unnest($1::uuid[]) WITH ORDINALITY AS e(id, k), generate_series(0, $2::int - 1) i)
    INSERT INTO ${a}.breadcrumbs (event_id, position_commit, position_prepare, ecosystem_id, program_id, occurred_at, actor_user_id, actor_role,
      target_type, target_id, event_type, summary, changes, command_id, correlation_id, run_id, entry_commit, entry_prepare)
    SELECT gen_random_uuid(), r.pos, r.pos, r.ecosystem_id, p.id, now() - make_interval(mins => ($2 - r.i)), r.actor, 'SUPER_ADMIN',
           CASE WHEN r.in_run THEN 'batchjob' ELSE 'program' END,
           CASE WHEN r.in_run THEN md5(r.run_pos::text)::uuid::text ELSE p.id::text END,
           CASE WHEN r.in_run AND r.pos = r.run_pos THEN 'BatchJobQueued' WHEN r.in_run THEN 'DemoDataItemAdded' ELSE ($4::text[])[1 + r.i % array_length($4::text[], 1)] END,
           'Seeded action ' || r.i, '{}', md5(r.pos::text), CASE WHEN r.in_run THEN md5(r.run_pos::text)::uuid::text END,
           CASE WHEN r.in_run THEN md5(r.run_pos::text)::uuid::text END,
           CASE WHEN r.in_run THEN r.run_pos ELSE r.pos END, CASE WHEN r.in_run THEN r.run_pos ELSE r.pos END
      FROM rows r JOIN programs p ON p.ecosystem_id = r.ecosystem_id AND p.n = r.i % p.total
     ORDER BY r.pos`, [ecosystemIds, count, FIRST_POSITION, EVENT_TYPES, ecosystemIds.length]);
  for (const id of ecosystemIds) await seedRunsAndFacets(owner, a, t, id);
}

/** A tenant's runs, and the facets its trail offers: actors, actions, targets of two types and those types. */
async function seedRunsAndFacets(owner: Pool, a: string, t: string, ecosystemId: string): Promise<void> {
  await owner.query(`
    INSERT INTO ${a}.breadcrumb_runs (run_id, ecosystem_id, job_name, status, entry_commit, entry_prepare)
    SELECT DISTINCT run_id, ecosystem_id, 'createEcosystemDemoData', 'FINISHED', entry_commit, entry_prepare
      FROM ${a}.breadcrumbs WHERE ecosystem_id = $1 AND run_id IS NOT NULL AND position_commit >= $2
    ON CONFLICT (run_id) DO NOTHING`, [ecosystemId, FIRST_POSITION]);
  // A tenant of some years has run thousands of jobs (imports, reports, demo data): enough runs
  // that a look-up by run id must use the key, as it must in production.
  await owner.query(`
    INSERT INTO ${a}.breadcrumb_runs (run_id, ecosystem_id, job_name, status, entry_commit, entry_prepare)
    SELECT 'earlier-' || $1::text || '-' || g, $1::uuid, 'createEcosystemDemoData', 'FINISHED', 1, g FROM generate_series(1, 3000) g`, [ecosystemId]);
  await owner.query(`
    INSERT INTO ${a}.breadcrumb_facets (ecosystem_id, kind, value, label, detail)
    SELECT DISTINCT ON (value, kind) $1::uuid, kind, value, label, detail FROM (
      SELECT 'actor' AS kind, actor_user_id AS value, 'Person ' || left(actor_user_id, 6) AS label, actor_role AS detail
        FROM ${a}.breadcrumbs WHERE ecosystem_id = $1
      UNION ALL SELECT 'action', event_type, NULL, NULL FROM ${a}.breadcrumbs WHERE ecosystem_id = $1
      UNION ALL SELECT 'target', 'program:' || id, name, NULL FROM ${t}.programs WHERE ecosystem_id = $1
      UNION ALL SELECT 'target', 'batchjob:' || target_id, NULL, NULL FROM ${a}.breadcrumbs WHERE ecosystem_id = $1 AND target_type = 'batchjob'
      UNION ALL SELECT 'type', unnest(ARRAY['program', 'batchjob']), NULL, NULL) f
    ON CONFLICT (ecosystem_id, kind, value) DO NOTHING`, [ecosystemId]);
}

async function analyze(owner: Pool, schemas: Record<string, string>): Promise<void> {
  const r = await owner.query<{ t: string }>(
    `SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS t FROM pg_tables WHERE quote_ident(schemaname) = ANY($1::text[])`,
    [Object.values(schemas).map((s) => s.replace(/"/g, ''))]);
  for (const { t } of r.rows) await owner.query(`ANALYZE ${t}`);
}

/** Seeds the demo tenant and `bigTenants - 1` more to `sizes`, plus the small ecosystems; ANALYZEs. */
export async function seedReadModels(owner: Pool, demoEcosystemId: string, sizes: Sizes): Promise<Seeded> {
  const s = await servingSchemas(owner);
  const [t, j, a] = [s.tenants, s.jobs, s.audit];
  if (!t || !j || !a) throw new Error(`serving builds missing: ${JSON.stringify(s)}`);
  const others = await seedEcosystems(owner, t, demoEcosystemId, sizes.bigTenants - 1, 'Large');
  const bigTenantIds = [demoEcosystemId, ...others];
  const small = await seedEcosystems(owner, t, demoEcosystemId, sizes.smallTenants, 'District');
  for (const id of bigTenantIds) await seedPrograms(owner, t, id, sizes.programs);
  await seedTrails(owner, a, t, bigTenantIds, sizes.breadcrumbs);
  await seedJobs(owner, j, bigTenantIds, sizes.jobs);
  await seedJobs(owner, j, small, 1);
  await seedDemoData(owner, j, [...bigTenantIds, ...small]);
  await analyze(owner, s);
  const facts = await owner.query<{ actors: string[]; runs: string[] }>(`
    SELECT array(SELECT DISTINCT actor_user_id FROM ${a}.breadcrumbs WHERE ecosystem_id = $1 AND position_commit >= $2 ORDER BY 1) AS actors,
           array(SELECT DISTINCT run_id FROM ${a}.breadcrumbs WHERE ecosystem_id = $1 AND run_id IS NOT NULL AND position_commit >= $2 ORDER BY 1) AS runs`,
    [demoEcosystemId, FIRST_POSITION]);
  return { bigTenantIds, actorIds: facts.rows[0].actors, runIds: facts.rows[0].runs, eventTypes: EVENT_TYPES };
}
