/**
 * GraphQL over HTTP on the real server: the graphql-http package's server audit (every MUST, SHOULD
 * and MAY it checks) in development mode, where raw queries are allowed; persisted queries in
 * production mode as the web app sends them; and the headers and compression of API answers.
 */
import { serverAudits } from 'graphql-http';
import { brotliDecompressSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';

let api: TestApi;
beforeAll(async () => { api = await startTestApi(); });
afterAll(async () => { await api.stop(); });

describe('the graphql-http server audit', () => {
  for (const audit of serverAudits({ url: () => `${api.url}/graphql` })) {
    it(`${audit.id} ${audit.name}`, async () => {
      const result = await audit.fn();
      expect(result.status, 'reason' in result ? result.reason : '').toBe('ok');
    });
  }
});

/** node:http instead of fetch, which would decompress the body and hide content-encoding. */
function postRaw(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('GraphQL answers', () => {
  it('carry the security headers and are compressed when large', async () => {
    const query = '{ __schema { types { name fields { name } } } }';
    const res = await postRaw(api.url, JSON.stringify({ query }), { 'accept-encoding': 'br', accept: 'application/graphql-response+json' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/graphql-response+json; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.body).toString()).data.__schema.types.length).toBeGreaterThan(10);
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['permissions-policy']).toBeTruthy();
  });
});

describe('persisted queries in production mode', () => {
  let production: TestApi;
  beforeAll(async () => { production = await startTestApi({ PERSISTED_QUERIES: 'only' }); });
  afterAll(async () => { await production.stop(); });

  it('answer the web app\'s doc_id and refuse raw text, under either media type', async () => {
    const persisted = (await import('../../web/persisted-queries.json', { with: { type: 'json' } })).default as Record<string, string>;
    const [docId] = Object.entries(persisted).find(([, text]) => text.includes('query FeatureFlagsProviderQuery')) ?? [];
    expect(docId).toBeTruthy();
    for (const accept of ['application/json', 'application/graphql-response+json']) {
      const ok = await fetch(`${production.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', accept }, body: JSON.stringify({ doc_id: docId, variables: {} }) });
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { data: { featureFlags: unknown[] } }).data.featureFlags.length).toBeGreaterThan(0);
      const raw = await fetch(`${production.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', accept }, body: JSON.stringify({ query: '{ featureFlags { name } }' }) });
      expect(raw.status).toBe(400);
      expect(((await raw.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0].extensions.code).toBe('PERSISTED_QUERY_ONLY');
    }
    const get = await fetch(`${production.url}/graphql?doc_id=${docId}`);
    expect(((await get.json()) as { data: { featureFlags: unknown[] } }).data.featureFlags.length).toBeGreaterThan(0);
  });
});
