import { makeExecutableSchema } from '@graphql-tools/schema';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldLabels } from '../../domain/ecosystem/labels';
import { ValidationError } from '../../domain/shared/errors';
import { commonMessages, fieldMessages } from '../../domain/shared/messages';
import type { RequestContext } from '../context';
import { DocumentCache } from './documents';
import { createGraphQLHandler } from './handler';

const schema = makeExecutableSchema({
  typeDefs: `type Query { hello(name: String): String!, boom: String, invalid: String, nested: Nested } type Nested { child: Nested, value: Int }`,
  resolvers: {
    Query: {
      hello: (_r: unknown, { name }: { name?: string }) => `hello ${name ?? 'world'}`,
      boom: () => { throw new Error('database password is hunter2'); },
      invalid: () => { throw new ValidationError(commonMessages.checkFields, { 'input.name': fieldMessages.required({ label: fieldLabels.name }) }); },
      nested: () => ({ value: 1 }),
    },
    Nested: { child: () => ({ value: 1 }) },
  },
});

const costlySchema = makeExecutableSchema({ typeDefs: `type Query { nested: Nested } type Nested { child(first: Int): Nested, value: Int }` });

function build(mode: 'only' | 'allow-raw') {
  const app = Fastify();
  const documents = new DocumentCache({ introspection: mode === 'allow-raw' });
  const handler = createGraphQLHandler({
    schema, documents, mode,
    persisted: new Map([['abc123', 'query Hello { hello(name: "relay") }']]),
    createContext: async () => ({ warnings: [] }) as unknown as RequestContext,
  });
  app.post('/graphql', handler);
  app.get('/graphql', handler);
  return { app, documents };
}

describe('GraphQL handler', () => {
  const dev = build('allow-raw');
  const prod = build('only');
  beforeAll(async () => { await dev.app.ready(); await prod.app.ready(); });
  afterAll(async () => { await dev.app.close(); await prod.app.close(); });

  it('answers raw queries in development and caches the parsed document', async () => {
    const first = await dev.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ hello }' } });
    expect(first.json()).toEqual({ data: { hello: 'hello world' } });
    await dev.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ hello }' } });
    expect(dev.documents.size).toBe(1);
  });

  it('answers persisted ids in production and refuses raw text there', async () => {
    const ok = await prod.app.inject({ method: 'POST', url: '/graphql', payload: { doc_id: 'abc123' } });
    expect(ok.json()).toEqual({ data: { hello: 'hello relay' } });
    const raw = await prod.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ hello }' } });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().errors[0].extensions.code).toBe('PERSISTED_QUERY_ONLY');
    const unknown = await prod.app.inject({ method: 'POST', url: '/graphql', payload: { doc_id: 'nope' } });
    expect(unknown.json().errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('answers malformed requests with 400 and a GraphQL error', async () => {
    const cases = [
      { payload: '{"query": ', contentType: 'application/json' },
      { payload: JSON.stringify({ query: '{ hello ' }), contentType: 'application/json' },
      { payload: JSON.stringify({ query: '{ nosuchfield }' }), contentType: 'application/json' },
      { payload: JSON.stringify({ query: '{ hello }', variables: '[1]' }), contentType: 'application/json' },
      { payload: JSON.stringify([1, 2]), contentType: 'application/json' },
    ];
    for (const c of cases) {
      const res = await dev.app.inject({ method: 'POST', url: '/graphql', payload: c.payload, headers: { 'content-type': c.contentType } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors?.[0]?.message ?? res.json().error).toBeTruthy();
      expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
    }
  });

  it('answers request errors with 400 and a code, whatever graphql-js reported', async () => {
    const res = await dev.app.inject({ method: 'POST', url: '/graphql', payload: { query: 'query Q($n: String!) { hello(name: $n) }', variables: {} } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const invalid = await dev.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ nosuchfield }' } });
    expect(invalid.json().errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('answers 500 with a generic message when the request context cannot be built', async () => {
    const app = Fastify();
    app.post('/graphql', createGraphQLHandler({
      schema, documents: new DocumentCache({ introspection: true }), mode: 'allow-raw', persisted: new Map(),
      createContext: async () => { throw new Error('too many connections for role "app_api"'); },
    }));
    const res = await app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ hello }' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('app_api');
    expect(res.json().errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
    await app.close();
  });

  it('never leaks an unexpected error message or stack', async () => {
    const res = await dev.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ boom }' } });
    expect(res.body).not.toContain('hunter2');
    expect(res.json().errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
  });

  it('maps validation errors to BAD_USER_INPUT with per-field messages', async () => {
    const res = await dev.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ invalid }' } });
    expect(res.json().errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', fields: [{ field: 'input.name', message: 'Name is required.' }] });
  });

  it('rejects documents that are too deep or use too many aliases', async () => {
    const deep = `{ nested { ${'child { '.repeat(14)}value${' }'.repeat(14)} } }`;
    const res = await dev.app.inject({ method: 'POST', url: '/graphql', payload: { query: deep } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toMatch(/too deep/);
    const aliases = `{ ${Array.from({ length: 31 }, (_, i) => `a${i}: hello`).join(' ')} }`;
    const res2 = await dev.app.inject({ method: 'POST', url: '/graphql', payload: { query: aliases } });
    expect(res2.json().errors[0].message).toMatch(/Too many aliases/);
  });

  it('rejects documents whose nested pages multiply past the cost limit', async () => {
    const costly = `{ nested { child(first: 100) { child(first: 100) { child(first: 100) { value } } } } }`;
    const docs = new DocumentCache({ introspection: true });
    const errors = docs.validate(costlySchema, docs.parse(costly));
    expect(errors.map((e) => e.message).join()).toMatch(/too expensive/);
    expect(docs.validate(costlySchema, docs.parse(`{ nested { child(first: 10) { value } } }`))).toEqual([]);
  });

  it('refuses introspection in production only', () => {
    const production = new DocumentCache({ introspection: false });
    expect(production.validate(schema, production.parse('{ __schema { types { name } } }')).length).toBeGreaterThan(0);
    const development = new DocumentCache({ introspection: true });
    expect(development.validate(schema, development.parse('{ __schema { types { name } } }'))).toEqual([]);
  });
});
