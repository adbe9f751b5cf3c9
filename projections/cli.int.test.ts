import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '../infra/eventstore/postgres';
import type { EventStore } from '../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { auditProjection } from './audit';
import { tenantsProjection } from './tenants';
import { buildOf, newEvent } from './testing/fixtures';

const AUDIT = `proj_audit_v${auditProjection.version}`;
const TENANTS = `proj_tenants_v${tenantsProjection.version}`;

const run = promisify(execFile);
const tsx = path.resolve(import.meta.dirname, '../node_modules/.bin/tsx');
const cli = path.resolve(import.meta.dirname, 'cli.ts');

let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
  for (let i = 0; i < 25; i++) await store.append(`thing-${i % 3}`, [newEvent('ThingHappened', { i })], { expectedRevision: 'any' });
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

async function projections(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(tsx, [cli, ...args], { env: { ...process.env, DATABASE_URL: db.url, NODE_ENV: 'test' } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const auditLine = (stdout: string) => stdout.split('\n').find((l) => l.startsWith('audit '));

describe('npm run projections', () => {
  it('shows a projection that never ran with the whole log as its lag', async () => {
    const out = await projections('status');
    expect(out.code).toBe(0);
    expect(out.stdout.split('\n')[0]).toMatch(/^PROJECTION\s+VERSION\s+STATUS\s+POSITION\s+EVENTS\s+LAG\s+UPDATED\s+NOTE$/);
    expect(auditLine(out.stdout)).toMatch(new RegExp(`^audit\\s+v${auditProjection.version}\\s+not started\\s+-\\s+0\\s+25\\s`));
  });

  it('rebuilds with a progress bar, then status shows the build serving with no lag', async () => {
    const first = await projections('rebuild', 'audit');
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toContain(`audit: now serving from ${AUDIT} (25 events)`);
    expect(first.stderr).toMatch(/audit\s+\[.*\] 100% \| 25\/25 events \| \d+ ev\/s \| ETA 00:00/);

    const again = await projections('rebuild', 'audit');
    expect(again.stdout).toContain(`audit: now serving from ${AUDIT}_r2 (25 events)`);
    expect(await buildOf(db.ownerPool, AUDIT)).toMatchObject({ status: 'retired' });

    const status = await projections('status', '--json');
    const rows = JSON.parse(status.stdout) as Array<{ name: string; schema: string; status: string; lag: number; position: { commit: string } }>;
    expect(rows.find((r) => r.name === 'audit')).toMatchObject({ schema: `${AUDIT}_r2`, status: 'serving', lag: 0, eventsProcessed: 25 });
  });

  it('shows a projection stopped by an event it cannot read as FAILED, and skips it as the named operator', async () => {
    const bad = { id: crypto.randomUUID(), stream: `program-${crypto.randomUUID()}` };
    const meta = newEvent('ProgramCreated', {}).metadata;
    const inserted = await db.ownerPool.query<{ p: string }>(
      `INSERT INTO events (stream_id, revision, event_id, type, data, metadata) VALUES ($1, 0, $2, 'ProgramCreated', '{"name": 7}', $3)
       RETURNING transaction_id::text || '/' || global_position::text AS p`, [bad.stream, bad.id, JSON.stringify(meta)]);
    const at = inserted.rows[0].p;

    const rebuild = await projections('rebuild', 'tenants');
    expect(rebuild.code).toBe(1);
    expect(rebuild.stdout).toContain(`tenants: ${TENANTS} is FAILED at ${at} (ProgramCreated ${bad.id}): Invalid data for event ProgramCreated`);
    const status = await projections('status');
    expect(status.stdout.split('\n').find((l) => l.startsWith('tenants '))).toMatch(
      new RegExp(`^tenants\\s+v${tenantsProjection.version}\\s+FAILED \\(serving\\)\\s.*FAILED at ${at} \\(ProgramCreated ${bad.id}\\): Invalid data`));
    expect(auditLine(status.stdout)).not.toContain('FAILED');

    const skipped = await projections('skip', 'tenants', at, '--operator', 'bob');
    expect(skipped).toMatchObject({ code: 0, stdout: expect.stringContaining(`tenants: skipped the event at ${at} in ${TENANTS} (recorded as done by operator bob)`) });
    expect((await buildOf(db.ownerPool, TENANTS))?.failure).toBeNull();
    const [record] = await store.readStream('projection-tenants');
    expect(record).toMatchObject({ type: 'ProjectionEventSkipped', metadata: { actor: { userId: 'operator:bob', role: 'OPERATOR' } } });
    expect((await projections('retry', 'tenants')).stdout).toContain('tenants: no build is FAILED');
    expect((await projections('skip', 'tenants', at))).toMatchObject({ code: 0 });
    expect(await store.readStream('projection-tenants')).toHaveLength(1);
  });

  it('lists the reactors under the projections, a FAILED one with its event, and retries or skips it by name', async () => {
    const first = await projections('status');
    const lines = first.stdout.split('\n');
    expect(lines.find((l) => l.startsWith('REACTOR'))).toMatch(/^REACTOR\s+STATUS\s+POSITION\s+EVENTS\s+LAG\s+UPDATED\s+NOTE$/);
    expect(lines.find((l) => l.startsWith('course_seats '))).toMatch(/^course_seats\s+not started\s+-\s+0\s+\?\s+-\s+starts with the app$/);

    const eventId = crypto.randomUUID();
    const failAt = (commit: number) => db.ownerPool.query(
      `INSERT INTO projections.reactor_checkpoints (name, failed_commit, failed_prepare, failed_event_id, failed_event_type, failed_error)
       VALUES ('course_seats', $1, 6, $2, 'CourseEnrolled', 'refused') ON CONFLICT (name) DO UPDATE
       SET failed_commit = $1, failed_prepare = 6, failed_event_id = $2, failed_event_type = 'CourseEnrolled', failed_error = 'refused'`, [commit, eventId]);
    await failAt(5);
    const failed = await projections('status');
    expect(failed.stdout.split('\n').find((l) => l.startsWith('course_seats '))).toMatch(
      new RegExp(`^course_seats\\s+FAILED\\s.*FAILED at 5/6 \\(CourseEnrolled ${eventId}\\): refused \\| npm run projections -- retry course_seats  or  skip course_seats 5/6$`));
    const json = JSON.parse((await projections('status', '--json')).stdout) as Array<{ kind?: string; name: string; status: string }>;
    expect(json.find((r) => r.kind === 'reactor')).toMatchObject({ name: 'course_seats', status: 'FAILED' });

    expect((await projections('retry', 'course_seats')).stdout).toContain('course_seats: the reactor will act on its event again');
    const row = async () => (await db.ownerPool.query('SELECT commit, failed_commit, skipped FROM projections.reactor_checkpoints')).rows[0] as Record<string, unknown>;
    expect(await row()).toMatchObject({ failed_commit: null });

    await failAt(7);
    const skipped = await projections('skip', 'course_seats', '7/6', '--operator', 'eve');
    expect(skipped).toMatchObject({ code: 0, stdout: expect.stringContaining('course_seats: the reactor skipped the event at 7/6 (recorded as done by operator eve)') });
    expect(await row()).toMatchObject({ commit: '7', failed_commit: null, skipped: [expect.objectContaining({ position: '7/6', operator: 'eve' })] });
    expect(await store.readStream('projection-course_seats')).toMatchObject([{ type: 'ProjectionEventSkipped', data: { build: 'reactor:course_seats' } }]);
  });

  it('answers bad usage with the usage text and exit code 2', async () => {
    for (const args of [['frobnicate'], ['rebuild', 'audit', '--all'], ['skip', 'audit']]) {
      const out = await projections(...args);
      expect(out.code).toBe(2);
      expect(out.stderr).toContain('usage: npm run projections -- status');
    }
    const unknown = await projections('rebuild', 'nope');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('unknown projection "nope"');
    expect((await projections('skip', 'audit', 'yesterday')).stderr).toContain('POSITION must be COMMIT/PREPARE');
  });
});
