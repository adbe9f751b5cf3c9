import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Position } from '../../domain/shared/events';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { ProjectionRunner } from '../runner';
import { withTenantScope } from '../scope';
import { newEvent, TENANT_A, TENANT_B } from '../testing/fixtures';
import { auditProjection, listBreadcrumbs, registerBreadcrumbDescriber } from './index';

const PROGRAM = '9a8b7c6d-0000-4000-8000-000000000001';
const OTHER = '9a8b7c6d-0000-4000-8000-000000000002';
const ADMIN = '22222222-2222-4222-8222-222222222222';

let db: TestDatabase;
let store: EventStore;
let runner: ProjectionRunner;
let last: Position;

registerBreadcrumbDescriber('ProgramRenamedForAudit', (e) => {
  const d = e.data as { from: string; to: string };
  return { summary: `Renamed program ${d.from} to ${d.to}`, changes: { name: d.to } };
});

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
  runner = new ProjectionRunner(db.ownerPool, store, [auditProjection], { pollIntervalMs: 10, batchSize: 2 });
  await runner.start();
  const meta = { ecosystemId: TENANT_A, programId: PROGRAM, userId: ADMIN, role: 'PROGRAM_ADMIN' as const };
  await store.append(`program-${PROGRAM}`, [
    newEvent('ProgramCreatedForAudit', { name: 'Algebra', secretToken: 'x' }, { ...meta, occurredAt: '2026-11-01T09:00:00.000Z' }),
    newEvent('ProgramRenamedForAudit', { from: 'Algebra', to: 'Algebra I' }, { ...meta, occurredAt: '2026-11-02T09:00:00.000Z' }),
  ], { expectedRevision: 'any' });
  for (let i = 0; i < 5; i++) {
    await store.append(`session-${OTHER}`, [newEvent('SessionNoted', { n: i }, { ...meta, programId: null })], { expectedRevision: 'any' });
  }
  last = (await store.append(`ecosystem-${TENANT_B}`, [newEvent('EcosystemArchived', {}, { ecosystemId: TENANT_B })], { expectedRevision: 'any' })).position;
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
    const page = await asTenant([TENANT_A], (c) => listBreadcrumbs(c, { ecosystemId: TENANT_A, first: 10, targetId: PROGRAM }));
    expect(page.rows.map(({ cursor: _c, eventId: _e, commandId: _m, correlationId: _r, ...rest }) => rest)).toEqual([
      {
        ecosystemId: TENANT_A, programId: PROGRAM, occurredAt: '2026-11-02T09:00:00.000Z', actorUserId: ADMIN, actorRole: 'PROGRAM_ADMIN',
        targetType: 'program', targetId: PROGRAM, eventType: 'ProgramRenamedForAudit', summary: 'Renamed program Algebra to Algebra I',
        changes: { name: 'Algebra I' },
      },
      {
        ecosystemId: TENANT_A, programId: PROGRAM, occurredAt: '2026-11-01T09:00:00.000Z', actorUserId: ADMIN, actorRole: 'PROGRAM_ADMIN',
        targetType: 'program', targetId: PROGRAM, eventType: 'ProgramCreatedForAudit', summary: `ProgramCreatedForAudit on program ${PROGRAM}`,
        changes: { name: 'Algebra', secretToken: '[redacted]' },
      },
    ]);
    expect(page).toMatchObject({ hasNextPage: false, endCursor: page.rows[1].cursor });
  });

  it('pages newest first with cursors until the oldest entry', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const page = await asTenant([TENANT_A], (c) => listBreadcrumbs(c, { ecosystemId: TENANT_A, first: 3, after }));
      seen.push(...page.rows.map((r) => r.eventType));
      pages += 1;
      if (!page.hasNextPage) break;
      after = page.endCursor;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(['SessionNoted', 'SessionNoted', 'SessionNoted', 'SessionNoted', 'SessionNoted', 'ProgramRenamedForAudit', 'ProgramCreatedForAudit']);
  });

  it('shows a tenant none of another tenant\'s entries, even when asked for them', async () => {
    expect((await asTenant([TENANT_A], (c) => listBreadcrumbs(c, { ecosystemId: TENANT_B, first: 10 }))).rows).toEqual([]);
    const b = await asTenant([TENANT_B], (c) => listBreadcrumbs(c, { ecosystemId: TENANT_B, first: 10 }));
    expect(b.rows.map((r) => r.summary)).toEqual([`EcosystemArchived on ecosystem ${TENANT_B}`]);
  });

  it('rejects a malformed cursor or page size as bad input', async () => {
    await expect(asTenant([TENANT_A], (c) => listBreadcrumbs(c, { ecosystemId: TENANT_A, first: 3, after: 'bm90LWEtY3Vyc29y' })))
      .rejects.toMatchObject({ code: 'BAD_USER_INPUT', fields: { after: 'Invalid cursor.' } });
    await expect(asTenant([TENANT_A], (c) => listBreadcrumbs(c, { ecosystemId: TENANT_A, first: 10_000 })))
      .rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('keeps exactly one row per event of the log', async () => {
    const total = (await store.readAll({ limit: 1000 })).length;
    const r = await db.ownerPool.query('SELECT count(*)::int AS n FROM read.breadcrumbs');
    expect(r.rows[0].n).toBe(total);
  });
});
