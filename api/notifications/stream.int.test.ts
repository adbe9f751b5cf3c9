/**
 * The live notification stream on the real platform: a notification posted through the command bus
 * reaches the open streams of its recipient (every tab) and never another person's; a read is
 * announced too; signed-in only, capped per person, heartbeats, and shutdown ends open streams.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { addPerson } from '../people/testing';
import { postTestNotification } from './testing';

interface OpenStream {
  response: Response;
  text(): string;
  /** Reads until `wanted` has arrived `times` times (or the stream ended); returns everything read so far. */
  readUntil(wanted: string, times?: number): Promise<string>;
  ended(): Promise<boolean>;
  close(): void;
}

async function openStream(url: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const reader = response.status === 200 && response.body ? response.body.getReader() : null;
  const decoder = new TextDecoder();
  let text = '';
  const next = async (): Promise<boolean> => {
    if (!reader) return false;
    const { value, done } = await reader.read();
    if (done) return false;
    text += decoder.decode(value, { stream: true });
    return true;
  };
  return {
    response,
    text: () => text,
    async readUntil(wanted, times = 1) {
      while (text.split(wanted).length - 1 < times && (await next()));
      return text;
    },
    async ended() {
      try {
        while (await next());
        return true;
      } catch {
        return false;
      }
    },
    close: () => controller.abort(),
  };
}

const eventFor = (notificationId: string) => `event: notification\ndata: {"notificationId":"${notificationId}"}\n\n`;

describe('the notification stream', () => {
  let api: TestApi;
  let ana: { userId: string; token: string };
  let bob: { userId: string; token: string };
  const streams: OpenStream[] = [];
  const open = async (token: string | null, how: 'query' | 'header' = 'query') => {
    const query = token && how === 'query' ? `?access_token=${encodeURIComponent(token)}` : '';
    const headers: Record<string, string> = token && how === 'header' ? { authorization: `Bearer ${token}` } : {};
    const stream = await openStream(`${api.url}/notifications/stream${query}`, headers);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    api = await startTestApi({ NOTIFICATION_STREAM_HEARTBEAT_MS: '50', NOTIFICATION_STREAMS_PER_USER: '2' });
    const ecosystemId = api.platform.demo!.ecosystemId;
    ana = await addPerson(api, 'ana.stream@example.com', [{ ecosystemId, role: 'STUDENT' }]);
    bob = await addPerson(api, 'bob.stream@example.com', [{ ecosystemId, role: 'STUDENT' }]);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await api.stop();
  });

  it('refuses anyone not signed in', async () => {
    for (const token of [null, 'not-a-token']) {
      const stream = await open(token);
      expect(stream.response.status).toBe(401);
      expect(await stream.response.json()).toEqual({ error: 'Sign in to receive your notifications.', code: 'UNAUTHENTICATED' });
    }
    const spanish = await fetch(`${api.url}/notifications/stream`, { headers: { 'accept-language': 'es' } });
    expect(((await spanish.json()) as { error: string }).error).toBe('Inicie sesión para recibir sus notificaciones.');
  });

  it('brings a posted notification to every open stream of its recipient, and to no one else\'s', async () => {
    const anaTab1 = await open(ana.token);
    const anaTab2 = await open(ana.token, 'header');
    const bobTab = await open(bob.token);
    expect(anaTab1.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    for (const s of [anaTab1, anaTab2, bobTab]) await s.readUntil(': connected');

    const forAna = await postTestNotification(api.platform.services, { recipientUserId: ana.userId, ecosystemId: api.platform.demo!.ecosystemId });
    await anaTab1.readUntil(eventFor(forAna));
    await anaTab2.readUntil(eventFor(forAna));
    const forBob = await postTestNotification(api.platform.services, { recipientUserId: bob.userId });
    await bobTab.readUntil(eventFor(forBob));
    // Bob's stream, read past his own notification, never carried Ana's; nor Ana's his.
    expect(bobTab.text()).not.toContain(forAna);
    await anaTab1.readUntil(': keep-alive');
    expect(anaTab1.text()).not.toContain(forBob);

    // Reading it (in another tab) is announced as well, so every tab's count follows.
    const read = await api.graphql('mutation($ids: [ID!]!) { markNotificationsRead(ids: $ids) { unreadCount } }', { ids: [forAna] }, { token: ana.token });
    expect(read.errors).toBeUndefined();
    expect((await anaTab2.readUntil(eventFor(forAna), 2)).split(eventFor(forAna)).length - 1).toBe(2);
    for (const s of [anaTab1, anaTab2, bobTab]) s.close();
  });

  it('caps open streams per person', async () => {
    const c = await openWhenFree(ana.token);
    const d = await openWhenFree(ana.token);
    await c.readUntil(': connected');
    await d.readUntil(': connected');
    const third = await open(ana.token);
    expect(third.response.status).toBe(429);
    expect(third.response.headers.get('retry-after')).toBe('30');
    // Another person is not counted against her.
    const bobs = await openWhenFree(bob.token);
    expect(bobs.response.status).toBe(200);
    for (const s of [c, d, bobs]) s.close();
  });

  async function openWhenFree(token: string): Promise<OpenStream> {
    for (;;) {
      const stream = await open(token);
      if (stream.response.status !== 429) return stream;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
});

describe('shutdown with notification streams open', () => {
  it('ends every open stream at once, so platform.stop() returns', async () => {
    const api = await startTestApi();
    const token = await api.loginAs('ecosystemAdmin');
    const streams = await Promise.all([1, 2].map(() => openStream(`${api.url}/notifications/stream?access_token=${encodeURIComponent(token)}`)));
    for (const s of streams) await s.readUntil(': connected');
    const stopped = api.stop().then(() => 'stopped');
    const bound = new Promise((resolve) => setTimeout(() => resolve('still waiting after 20 s'), 20_000).unref());
    expect(await Promise.race([stopped, bound])).toBe('stopped');
    expect(await Promise.all(streams.map((s) => s.ended()))).toEqual([true, true]);
  });
});
