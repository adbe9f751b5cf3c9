import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ECOSYSTEM_CONFIG } from '../../domain/ecosystem/config';
import {
  archiveEcosystem, createEcosystem, editEcosystem, migrateEcosystemToProgram, unarchiveEcosystem, updatePlatformEcosystemConfig,
} from '../../domain/ecosystem/handlers';
import { archiveProgram, createProgram, deleteDemoProgram, editProgram } from '../../domain/program/handlers';
import type { CommandHandler, DomainEvent } from '../../domain/shared/decider';
import type { Position } from '../../domain/shared/events';
import { CommandBus } from '../../infra/commandbus';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { ProjectionRunner } from '../runner';
import { beginStatement } from '../scope-settings';
import { withTenantScope } from '../scope';
import {
  getEcosystemById, getEcosystemProfile, getPlatformEcosystemDefaults, getProgramById, getProgramsByIds, listPrograms,
  searchEcosystemProfiles, searchEcosystems, tenantsProjection,
} from '.';

let db: TestDatabase;
let store: EventStore;
let bus: CommandBus;
let runner: ProjectionRunner;
const A = randomUUID();
const B = randomUUID();
const C = randomUUID();
const programA = randomUUID();
const programB = randomUUID();
const demoProgram = randomUUID();
const migratedProgram = randomUUID();
const actor = { userId: randomUUID(), role: 'PLATFORM_ADMIN' as const };

let last: Position | null = null;
async function run<I, S, E extends DomainEvent>(handler: CommandHandler<I, S, E>, input: unknown, now = '2026-11-22T10:00:00.000Z'): Promise<void> {
  const result = await bus.dispatch(handler, input, { actor, commandId: randomUUID(), now });
  last = result.position ?? last;
}

async function caughtUp(): Promise<void> {
  if (last) expect(await runner.waitFor(last, ['tenants'], 10_000)).toBe(true);
}

const asTenant = <T>(ecosystemIds: string[], fn: (c: PoolClient) => Promise<T>) => withTenantScope(db.apiPool, { platformAdmin: false, ecosystemIds }, fn);
const asPlatformAdmin = <T>(fn: (c: PoolClient) => Promise<T>) => withTenantScope(db.apiPool, { platformAdmin: true, ecosystemIds: [] }, fn);
const all = { includeArchived: true, limit: 50, after: null };

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
  bus = new CommandBus(store);
  runner = new ProjectionRunner(db.ownerPool, store, [tenantsProjection], { pollIntervalMs: 10, onError: () => undefined });
  await runner.start();
  await run(createEcosystem, { ecosystemId: A, details: { name: 'Springfield Tutoring', shortName: 'Springfield', organizationType: 'PUBLIC_DISTRICT', city: 'Springfield' } });
  await run(editEcosystem, { ecosystemId: A, changes: { tutorTerm: 'Mentor', sessionSettings: { attendanceGraceMinutes: 5 } } }, '2026-11-22T11:00:00.000Z');
  await run(createEcosystem, { ecosystemId: B, details: { name: 'Shelbyville 100% Learning', organizationType: 'NON_PROFIT' } });
  await run(createEcosystem, { ecosystemId: C, details: { name: 'Capital City', organizationType: 'FOR_PROFIT', isDemoEcosystem: true } });
  await run(archiveEcosystem, { ecosystemId: C });
  await run(migrateEcosystemToProgram, { ecosystemId: B, programId: migratedProgram });
  await run(createProgram, { programId: programA, ecosystemId: A, details: { name: 'After-school Math' } });
  await run(editProgram, { programId: programA, changes: { name: 'Evening Math', subBoard: { visibleToTutors: false } } });
  await run(createProgram, { programId: programB, ecosystemId: B, details: { name: 'Reading' } });
  await run(archiveProgram, { programId: programB });
  await run(createProgram, { programId: demoProgram, ecosystemId: A, details: { name: 'Demo Program' }, isDemo: true });
  await run(deleteDemoProgram, { programId: demoProgram });
  await run(updatePlatformEcosystemConfig, { changes: { tuteeTerm: 'Student' } });
  await caughtUp();
});

afterAll(async () => {
  await runner.stop();
  await store.close();
  await db.drop();
});

describe('tenants projection: given ecosystem events, then rows', () => {
  it('keeps the searchable columns and the whole merged details of each ecosystem', async () => {
    const r = await db.ownerPool.query(
      `SELECT ecosystem_id = id AS own_tenant, name, short_name, profile_id, type, organization_type, city, is_demo, archived,
              details->>'tutorTerm' AS tutor_term, details->'sessionSettings'->>'attendanceGraceMinutes' AS grace, created_at, updated_at
         FROM read.ecosystems WHERE id = $1`, [A]);
    expect(r.rows).toEqual([{
      own_tenant: true, name: 'Springfield Tutoring', short_name: 'Springfield', profile_id: 'springfield', type: 'ECOSYSTEM',
      organization_type: 'PUBLIC_DISTRICT', city: 'Springfield', is_demo: false, archived: false, tutor_term: 'Mentor', grace: '5',
      created_at: new Date('2026-11-22T10:00:00.000Z'), updated_at: new Date('2026-11-22T11:00:00.000Z'),
    }]);
  });

  it('marks archived and migrated ecosystems, in the public profiles too', async () => {
    const r = await db.ownerPool.query(
      `SELECT e.id, e.archived, e.migrated_to_program_id, p.archived AS profile_archived, p.profile_id, p.tutor_term
         FROM read.ecosystems e JOIN read.ecosystem_profiles p ON p.ecosystem_id = e.id ORDER BY e.name`);
    expect(r.rows).toEqual([
      { id: C, archived: true, migrated_to_program_id: null, profile_archived: true, profile_id: 'capital-city', tutor_term: 'Leader' },
      { id: B, archived: false, migrated_to_program_id: migratedProgram, profile_archived: false, profile_id: 'shelbyville-100', tutor_term: 'Leader' },
      { id: A, archived: false, migrated_to_program_id: null, profile_archived: false, profile_id: 'springfield', tutor_term: 'Mentor' },
    ]);
  });

  it('unarchiving shows the ecosystem again', async () => {
    await run(unarchiveEcosystem, { ecosystemId: C });
    await caughtUp();
    const r = await db.ownerPool.query('SELECT e.archived, p.archived AS p FROM read.ecosystems e JOIN read.ecosystem_profiles p ON p.ecosystem_id = e.id WHERE e.id = $1', [C]);
    expect(r.rows).toEqual([{ archived: false, p: false }]);
    await run(archiveEcosystem, { ecosystemId: C });
    await caughtUp();
  });

  it('keeps programs with their tenant, renamed and archived; a deleted demo program leaves no row', async () => {
    const r = await db.ownerPool.query(`SELECT id, ecosystem_id, name, short_name, archived, is_demo, details->'subBoard' AS sub_board FROM read.programs ORDER BY name`);
    expect(r.rows).toEqual([
      { id: programA, ecosystem_id: A, name: 'Evening Math', short_name: 'After-school Math', archived: false, is_demo: false, sub_board: { enabled: true, visibleToTutors: false } },
      { id: programB, ecosystem_id: B, name: 'Reading', short_name: 'Reading', archived: true, is_demo: false, sub_board: { enabled: true, visibleToTutors: true } },
    ]);
  });

  it('keeps the platform defaults in one row that only platform admins see', async () => {
    expect(await asPlatformAdmin((c) => getPlatformEcosystemDefaults(c))).toEqual({ ...DEFAULT_ECOSYSTEM_CONFIG, tuteeTerm: 'Student' });
    expect(await asTenant([A], (c) => getPlatformEcosystemDefaults(c))).toBeNull();
  });

  it('re-applying an older event to a newer row changes nothing', async () => {
    const [createdA] = await store.readStream(`ecosystem-${A}`);
    const [createdProgram] = await store.readStream(`program-${programA}`);
    const client = await db.ownerPool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT set_config('app.platform_admin', 'on', true)`);
      const ctx = { client, table: (t: string) => `"proj_tenants_v${tenantsProjection.version}"."${t}"` };
      await tenantsProjection.handlers.EcosystemCreated(createdA, ctx);
      await tenantsProjection.handlers.ProgramCreated(createdProgram, ctx);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const r = await db.ownerPool.query(`SELECT (SELECT details->>'tutorTerm' FROM read.ecosystems WHERE id = $1) AS term, (SELECT name FROM read.programs WHERE id = $2) AS name`, [A, programA]);
    expect(r.rows[0]).toEqual({ term: 'Mentor', name: 'Evening Math' });
  });
});

describe('tenants queries under tenant isolation', () => {
  it('an ecosystem scope sees its own ecosystem and programs only; platform admins see all', async () => {
    expect((await asTenant([A], (c) => searchEcosystems(c, null, all))).map((e) => e.id)).toEqual([A]);
    expect(await asTenant([A], (c) => getEcosystemById(c, B))).toBeNull();
    expect((await asTenant([A], (c) => listPrograms(c, null, all))).map((p) => p.id)).toEqual([programA]);
    expect(await asTenant([A], (c) => getProgramsByIds(c, [programA, programB]))).toHaveLength(1);
    expect((await asPlatformAdmin((c) => listPrograms(c, null, all))).map((p) => p.name)).toEqual(['Evening Math', 'Reading']);
  });

  it('rows come back as the API shows them: details spread, flags and dates alongside', async () => {
    const eco = await asTenant([A], (c) => getEcosystemById(c, A));
    expect(eco).toMatchObject({ id: A, name: 'Springfield Tutoring', tutorTerm: 'Mentor', archived: false, migratedToProgramId: null, sortKey: 'springfield tutoring' });
    expect(eco?.sessionSettings.sessionDurations).toEqual([30, 45, 60, 90]);
    const program = await asTenant([A], (c) => getProgramById(c, programA));
    expect(program).toMatchObject({ id: programA, ecosystemId: A, name: 'Evening Math', isDemo: false, archived: false });
  });

  it('searches by name, short name, profile id or city, takes wildcards literally, and pages by name', async () => {
    const names = async (term: string | null, includeArchived = false) =>
      (await asPlatformAdmin((c) => searchEcosystems(c, term, { includeArchived, limit: 10, after: null }))).map((e) => e.name);
    expect(await names('spring')).toEqual(['Springfield Tutoring']);
    expect(await names('100%')).toEqual(['Shelbyville 100% Learning']);
    expect(await names('%')).toEqual(['Shelbyville 100% Learning']);
    expect(await names('_')).toEqual([]);
    expect(await names(null)).toEqual(['Shelbyville 100% Learning', 'Springfield Tutoring']);
    expect(await names('  ', true)).toEqual(['Capital City', 'Shelbyville 100% Learning', 'Springfield Tutoring']);
    const first = await asPlatformAdmin((c) => searchEcosystems(c, null, { includeArchived: true, limit: 1, after: null }));
    const next = await asPlatformAdmin((c) => searchEcosystems(c, null, { includeArchived: true, limit: 5, after: [first[0].sortKey, first[0].id] }));
    expect(next.map((e) => e.name)).toEqual(['Shelbyville 100% Learning', 'Springfield Tutoring']);
  });

  it('public profiles are readable with no tenant at all, archived ones only by profile id', async () => {
    expect(await asTenant([], (c) => getEcosystemProfile(c, 'springfield'))).toMatchObject({
      ecosystemId: A, name: 'Springfield Tutoring', tutorTerm: 'Mentor', supportedLanguages: ['en', 'sp'], archived: false,
      landing: { howItWorksEnabled: true },
    });
    expect(await asTenant([], (c) => getEcosystemProfile(c, 'capital-city'))).toMatchObject({ archived: true });
    expect((await asTenant([], (c) => searchEcosystemProfiles(c, 'i', { limit: 10, after: null }))).map((p) => p.profileId))
      .toEqual(['shelbyville-100', 'springfield']);
    expect(await asTenant([], (c) => searchEcosystems(c, null, all))).toEqual([]);
  });
});

describe('prepared point reads (decision 0032)', () => {
  it('stay right on a connection that prepared them before a rebuild switched the views, and see later writes', async () => {
    const client = await db.apiPool.connect();
    const scoped = async <T>(fn: (c: PoolClient) => Promise<T>): Promise<T> => {
      await client.query(beginStatement({ platformAdmin: false, ecosystemIds: [A] }));
      try {
        return await fn(client);
      } finally {
        await client.query('COMMIT');
      }
    };
    try {
      expect((await scoped((c) => getEcosystemById(c, A)))?.tutorTerm).toBe('Mentor');
      expect((await scoped((c) => getProgramsByIds(c, [programA])))[0]?.name).toBe('Evening Math');
      await runner.rebuild(['tenants']);
      await run(editProgram, { programId: programA, changes: { name: 'Evening Math Club' } });
      await run(editEcosystem, { ecosystemId: A, changes: { tutorTerm: 'Coach' } });
      await caughtUp();
      expect((await scoped((c) => getEcosystemById(c, A)))?.tutorTerm).toBe('Coach');
      expect((await scoped((c) => getProgramsByIds(c, [programA])))[0]?.name).toBe('Evening Math Club');
      expect(await scoped((c) => getProgramById(c, programB))).toBeNull();
    } finally {
      client.release();
    }
  });
});
