/**
 * In-app notifications over real HTTP: a person lists their own, newest first and paged, with the
 * unread count, and marks one, some or all read; another person of the same ecosystem, another
 * ecosystem's admin and a platform admin see none of them and cannot mark them (nothing written).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { buildWorld, refusedUnchanged, type World } from '../people/testing';
import { toGlobalId } from '../relay';
import { postTestNotification } from './testing';

let api: TestApi;
let world: World;

const LIST = `query($first: Int, $after: String, $unreadOnly: Boolean) { notifications(first: $first, after: $after, unreadOnly: $unreadOnly) {
  unreadCount pageInfo { hasNextPage endCursor } edges { node { id notificationId ecosystemId kind params link postedAt readAt read } } } }`;
const MARK = 'mutation($ids: [ID!]!) { markNotificationsRead(ids: $ids) { unreadCount notifications { notificationId read readAt } } }';
const MARK_ALL = 'mutation { markAllNotificationsRead { unreadCount notifications { notificationId read } } }';
type Node = { id: string; notificationId: string; ecosystemId: string | null; kind: string; params: Record<string, unknown>; link: string | null; postedAt: string; readAt: string | null; read: boolean };
type List = { notifications: { unreadCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: Array<{ node: Node }> } };

const ids: string[] = [];
let platformOne: string;

beforeAll(async () => {
  api = await startTestApi();
  world = await buildWorld(api);
  const { services } = api.platform;
  for (const [i, kind] of ['SESSION_SCHEDULED', 'SESSION_CHANGED', 'SESSION_CANCELLED'].entries()) {
    ids.push(await postTestNotification(services, { recipientUserId: world.ids.student, ecosystemId: world.e1, kind, link: '/sessions' },
      `2026-11-24T1${i}:00:00.000Z`));
  }
  platformOne = await postTestNotification(services, { recipientUserId: world.ids.student, ecosystemId: null, kind: 'FEEDBACK_REQUESTED' }, '2026-11-24T13:00:00.000Z');
  await postTestNotification(services, { recipientUserId: world.ids.parent, ecosystemId: world.e1 }, '2026-11-24T14:00:00.000Z');
  await postTestNotification(services, { recipientUserId: world.ids.admin2, ecosystemId: world.e2 }, '2026-11-24T14:00:00.000Z');
});
afterAll(async () => { await api?.stop(); });

const list = (token: string, variables: Record<string, unknown> = {}) => api.graphql<List>(LIST, variables, { token });

describe('notifications', () => {
  it('lists a person\'s own notifications newest first, with kind, params, link and the unread count, paged', async () => {
    const first = await list(world.tokens.student, { first: 2 });
    expect(first.errors).toBeUndefined();
    const page = first.data!.notifications;
    expect(page.unreadCount).toBe(4);
    expect(page.edges.map((e) => e.node.notificationId)).toEqual([platformOne, ids[2]]);
    expect(page.edges[1].node).toMatchObject({
      id: toGlobalId('Notification', ids[2]), ecosystemId: world.e1, kind: 'SESSION_CANCELLED', link: '/sessions', read: false, readAt: null,
      postedAt: '2026-11-24T12:00:00.000Z', params: { subject: 'Algebra', timeZoneId: 'America/New_York', actorName: 'Ana Tutor' },
    });
    expect(page.pageInfo.hasNextPage).toBe(true);
    const next = await list(world.tokens.student, { first: 2, after: page.pageInfo.endCursor });
    expect(next.data!.notifications.edges.map((e) => e.node.notificationId)).toEqual([ids[1], ids[0]]);
    expect(next.data!.notifications.pageInfo.hasNextPage).toBe(false);
  });

  it('shows nobody else\'s: a parent of the same ecosystem, another ecosystem\'s admin, a platform admin', async () => {
    for (const token of [world.tokens.parent, world.tokens.admin2, world.tokens.platformAdmin]) {
      const res = await list(token);
      expect(res.data!.notifications.edges.map((e) => e.node.notificationId)).not.toContain(ids[0]);
    }
    expect((await list(world.tokens.platformAdmin)).data!.notifications).toMatchObject({ unreadCount: 0, edges: [] });
    const node = await api.graphql<{ node: unknown }>('query($id: ID!) { node(id: $id) { id } }', { id: toGlobalId('Notification', ids[0]) }, { token: world.tokens.parent });
    expect(node.data?.node).toBeNull();
    const own = await api.graphql<{ node: { id: string } }>('query($id: ID!) { node(id: $id) { id } }', { id: toGlobalId('Notification', ids[0]) }, { token: world.tokens.student });
    expect(own.data?.node?.id).toBe(toGlobalId('Notification', ids[0]));
  });

  it('refuses to mark another person\'s notification, even among one\'s own, and writes nothing', async () => {
    await refusedUnchanged(api, () => api.graphql(MARK, { ids: [ids[0]] }, { token: world.tokens.parent }), 'NOT_FOUND');
    await refusedUnchanged(api, () => api.graphql(MARK, { ids: [ids[0]] }, { token: world.tokens.admin2 }), 'NOT_FOUND');
    await refusedUnchanged(api, () => api.graphql(MARK, { ids: [ids[0]] }, {}), 'UNAUTHENTICATED');
    await refusedUnchanged(api, () => api.graphql(MARK, { ids: ['not-an-id'] }, { token: world.tokens.student }), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => api.graphql(MARK, { ids: Array.from({ length: 101 }, () => ids[0]) }, { token: world.tokens.student }), 'BAD_USER_INPUT');
    expect((await list(world.tokens.student)).data!.notifications.unreadCount).toBe(4);
  });

  it('marks some read (by global or raw id), once, then all; the count follows', async () => {
    const res = await api.graphql<{ markNotificationsRead: { unreadCount: number; notifications: Array<{ notificationId: string; read: boolean; readAt: string }> } }>(
      MARK, { ids: [toGlobalId('Notification', ids[0]), ids[1]] }, { token: world.tokens.student });
    expect(res.errors).toBeUndefined();
    expect(res.data!.markNotificationsRead.unreadCount).toBe(2);
    expect(res.data!.markNotificationsRead.notifications.map((n) => [n.notificationId, n.read]).sort()).toEqual([[ids[0], true], [ids[1], true]].sort());
    const events = await api.eventCount();
    await api.graphql(MARK, { ids: [ids[0]] }, { token: world.tokens.student });
    expect(await api.eventCount()).toBe(events);
    const unread = await list(world.tokens.student, { unreadOnly: true });
    expect(unread.data!.notifications.edges.map((e) => e.node.notificationId)).toEqual([platformOne, ids[2]]);

    const all = await api.graphql<{ markAllNotificationsRead: { unreadCount: number; notifications: Array<{ notificationId: string }> } }>(MARK_ALL, {}, { token: world.tokens.student });
    expect(all.errors).toBeUndefined();
    expect(all.data!.markAllNotificationsRead.unreadCount).toBe(0);
    expect(all.data!.markAllNotificationsRead.notifications.map((n) => n.notificationId).sort()).toEqual([platformOne, ids[2]].sort());
    // The parent's own stays unread.
    expect((await list(world.tokens.parent)).data!.notifications.unreadCount).toBe(1);
  });

  it('marks all read past one batch of 100', async () => {
    const { services } = api.platform;
    for (let i = 0; i < 104; i += 1) await postTestNotification(services, { recipientUserId: world.ids.admin2, ecosystemId: world.e2 });
    expect((await list(world.tokens.admin2)).data!.notifications.unreadCount).toBe(105);
    const all = await api.graphql<{ markAllNotificationsRead: { unreadCount: number; notifications: unknown[] } }>(MARK_ALL, {}, { token: world.tokens.admin2 });
    expect(all.errors).toBeUndefined();
    expect(all.data!.markAllNotificationsRead.unreadCount).toBe(0);
    expect(all.data!.markAllNotificationsRead.notifications).toHaveLength(105);
  }, 60_000);
});
