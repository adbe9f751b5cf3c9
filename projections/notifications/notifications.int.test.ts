import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { ProjectionRunner } from '../runner';
import { withTenantScope } from '../scope';
import { newEvent, TENANT_A, TENANT_B } from '../testing/fixtures';
import { countUnreadNotifications, listNotifications, NOTIFICATIONS_CHANNEL, notificationsProjection, unreadNotificationIds } from '.';

let db: TestDatabase;
let store: EventStore;
let runner: ProjectionRunner;
const ana = randomUUID();
const bob = randomUUID();
const first = randomUUID();
const second = randomUUID();
const platform = randomUUID();
const bobs = randomUUID();

const posted = (notificationId: string, recipientUserId: string, ecosystemId: string | null, postedAt: string) => newEvent('NotificationPosted', {
  notificationId, ecosystemId, recipientUserId, kind: 'SESSION_CANCELLED', params: { subject: 'Algebra', seats: 2 }, link: '/sessions', postedAt,
}, { ecosystemId, occurredAt: postedAt });

async function project(stream: string, events: ReturnType<typeof newEvent>[]): Promise<void> {
  const r = await store.append(stream, events, { expectedRevision: 'any' });
  expect(await runner.waitFor(r.position, ['notifications'], 10_000)).toBe(true);
}

const as = <T>(viewerId: string | null, ecosystemIds: string[], fn: (c: pg.PoolClient) => Promise<T>, platformAdmin = false) =>
  withTenantScope(db.apiPool, { platformAdmin, ecosystemIds, viewerId }, fn);

let heard: string[] = [];
let listener: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
  runner = new ProjectionRunner(db.ownerPool, store, [notificationsProjection], { pollIntervalMs: 10, onError: () => undefined });
  await runner.start();
  listener = new pg.Client({ connectionString: db.url });
  await listener.connect();
  listener.on('notification', (msg) => heard.push(msg.payload ?? ''));
  await listener.query(`LISTEN ${NOTIFICATIONS_CHANNEL}`);
  await project(`notification-${first}`, [posted(first, ana, TENANT_A, '2026-11-22T10:00:00.000Z')]);
  await project(`notification-${second}`, [posted(second, ana, TENANT_A, '2026-11-22T11:00:00.000Z')]);
  await project(`notification-${platform}`, [posted(platform, ana, null, '2026-11-22T12:00:00.000Z')]);
  await project(`notification-${bobs}`, [posted(bobs, bob, TENANT_A, '2026-11-22T13:00:00.000Z')]);
});

afterAll(async () => {
  await listener.end();
  await runner.stop();
  await store.close();
  await db.drop();
});

describe('notifications projection', () => {
  it('shows a person their own notifications, newest first, with platform ones, and counts the unread', async () => {
    const rows = await as(ana, [TENANT_A], (c) => listNotifications(c, ana, { limit: 10 }));
    expect(rows.map((r) => r.id)).toEqual([platform, second, first]);
    expect(rows[2]).toMatchObject({ ecosystemId: TENANT_A, recipientUserId: ana, kind: 'SESSION_CANCELLED', params: { subject: 'Algebra', seats: 2 },
      link: '/sessions', postedAt: '2026-11-22T10:00:00.000Z', readAt: null });
    expect(await as(ana, [TENANT_A], (c) => countUnreadNotifications(c, ana))).toBe(3);
  });

  it('never shows them to another person, not even a platform admin or a colleague asking by their id', async () => {
    expect(await as(bob, [TENANT_A], (c) => listNotifications(c, ana, { limit: 10 }))).toEqual([]);
    expect(await as(bob, [TENANT_A], (c) => countUnreadNotifications(c, ana))).toBe(0);
    expect(await as(bob, [], (c) => listNotifications(c, ana, { limit: 10 }), true)).toEqual([]);
    expect(await as(null, [TENANT_A], (c) => listNotifications(c, ana, { limit: 10 }))).toEqual([]);
  });

  it('keeps tenant isolation: out of the tenant scope only the platform notifications show', async () => {
    expect((await as(ana, [TENANT_B], (c) => listNotifications(c, ana, { limit: 10 }))).map((r) => r.id)).toEqual([platform]);
  });

  it('pages by keyset and marks read once, so a repeated read event changes nothing', async () => {
    const page = await as(ana, [TENANT_A], (c) => listNotifications(c, ana, { limit: 1, after: ['2026-11-22T11:00:00.000Z', second] }));
    expect(page.map((r) => r.id)).toEqual([first]);
    const read = newEvent('NotificationRead', { notificationId: first, readAt: '2026-11-22T14:00:00.000Z' });
    await project(`notification-${first}`, [read]);
    heard = [];
    await project(`notification-${first}`, [newEvent('NotificationRead', { notificationId: first, readAt: '2026-11-22T15:00:00.000Z' })]);
    const rows = await as(ana, [TENANT_A], (c) => listNotifications(c, ana, { limit: 10 }));
    expect(rows.find((r) => r.id === first)?.readAt).toBe('2026-11-22T14:00:00.000Z');
    expect(await as(ana, [TENANT_A], (c) => countUnreadNotifications(c, ana))).toBe(2);
    expect(await as(ana, [TENANT_A], (c) => unreadNotificationIds(c, ana, 10))).toEqual([second, platform]);
    expect((await as(ana, [TENANT_A], (c) => listNotifications(c, ana, { limit: 10, unreadOnly: true }))).map((r) => r.id)).toEqual([platform, second]);
  });

  it('announces each change to listeners once committed, with recipient and notification', async () => {
    heard = [];
    const third = randomUUID();
    await project(`notification-${third}`, [posted(third, bob, TENANT_B, '2026-11-22T16:00:00.000Z')]);
    // The earlier tests' announcements can still be on their way to this listener (a busy machine
    // delivers them late), so only those about this notification are counted.
    await expect.poll(() => heard.filter((h) => h.endsWith(third))).toEqual([`${bob} ${third}`]);
    // Once a later change has been heard (announcements arrive in commit order), a second copy would have too.
    const fourth = randomUUID();
    await project(`notification-${fourth}`, [posted(fourth, ana, TENANT_A, '2026-11-22T17:00:00.000Z')]);
    await expect.poll(() => heard).toContain(`${ana} ${fourth}`);
    expect(heard.filter((h) => h.endsWith(third))).toEqual([`${bob} ${third}`]);
  });
});
