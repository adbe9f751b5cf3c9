/**
 * The tenants read model (projections/README.md): `read.ecosystems`, `read.ecosystem_profiles`
 * (the public subset the branded landing and log-in pages show), `read.programs` and
 * `read.platform_ecosystem_config`. Handlers are idempotent: each write is guarded by the stream
 * revision stored on the row, so an event applied twice, or an older one after a newer, is a no-op.
 */
import type { PoolClient } from 'pg';
import type { EcosystemDetails } from '../../domain/ecosystem/config';
import { ecosystemEventSchemas } from '../../domain/ecosystem/events';
import { applyPatch } from '../../domain/ecosystem/patch';
import { platformConfigEventSchemas, PLATFORM_CONFIG_ID } from '../../domain/ecosystem/platform/events';
import type { ProgramDetails } from '../../domain/program/config';
import { programEventSchemas } from '../../domain/program/events';
import type { RecordedEvent } from '../../domain/shared/events';
import type { Projection, ProjectionContext } from '../types';
import { registerTenantBreadcrumbs } from './breadcrumbs';
import { tenantsIndexes, tenantsTables } from './tables';

export const TENANTS_PROJECTION = 'tenants';
export * from './queries';

registerTenantBreadcrumbs();

interface Stamp {
  revision: number;
  at: string;
}

const stampOf = (event: RecordedEvent): Stamp => ({ revision: event.revision, at: event.metadata.occurredAt });

async function writeEcosystem(ctx: ProjectionContext, id: string, d: EcosystemDetails, stamp: Stamp): Promise<void> {
  await ctx.client.query(
    `INSERT INTO ${ctx.table('ecosystems')} AS e (id, ecosystem_id, name, short_name, profile_id, type, organization_type, city, state,
       is_demo, archived, details, revision, created_at, updated_at)
     VALUES ($1, $1, $2, $3, $4, $5, $6, $7, $8, $9, false, $10, $11, $12, $12)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, short_name = EXCLUDED.short_name, profile_id = EXCLUDED.profile_id,
       type = EXCLUDED.type, organization_type = EXCLUDED.organization_type, city = EXCLUDED.city, state = EXCLUDED.state,
       is_demo = EXCLUDED.is_demo, details = EXCLUDED.details, revision = EXCLUDED.revision, updated_at = EXCLUDED.updated_at
     WHERE e.revision < EXCLUDED.revision`,
    [id, d.name, d.shortName, d.profileId, d.type, d.organizationType, d.city, d.state, d.isDemoEcosystem, JSON.stringify(d), stamp.revision, stamp.at]);
  await ctx.client.query(
    `INSERT INTO ${ctx.table('ecosystem_profiles')} AS p (ecosystem_id, profile_id, name, short_name, logo_source, background_source,
       tutor_term, tutee_term, module_term, supported_languages, landing, custom_banner, archived, revision)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, false, $13)
     ON CONFLICT (ecosystem_id) DO UPDATE SET profile_id = EXCLUDED.profile_id, name = EXCLUDED.name, short_name = EXCLUDED.short_name,
       logo_source = EXCLUDED.logo_source, background_source = EXCLUDED.background_source, tutor_term = EXCLUDED.tutor_term,
       tutee_term = EXCLUDED.tutee_term, module_term = EXCLUDED.module_term, supported_languages = EXCLUDED.supported_languages,
       landing = EXCLUDED.landing, custom_banner = EXCLUDED.custom_banner, revision = EXCLUDED.revision
     WHERE p.revision < EXCLUDED.revision`,
    [id, d.profileId, d.name, d.shortName, d.logoSource, d.backgroundSource, d.tutorTerm, d.tuteeTerm, d.moduleTerm,
      d.supportedLanguages, JSON.stringify(d.landing), JSON.stringify(d.customBannerConfig), stamp.revision]);
}

/** The row's details when `revision` is newer than the row; null when already applied (or no row). */
async function detailsBefore<T>(client: PoolClient, table: string, id: string, revision: number): Promise<T | null> {
  const r = await client.query<{ details: T }>(`SELECT details FROM ${table} WHERE id = $1 AND revision < $2 FOR UPDATE`, [id, revision]);
  return r.rows[0]?.details ?? null;
}

async function setEcosystemColumns(ctx: ProjectionContext, id: string, stamp: Stamp, set: string, values: unknown[]): Promise<void> {
  const n = values.length;
  await ctx.client.query(`UPDATE ${ctx.table('ecosystems')} SET ${set}, revision = $${n + 2}, updated_at = $${n + 3} WHERE id = $${n + 1} AND revision < $${n + 2}`,
    [...values, id, stamp.revision, stamp.at]);
}

async function setArchived(ctx: ProjectionContext, id: string, archived: boolean, stamp: Stamp): Promise<void> {
  await ctx.client.query(`UPDATE ${ctx.table('ecosystem_profiles')} SET archived = $2, revision = $3 WHERE ecosystem_id = $1 AND revision < $3`,
    [id, archived, stamp.revision]);
  await setEcosystemColumns(ctx, id, stamp, 'archived = $1', [archived]);
}

const ecosystemHandlers: Projection['handlers'] = {
  async EcosystemCreated(event, ctx) {
    const d = ecosystemEventSchemas.EcosystemCreated.parse(event.data);
    await writeEcosystem(ctx, d.ecosystemId, d.details, stampOf(event));
  },
  async EcosystemEdited(event, ctx) {
    const d = ecosystemEventSchemas.EcosystemEdited.parse(event.data);
    const before = await detailsBefore<EcosystemDetails>(ctx.client, ctx.table('ecosystems'), d.ecosystemId, event.revision);
    if (before) await writeEcosystem(ctx, d.ecosystemId, applyPatch<EcosystemDetails>(before, d.changes), stampOf(event));
  },
  async EcosystemArchived(event, ctx) {
    await setArchived(ctx, ecosystemEventSchemas.EcosystemArchived.parse(event.data).ecosystemId, true, stampOf(event));
  },
  async EcosystemUnarchived(event, ctx) {
    await setArchived(ctx, ecosystemEventSchemas.EcosystemUnarchived.parse(event.data).ecosystemId, false, stampOf(event));
  },
  async EcosystemMigratedToProgram(event, ctx) {
    const d = ecosystemEventSchemas.EcosystemMigratedToProgram.parse(event.data);
    await setEcosystemColumns(ctx, d.ecosystemId, stampOf(event), 'migrated_to_program_id = $1', [d.programId]);
  },
  async PlatformEcosystemConfigUpdated(event, ctx) {
    const d = platformConfigEventSchemas.PlatformEcosystemConfigUpdated.parse(event.data);
    await ctx.client.query(
      `INSERT INTO ${ctx.table('platform_ecosystem_config')} AS c (id, ecosystem_id, defaults, revision, updated_at) VALUES ($1, NULL, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET defaults = EXCLUDED.defaults, revision = EXCLUDED.revision, updated_at = EXCLUDED.updated_at
       WHERE c.revision < EXCLUDED.revision`,
      [PLATFORM_CONFIG_ID, JSON.stringify(d.defaults), event.revision, event.metadata.occurredAt]);
  },
};

async function writeProgram(ctx: ProjectionContext, ids: { programId: string; ecosystemId: string }, d: ProgramDetails, isDemo: boolean, stamp: Stamp): Promise<void> {
  await ctx.client.query(
    `INSERT INTO ${ctx.table('programs')} AS p (id, ecosystem_id, name, short_name, is_global, is_demo, archived, details, revision, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, false, $7, $8, $9, $9)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, short_name = EXCLUDED.short_name, is_global = EXCLUDED.is_global,
       details = EXCLUDED.details, revision = EXCLUDED.revision, updated_at = EXCLUDED.updated_at
     WHERE p.revision < EXCLUDED.revision`,
    [ids.programId, ids.ecosystemId, d.name, d.shortName, d.isGlobal, isDemo, JSON.stringify(d), stamp.revision, stamp.at]);
}

async function setProgramArchived(ctx: ProjectionContext, programId: string, archived: boolean, stamp: Stamp): Promise<void> {
  await ctx.client.query(`UPDATE ${ctx.table('programs')} SET archived = $2, revision = $3, updated_at = $4 WHERE id = $1 AND revision < $3`,
    [programId, archived, stamp.revision, stamp.at]);
}

const programHandlers: Projection['handlers'] = {
  async ProgramCreated(event, ctx) {
    const d = programEventSchemas.ProgramCreated.parse(event.data);
    await writeProgram(ctx, d, d.details, d.isDemo, stampOf(event));
  },
  async ProgramEdited(event, ctx) {
    const d = programEventSchemas.ProgramEdited.parse(event.data);
    const before = await detailsBefore<ProgramDetails>(ctx.client, ctx.table('programs'), d.programId, event.revision);
    // is_demo never changes after creation, so the upsert leaves it as the row has it.
    if (before) await writeProgram(ctx, d, applyPatch<ProgramDetails>(before, d.changes), false, stampOf(event));
  },
  async ProgramArchived(event, ctx) {
    await setProgramArchived(ctx, programEventSchemas.ProgramArchived.parse(event.data).programId, true, stampOf(event));
  },
  async ProgramUnarchived(event, ctx) {
    await setProgramArchived(ctx, programEventSchemas.ProgramUnarchived.parse(event.data).programId, false, stampOf(event));
  },
  async ProgramDeleted(event, ctx) {
    // Demo data only: the row goes entirely, so deleting demo data leaves no trace of it here.
    await ctx.client.query(`DELETE FROM ${ctx.table('programs')} WHERE id = $1`, [programEventSchemas.ProgramDeleted.parse(event.data).programId]);
  },
};

export const tenantsProjection: Projection = {
  name: TENANTS_PROJECTION,
  // 2: sort_name columns, list indexes created after a rebuild's load, the planner-friendly tenant policy (decision 0027).
  version: 2,
  tables: tenantsTables,
  indexes: tenantsIndexes,
  exposedTables: ['ecosystems', 'ecosystem_profiles', 'programs', 'platform_ecosystem_config'],
  handlers: { ...ecosystemHandlers, ...programHandlers },
};
