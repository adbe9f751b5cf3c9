/**
 * The feature-flag event stream on the real platform: its headers, heartbeats at the configured
 * interval, the cap on open streams per user and per address, and shutdown ending open streams.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';

interface OpenStream {
  response: Response;
  /** Reads until `text` has arrived (or the stream ended); returns everything read so far. */
  readUntil(text: string, times?: number): Promise<string>;
  /** Resolves true once the server has ended the stream. */
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

describe('the feature-flag stream', () => {
  let api: TestApi;
  let token: string;
  const streams: OpenStream[] = [];
  const open = async (query = '', headers: Record<string, string> = {}) => {
    const stream = await openStream(`${api.url}/feature-flags${query}`, headers);
    streams.push(stream);
    return stream;
  };

  const openWhenFree = async () => {
    for (;;) {
      const stream = await open();
      if (stream.response.status !== 429) return stream;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    api = await startTestApi({ FEATURE_FLAG_HEARTBEAT_MS: '40', FEATURE_FLAG_STREAMS_PER_ADDRESS: '2', FEATURE_FLAG_STREAMS_PER_USER: '1' });
    token = await api.loginAs('ecosystemAdmin');
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await api.stop();
  });

  it('carries the security headers and never caches', async () => {
    const stream = await open();
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    expect(stream.response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(stream.response.headers.get('permissions-policy')).toContain('camera=()');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    stream.close();
  });

  it('sends a heartbeat comment at the configured interval', async () => {
    const stream = await open();
    const text = await stream.readUntil(': keep-alive\n\n', 3);
    expect(text.startsWith(': connected\n\n')).toBe(true);
    expect(text.split(': keep-alive\n\n').length - 1).toBeGreaterThanOrEqual(3);
    stream.close();
  });

  it('caps open streams per address for anonymous clients, and frees a place when one closes', async () => {
    const first = await open();
    const second = await open();
    await first.readUntil(': connected');
    await second.readUntil(': connected');
    const third = await open();
    expect(third.response.status).toBe(429);
    expect(third.response.headers.get('retry-after')).toBe('30');
    expect(await third.response.json()).toEqual({ error: expect.stringContaining('Too many open feature-flag connections'), code: 'RATE_LIMITED' });
    first.close();
    // The server learns of the close asynchronously; retry until the place is free.
    const fourth = await openWhenFree();
    expect(fourth.response.status).toBe(200);
    second.close();
    fourth.close();
  });

  it('counts streams that prove a user per user, apart from the address', async () => {
    const anonymous = await openWhenFree();
    const byQuery = await open(`?access_token=${encodeURIComponent(token)}`);
    expect(byQuery.response.status).toBe(200);
    await byQuery.readUntil(': connected');
    // The user's one place is taken, whether the token comes as a query parameter or a header.
    expect((await open(`?access_token=${encodeURIComponent(token)}`)).response.status).toBe(429);
    expect((await open('', { authorization: `Bearer ${token}` })).response.status).toBe(429);
    // An invalid token is not refused: it counts against the address, which still has a place.
    const invalid = await open('?access_token=not-a-token');
    expect(invalid.response.status).toBe(200);
    for (const s of [anonymous, byQuery, invalid]) s.close();
  });
});

describe('shutdown with streams open', () => {
  it('ends every open stream at once, so platform.stop() returns', async () => {
    const api = await startTestApi();
    const streams = await Promise.all([1, 2, 3].map(() => openStream(`${api.url}/feature-flags`)));
    for (const s of streams) await s.readUntil(': connected');
    // Without the shutdown hook fastify waits for these connections for minutes (the test would time out).
    const stopped = api.stop().then(() => 'stopped');
    const bound = new Promise((resolve) => setTimeout(() => resolve('still waiting after 20 s'), 20_000).unref());
    expect(await Promise.race([stopped, bound])).toBe('stopped');
    expect(await Promise.all(streams.map((s) => s.ended()))).toEqual([true, true, true]);
  });
});
