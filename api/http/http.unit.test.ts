/**
 * The HTTP layer without a database: security headers on every kind of response, compression,
 * caching of the web app's files, and the per-address rate limits. The server is the real one
 * (buildServer); only routes that need no services are called (requests refused before any
 * resolver runs, /healthz, static files, 404s).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configSchema } from '../../infra/config';
import { buildServer } from '../server';
import type { Services } from '../services';
import { SharedWindowStore } from './rate-limits';
import { HSTS, PERMISSIONS_POLICY } from './security-headers';
import { IMMUTABLE } from './static-web';

const ASSET = '/assets/index-AbCd_1-9.js';
const webDir = mkdtempSync(path.join(tmpdir(), 'web-'));
mkdirSync(path.join(webDir, 'assets'));
writeFileSync(path.join(webDir, 'index.html'), `<!doctype html><html><head><script type="module" src="${ASSET}"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`);
writeFileSync(path.join(webDir, ASSET), `console.log(${JSON.stringify('x'.repeat(5000))});`);
writeFileSync(path.join(webDir, 'robots.txt'), 'User-agent: *\n');

async function server(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = configSchema.parse({ NODE_ENV: 'production', ...env });
  const app = await buildServer({
    services: { config } as Services, schema: buildSchema('type Query { a: Int }'), persisted: new Map(), webDir, isReady: () => true,
  });
  await app.ready();
  return app;
}

let app: FastifyInstance;
let proxied: FastifyInstance;
beforeAll(async () => {
  app = await server({ RATE_LIMIT_AUTH: '2', RATE_LIMIT_GRAPHQL: '3' });
  proxied = await server({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_AUTH: '2' });
});
afterAll(async () => {
  await app.close();
  await proxied.close();
  rmSync(webDir, { recursive: true, force: true });
});

function expectSecurityHeaders(res: LightMyRequestResponse, what: string): void {
  const csp = String(res.headers['content-security-policy']);
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toMatch(/script-src 'self'(;|$)/);
  expect(csp, what).not.toMatch(/script-src[^;]*unsafe/);
  expect(csp, what).toContain("object-src 'none'");
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  expect(res.headers['permissions-policy'], what).toBe(PERMISSIONS_POLICY);
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['strict-transport-security'], `${what} over plain http`).toBeUndefined();
}

describe('security headers', () => {
  it('are on every kind of response', async () => {
    const responses: Array<[string, LightMyRequestResponse, number]> = [
      ['/healthz', await app.inject('/healthz'), 200],
      ['index.html', await app.inject('/'), 200],
      ['an asset', await app.inject(ASSET), 200],
      ['the single-page fallback', await app.inject({ url: '/internal-admin-panel/x', headers: { accept: 'text/html' } }), 200],
      ['a JSON 404', await app.inject('/nope'), 404],
      ['a bad request', await app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: '{' }), 400],
      ['a GraphQL request error', await app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ a }' } }), 400],
    ];
    for (const [what, res, status] of responses) {
      expect(res.statusCode, what).toBe(status);
      expectSecurityHeaders(res, what);
    }
  });

  it('are on a rate-limited answer', async () => {
    let res = await app.inject({ method: 'POST', url: '/logout', remoteAddress: '10.9.9.9' });
    while (res.statusCode !== 429) res = await app.inject({ method: 'POST', url: '/logout', remoteAddress: '10.9.9.9' });
    expectSecurityHeaders(res, '429');
  });

  it('include HSTS only when the request came over TLS as a trusted proxy says', async () => {
    const viaProxy = { 'x-forwarded-proto': 'https' };
    expect((await proxied.inject({ url: '/healthz', headers: viaProxy })).headers['strict-transport-security']).toBe(HSTS);
    expect((await proxied.inject({ url: '/', headers: viaProxy })).headers['strict-transport-security']).toBe(HSTS);
    expect((await proxied.inject({ url: '/healthz', headers: viaProxy, remoteAddress: '203.0.113.7' })).headers['strict-transport-security']).toBeUndefined();
    expect((await app.inject({ url: '/healthz', headers: viaProxy })).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('compression and caching of the web app', () => {
  it('compresses with brotli or gzip as the client accepts', async () => {
    const br = await app.inject({ url: ASSET, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('xxxx');
    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<div id="root">');
    expect((await app.inject({ url: ASSET })).headers['content-encoding']).toBeUndefined();
  });

  it('caches fingerprinted assets for a year as immutable', async () => {
    const res = await app.inject(ASSET);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('has index.html, the fallback and other files revalidated by ETag', async () => {
    for (const url of ['/', '/index.html', '/robots.txt']) {
      const res = await app.inject(url);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.etag, url).toBeTruthy();
      const again = await app.inject({ url, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
    }
    const fallback = await app.inject({ url: '/some/client/route', headers: { accept: 'text/html' } });
    expect(fallback.headers['cache-control']).toBe('no-cache');
    expect(fallback.body).toContain('<div id="root">');
  });

  it('answers a missing asset with a JSON 404, never the app shell', async () => {
    const res = await app.inject({ url: '/assets/gone-12345678.js', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found.', code: 'NOT_FOUND' });
  });
});

describe('rate limits', () => {
  it('answer 429 with Retry-After and RATE_LIMITED in each endpoint\'s own shape', async () => {
    const from = { remoteAddress: '10.1.1.1' };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await app.inject({ method: 'POST', url: '/refresh-tokens', ...from })).statusCode);
    expect(statuses).toEqual([401, 401, 429]);
    const refused = await app.inject({ method: 'POST', url: '/refresh-tokens', ...from });
    expect(refused.json()).toEqual({ error: expect.stringMatching(/^Too many requests from your address\. Please wait \d+ seconds/), code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    for (let i = 0; i < 3; i++) await app.inject({ method: 'POST', url: '/graphql', payload: {}, ...from });
    const graphql = await app.inject({ method: 'GET', url: '/graphql?query={a}', ...from });
    expect(graphql.statusCode).toBe(429);
    expect(graphql.json().errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(graphql.headers['retry-after']).toBeTruthy();
  });

  it('count per client address: another address is not held up', async () => {
    for (let i = 0; i < 3; i++) await app.inject({ method: 'POST', url: '/logout', remoteAddress: '10.2.2.2' });
    expect((await app.inject({ method: 'POST', url: '/logout', remoteAddress: '10.2.2.2' })).statusCode).toBe(429);
    expect((await app.inject({ method: 'POST', url: '/logout', remoteAddress: '10.2.2.3' })).statusCode).toBe(200);
  });

  it('believe X-Forwarded-For only from a trusted proxy', async () => {
    const logout = (target: FastifyInstance, forwarded: string) =>
      target.inject({ method: 'POST', url: '/logout', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwarded } });
    // Behind the trusted proxy, each forwarded address has its own count.
    for (const client of ['198.51.100.1', '198.51.100.1', '198.51.100.2', '198.51.100.2']) expect((await logout(proxied, client)).statusCode).toBe(200);
    expect((await logout(proxied, '198.51.100.1')).statusCode).toBe(429);
    // Without TRUST_PROXY the header is ignored: changing it does not escape the limit.
    const statuses = [];
    for (const client of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) statuses.push((await logout(app, client)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('the shared rate-limit store', () => {
  it('counts per key within a window and starts again after it', () => {
    const store = new SharedWindowStore();
    let now = 1_000_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const counts: number[] = [];
      const incr = (key: string) => store.incr(key, (_err, r) => counts.push(r.current), 60_000);
      incr('a'); incr('a'); incr('b');
      now += 60_000;
      incr('a');
      expect(counts).toEqual([1, 2, 1, 1]);
      expect(store.child()).toBe(store);
    } finally {
      clock.mockRestore();
    }
  });
});
