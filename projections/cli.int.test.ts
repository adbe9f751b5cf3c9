import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '../infra/eventstore/postgres';
import type { EventStore } from '../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { buildOf, newEvent } from './testing/fixtures';

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
    expect(auditLine(out.stdout)).toMatch(/^audit\s+v2\s+not started\s+-\s+0\s+25\s/);
  });

  it('rebuilds with a progress bar, then status shows the build serving with no lag', async () => {
    const first = await projections('rebuild', 'audit');
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toContain('audit: now serving from proj_audit_v2 (25 events)');
    expect(first.stderr).toMatch(/audit\s+\[.*\] 100% \| 25\/25 events \| \d+ ev\/s \| ETA 00:00/);

    const again = await projections('rebuild', 'audit');
    expect(again.stdout).toContain('audit: now serving from proj_audit_v2_r2 (25 events)');
    expect(await buildOf(db.ownerPool, 'proj_audit_v2')).toMatchObject({ status: 'retired' });

    const status = await projections('status', '--json');
    const rows = JSON.parse(status.stdout) as Array<{ name: string; schema: string; status: string; lag: number; position: { commit: string } }>;
    expect(rows.find((r) => r.name === 'audit')).toMatchObject({ schema: 'proj_audit_v2_r2', status: 'serving', lag: 0, eventsProcessed: 25 });
  });

  it('answers bad usage with the usage text and exit code 2', async () => {
    for (const args of [['frobnicate'], ['rebuild', 'audit', '--all']]) {
      const out = await projections(...args);
      expect(out.code).toBe(2);
      expect(out.stderr).toContain('usage: npm run projections -- status');
    }
    const unknown = await projections('rebuild', 'nope');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('unknown projection "nope"');
  });
});
