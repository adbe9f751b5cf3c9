import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent, Position } from '../../domain/shared/events';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { ProjectionRunner } from '../runner';
import { withTenantScope } from '../scope';
import { newEvent, TENANT_A, TENANT_B } from '../testing/fixtures';
import { auditProjection, breadcrumbFacets, breadcrumbTargets, listBreadcrumbEntries, listBreadcrumbs, registerBreadcrumbDescriber } from './index';

const PROGRAM = '9a8b7c6d-0000-4000-8000-000000000001';
const OTHER = '9a8b7c6d-0000-4000-8000-000000000002';
const ADMIN = '22222222-2222-4222-8222-222222222222';
const STAFF = '33333333-3333-4333-8333-333333333333';
const JOB = '44444444-4444-4444-8444-444444444444';

let db: TestDatabase;
let store: EventStore;
let runner: ProjectionRunner;
let last: Position;

registerBreadcrumbDescriber('ProgramRenamedForAudit', (e) => {
  const d = e.data as { from: string; to: string };
  return { summary: `Renamed program ${d.from} to ${d.to}`, changes: { name: d.to }, targetName: d.to };
});

/** A job step dispatched by the job's run: correlated by the job id, acting for who started it. */
function step(type: string, stream: string, data: unknown, occurredAt: string): [string, NewEvent] {
  const e = newEvent(type, data, { userId: STAFF, role: 'PLATFORM_ADMIN', occurredAt });
  return [stream, { ...e, metadata: { ...e.metadata, correlationId: JOB } }];
}

async function append(stream: string, events: NewEvent[]): Promise<Position> {
  return (await store.append(stream, events, { expectedRevision: 'any' })).position;
}

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
  // Batches of two: runs and names must carry across batch boundaries.
  runner = new ProjectionRunner(db.ownerPool, store, [auditProjection], { pollIntervalMs: 10, batchSize: 2 });
  await runner.start();
  await append(`user-${STAFF}`, [newEvent('UserRegistered', {
    userId: STAFF, email: 'pat@platform.example', firstName: 'Patricia', preferredName: 'Pat', lastName: 'Admin', passwordHash: '$argon2id$x', platformAdmin: true,
  }, { ecosystemId: null, userId: '00000000-0000-4000-8000-000000000000', role: 'SYSTEM' })]);
  const meta = { ecosystemId: TENANT_A, programId: PROGRAM, userId: ADMIN, role: 'SUPER_ADMIN' as const };
  await append(`program-${PROGRAM}`, [
    newEvent('ProgramCreatedForAudit', { name: 'Algebra', secretToken: 'x' }, { ...meta, occurredAt: '2026-11-01T09:00:00.000Z' }),
    newEvent('ProgramRenamedForAudit', { from: 'Algebra', to: 'Algebra I' }, { ...meta, occurredAt: '2026-11-02T09:00:00.000Z' }),
  ]);
  await append(`batchjob-${JOB}`, [newEvent('BatchJobQueued', { jobId: JOB, ecosystemId: TENANT_A, jobName: 'createEcosystemDemoData', metadata: {}, createdBy: STAFF },
    { userId: STAFF, role: 'PLATFORM_ADMIN', occurredAt: '2026-11-03T09:00:00.000Z' })]);
  // Someone else acts while the job runs: their action stays a row of its own.
  await append(`session-${OTHER}`, [newEvent('SessionNoted', { n: 0 }, { ...meta, programId: null, occurredAt: '2026-11-03T09:00:01.000Z' })]);
  for (const [stream, event] of [
    step('BatchJobStarted', `batchjob-${JOB}`, { jobId: JOB, total: 2 }, '2026-11-03T09:00:02.000Z'),
    step('DemoDataItemAdded', `demodata-${TENANT_A}`, { item: { kind: 'program', label: 'Demo one' } }, '2026-11-03T09:00:03.000Z'),
    step('DemoDataItemAdded', `demodata-${TENANT_A}`, { item: { kind: 'program', label: 'Demo two' } }, '2026-11-03T09:00:04.000Z'),
    step('BatchJobFinished', `batchjob-${JOB}`, { jobId: JOB, result: {} }, '2026-11-03T09:00:05.000Z'),
  ]) await append(stream, [event]);
  for (let i = 1; i < 4; i++) await append(`session-${OTHER}`, [newEvent('SessionNoted', { n: i }, { ...meta, programId: null, occurredAt: `2026-11-0${4 + i}T09:00:00.000Z` })]);
  last = await append(`ecosystem-${TENANT_B}`, [newEvent('EcosystemArchived', {}, { ecosystemId: TENANT_B })]);
  expect(await runner.waitFor(last, ['audit'], 10_000)).toBe(true);
});
afterAll(async () => {
  await runner.stop();
  await store.close();
  await db.drop();
});

const asTenant = <T>(ids: string[], fn: Parameters<typeof withTenantScope<T>>[2]) =>
  withTenantScope(db.apiPool, { platformAdmin: false, ecosystemIds: ids }, fn);

describe('audit projection', () => {
  it('turns every event into an entry with actor, time, target, summary and changes', async () => {
    const page = await asTenant([TENANT_A], (c) => listBreadcrumbs(c, { ecosystemId: TENANT_A, first: 10, filter: { targetId: PROGRAM } }));
    expect(page.rows.map(({ cursor: _c, eventId: _e, commandId: _m, correlationId: _r, ...rest }) => rest)).toEqual([
      {
        ecosystemId: TENANT_A, programId: PROGRAM, occurredAt: '2026-11-02T09:00:00.000Z', actorUserId: ADMIN, actorRole: 'SUPER_ADMIN', actorName: null,
        targetType: 'program', targetId: PROGRAM, targetName: 'Algebra I', eventType: 'ProgramRenamedForAudit', summary: 'Renamed program Algebra to Algebra I',
        changes: { name: 'Algebra I' }, runId: null, unreadable: null,
      },
      {
        ecosystemId: TENANT_A, programId: PROGRAM, occurredAt: '2026-11-01T09:00:00.000Z', actorUserId: ADMIN, actorRole: 'SUPER_ADMIN', actorName: null,
        targetType: 'program', targetId: PROGRAM, targetName: 'Algebra I', eventType: 'ProgramCreatedForAudit', summary: `ProgramCreatedForAudit on program ${PROGRAM}`,
        changes: { name: 'Algebra', secretToken: '[redacted]' }, runId: null, unreadable: null,
      },
    ]);
    expect(page).toMatchObject({ hasNextPage: false, endCursor: page.rows[1].cursor });
  });

  it('names a platform admin who acted in the ecosystem, though they are none of its members', async () => {
    const page = await asTenant([TENANT_A], (c) => listBreadcrumbs(c, { ecosystemId: TENANT_A, first: 1, filter: { actorUserIds: [STAFF] } }));
    expect(page.rows[0]).toMatchObject({ actorUserId: STAFF, actorRole: 'PLATFORM_ADMIN', actorName: 'Pat Admin' });
  });

  it('folds a job run\'s steps into one entry placed where the job was queued, other actions staying rows of their own', async () => {
    const page = await asTenant([TENANT_A], (c) => listBreadcrumbEntries(c, { ecosystemId: TENANT_A, first: 20 }));
    expect(page.rows.map((e) => [e.head.eventType, e.stepCount, e.run?.status ?? null])).toEqual([
      ['SessionNoted', 1, null], ['SessionNoted', 1, null], ['SessionNoted', 1, null],
      ['SessionNoted', 1, null],
      ['BatchJobQueued', 5, 'FINISHED'],
      ['ProgramRenamedForAudit', 1, null], ['ProgramCreatedForAudit', 1, null],
    ]);
    const run = page.rows[4];
    expect(run).toMatchObject({ run: { runId: JOB, jobName: 'createEcosystemDemoData' }, lastOccurredAt: '2026-11-03T09:00:05.000Z', head: { actorName: 'Pat Admin' } });
    const steps = await asTenant([TENANT_A], (c) => listBreadcrumbs(c, { ecosystemId: TENANT_A, first: 10, order: 'oldest', filter: { runId: JOB } }));
    expect(steps.rows.map((r) => r.eventType)).toEqual(['BatchJobQueued', 'BatchJobStarted', 'DemoDataItemAdded', 'DemoDataItemAdded', 'BatchJobFinished']);
  });

  it('filters by actor, action, target and date range on the server, counting only matching steps', async () => {
    const entries = (filter: Parameters<typeof listBreadcrumbEntries>[1]['filter']) =>
      asTenant([TENANT_A], (c) => listBreadcrumbEntries(c, { ecosystemId: TENANT_A, first: 20, filter }));
    expect((await entries({ actorUserIds: [ADMIN] })).rows).toHaveLength(6);
    const added = await entries({ eventTypes: ['DemoDataItemAdded'] });
    expect(added.rows.map((e) => [e.head.eventType, e.stepCount])).toEqual([['DemoDataItemAdded', 2]]);
    expect((await entries({ targetType: 'program' })).rows.map((e) => e.head.eventType)).toEqual(['ProgramRenamedForAudit', 'ProgramCreatedForAudit']);
    expect((await entries({ targetType: 'session', targetId: OTHER })).rows).toHaveLength(4);
    const range = await entries({ from: '2026-11-02T00:00:00.000Z', to: '2026-11-05T00:00:00.000Z' });
    expect(range.rows.map((e) => e.head.eventType)).toEqual(['SessionNoted', 'BatchJobQueued', 'ProgramRenamedForAudit']);
    expect((await entries({ actorUserIds: [randomUUID()] })).rows).toEqual([]);
  });

  it('pages entries newest first with cursors until the oldest', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const page = await asTenant([TENANT_A], (c) => listBreadcrumbEntries(c, { ecosystemId: TENANT_A, first: 3, after }));
      seen.push(...page.rows.map((r) => r.head.eventType));
      pages += 1;
      if (!page.hasNextPage) break;
      after = page.endCursor;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(7);
    expect(new Set(seen.map((s, i) => `${s}${i}`)).size).toBe(7);
  });

  it('offers the actors, actions and targets that occur, with their names', async () => {
    const facets = await asTenant([TENANT_A], (c) => breadcrumbFacets(c, TENANT_A));
    expect(facets.actors).toEqual([{ userId: STAFF, name: 'Pat Admin', role: 'PLATFORM_ADMIN' }, { userId: ADMIN, name: null, role: 'SUPER_ADMIN' }]);
    expect(facets.eventTypes).toEqual(['BatchJobFinished', 'BatchJobQueued', 'BatchJobStarted', 'DemoDataItemAdded', 'ProgramCreatedForAudit', 'ProgramRenamedForAudit', 'SessionNoted']);
    expect(facets.targetTypes).toEqual(['batchjob', 'demodata', 'program', 'session']);
    expect(await asTenant([TENANT_A], (c) => breadcrumbTargets(c, { ecosystemId: TENANT_A, targetType: 'program', first: 10 })))
      .toEqual([{ targetType: 'program', targetId: PROGRAM, name: 'Algebra I' }]);
    expect(await asTenant([TENANT_A], (c) => breadcrumbTargets(c, { ecosystemId: TENANT_A, search: 'algeb', first: 10 }))).toHaveLength(1);
    expect(await asTenant([TENANT_A], (c) => breadcrumbTargets(c, { ecosystemId: TENANT_A, search: '%', first: 10 }))).toEqual([]);
  });

  it('shows a tenant none of another tenant\'s entries or facets, even when asked for them', async () => {
    expect((await asTenant([TENANT_A], (c) => listBreadcrumbEntries(c, { ecosystemId: TENANT_B, first: 10 }))).rows).toEqual([]);
    expect((await asTenant([TENANT_A], (c) => breadcrumbFacets(c, TENANT_B))).eventTypes).toEqual([]);
    const b = await asTenant([TENANT_B], (c) => listBreadcrumbs(c, { ecosystemId: TENANT_B, first: 10 }));
    expect(b.rows.map((r) => r.summary)).toEqual([`EcosystemArchived on ecosystem ${TENANT_B}`]);
  });

  it('rejects a malformed cursor or page size as bad input', async () => {
    await expect(asTenant([TENANT_A], (c) => listBreadcrumbEntries(c, { ecosystemId: TENANT_A, first: 3, after: 'bm90LWEtY3Vyc29y' })))
      .rejects.toMatchObject({ code: 'BAD_USER_INPUT', fields: { after: { key: 'common.invalidCursor' } } });
    await expect(asTenant([TENANT_A], (c) => listBreadcrumbs(c, { ecosystemId: TENANT_A, first: 10_000 })))
      .rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('keeps exactly one row per event of the log', async () => {
    const total = (await store.readAll({ limit: 1000 })).length;
    const r = await db.ownerPool.query('SELECT count(*)::int AS n FROM read.breadcrumbs');
    expect(r.rows[0].n).toBe(total);
  });

  it('serves a filtered page by walking an index in entry order, not by sorting the trail', async () => {
    const client = await db.ownerPool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT DISTINCT entry_commit, entry_prepare FROM read.breadcrumbs b
        WHERE b.ecosystem_id = $1 AND b.actor_user_id = $2 ORDER BY entry_commit DESC, entry_prepare DESC LIMIT 51`,
      [TENANT_A, ADMIN]);
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      // An index walk in entry order, folded as it streams: no sort of the whole trail before the limit
      // (tests/plans/page-plans.int.test.ts holds every page query to this on thousands of rows).
      expect(text).toMatch(/Index (Only )?Scan using breadcrumbs_\w*entries_idx/);
      expect(text).toMatch(/Unique/);
      expect(text).not.toMatch(/\bSort\b/);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  });
});

describe('audit facets', () => {
  /** The transaction that last wrote each facet row of a tenant (read from the serving build's table). */
  async function writers(tenant: string): Promise<Map<string, string>> {
    const schema = (await db.ownerPool.query<{ schema_name: string }>(`SELECT schema_name FROM projections.checkpoints WHERE name = 'audit' AND status = 'serving'`)).rows[0].schema_name;
    const r = await db.ownerPool.query<{ key: string; writer: string }>(
      `SELECT kind || ':' || value AS key, xmin::text AS writer FROM "${schema}".breadcrumb_facets WHERE ecosystem_id = $1`, [tenant]);
    return new Map(r.rows.map((row) => [row.key, row.writer]));
  }

  it('rewrites a facet only when its label or detail changes, not for every event that names it', async () => {
    const tenant = randomUUID();
    const program = randomUUID();
    const meta = { ecosystemId: tenant, programId: program, userId: ADMIN, role: 'SUPER_ADMIN' as const };
    await append(`program-${program}`, [newEvent('ProgramCreatedForAudit', { name: 'Geometry' }, meta)]);
    expect(await runner.waitFor(await append(`session-${program}`, [newEvent('SessionNoted', { n: 1 }, meta)]), ['audit'], 10_000)).toBe(true);
    const before = await writers(tenant);
    await append(`session-${program}`, [newEvent('SessionNoted', { n: 2 }, meta)]);
    const renamed = await append(`program-${program}`, [newEvent('ProgramRenamedForAudit', { from: 'Geometry', to: 'Geometry II' }, meta)]);
    expect(await runner.waitFor(renamed, ['audit'], 10_000)).toBe(true);
    const after = await writers(tenant);
    // The same actor, action and session again: those rows are as they were.
    for (const key of [`actor:${ADMIN}`, 'action:SessionNoted', `target:session:${program}`]) expect(after.get(key), key).toBe(before.get(key));
    // A new name is written.
    expect(after.get(`target:program:${program}`)).not.toBe(before.get(`target:program:${program}`));
    const targets = await asTenant([tenant], (c) => breadcrumbTargets(c, { ecosystemId: tenant, targetType: 'program', first: 10 }));
    expect(targets.map((t) => t.name)).toEqual(['Geometry II']);
  });
});
