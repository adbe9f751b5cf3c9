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
  typeDefs: `type Query { hello(name: String, person: Person): String!, boom: String, invalid: String, nested: Nested, echo(json: JSON): JSON, unstorable: String }
    type Nested { child: Nested, value: Int } input Person { name: String } scalar JSON`,
  resolvers: {
    Query: {
      hello: (_r: unknown, { name }: { name?: string }) => `hello ${name ?? 'world'}`,
      boom: () => { throw new Error('database password is hunter2'); },
      invalid: () => { throw new ValidationError(commonMessages.checkFields, { 'input.name': fieldMessages.required({ label: fieldLabels.name }) }); },
      nested: () => ({ value: 1 }),
      echo: (_r: unknown, { json }: { json: unknown }) => json,
      // What pg throws when a value reaches a query it cannot take (SQLSTATE 22P02).
      unstorable: () => { throw Object.assign(new Error('invalid input syntax for type uuid: "x"'), { code: '22P02', severity: 'ERROR' }); },
    },
    Nested: { child: () => ({ value: 1 }) },
  },
});

const costlySchema = makeExecutableSchema({ typeDefs: `type Query { nested: Nested } type Nested { child(first: Int): Nested, value: Int }` });

function build(mode: 'only' | 'allow-raw', production = mode === 'only', endContext: (ctx: RequestContext) => Promise<void> = async () => undefined) {
  const app = Fastify();
  const documents = new DocumentCache({ introspection: mode === 'allow-raw' });
  const handler = createGraphQLHandler({
    schema, documents, mode, production,
    persisted: new Map([['abc123', 'query Hello { hello(name: "relay") }']]),
    createContext: async () => ({ warnings: [] }) as unknown as RequestContext,
    endContext,
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

  it('answers malformed HTTP requests with 400 and a GraphQL error', async () => {
    const cases = [
      { payload: '{"query": ', contentType: 'application/json' },
      { payload: JSON.stringify({ query: '{ hello }', variables: '[1]' }), contentType: 'application/json' },
      { payload: JSON.stringify([1, 2]), contentType: 'application/json' },
      { payload: JSON.stringify({ notquery: '{ hello }' }), contentType: 'application/json' },
    ];
    for (const c of cases) {
      const res = await dev.app.inject({ method: 'POST', url: '/graphql', payload: c.payload, headers: { 'content-type': c.contentType } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors?.[0]?.message ?? res.json().error).toBeTruthy();
      expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
    }
  });

  it('answers request errors with 200 under application/json and 400 under application/graphql-response+json, with a code', async () => {
    const requests = [
      { query: '{ hello ' },
      { query: '{ nosuchfield }' },
      { query: 'query Q($n: String!) { hello(name: $n) }', variables: {} },
      { query: 'query Q($n: Int) { nested { value } }', variables: { n: 2 ** 31 } },
    ];
    for (const payload of requests) {
      const legacy = await dev.app.inject({ method: 'POST', url: '/graphql', payload, headers: { accept: 'application/json' } });
      expect(legacy.statusCode).toBe(200);
      expect(legacy.headers['content-type']).toMatch(/^application\/json/);
      expect(legacy.json().errors[0].extensions.code).toBe('BAD_USER_INPUT');
      const modern = await dev.app.inject({ method: 'POST', url: '/graphql', payload, headers: { accept: 'application/graphql-response+json' } });
      expect(modern.statusCode).toBe(400);
      expect(modern.headers['content-type']).toMatch(/^application\/graphql-response\+json/);
      expect(modern.json()).not.toHaveProperty('data');
      expect(modern.json().errors[0].extensions.code).toBe('BAD_USER_INPUT');
    }
  });

  it('answers an executed operation with 200 under either media type', async () => {
    for (const accept of ['application/json', 'application/graphql-response+json', '*/*']) {
      const res = await dev.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ hello invalid }' }, headers: { accept } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ hello: 'hello world', invalid: null });
      expect(res.json().errors[0]).toMatchObject({ path: ['invalid'], extensions: { code: 'BAD_USER_INPUT' } });
    }
  });

  it('keeps "Did you mean" suggestions in development and leaves them out in production', async () => {
    const prodRaw = build('allow-raw', true);
    const requests = [
      { query: '{ helo }' },
      { query: 'query Q($p: Person) { hello(person: $p) }', variables: { p: { nmae: 'x' } } },
    ];
    for (const payload of requests) {
      const development = await dev.app.inject({ method: 'POST', url: '/graphql', payload });
      expect(development.json().errors[0].message).toMatch(/Did you mean/);
      const production = await prodRaw.app.inject({ method: 'POST', url: '/graphql', payload });
      expect(production.json().errors[0].message).not.toMatch(/Did you mean|hello|"name"/);
      expect(production.json().errors[0].extensions.code).toBe('BAD_USER_INPUT');
    }
    await prodRaw.app.close();
  });

  it('refuses NUL, unpaired surrogates and deep nesting anywhere in the variables or literals as BAD_USER_INPUT', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ query: 'query Q($n: String) { hello(name: $n) }', variables: { n: 'a\u0000b' } }, 'n'],
      [{ query: 'query Q($j: JSON) { echo(json: $j) }', variables: { j: { list: ['ok', 'x\uD800'] } } }, 'j.list.1'],
      [{ query: 'query Q($j: JSON) { echo(json: $j) }', variables: { j: JSON.parse('['.repeat(40) + ']'.repeat(40)) } }, 'j' + '.0'.repeat(16)],
    ];
    for (const [payload, field] of cases) {
      const res = await dev.app.inject({ method: 'POST', url: '/graphql', payload, headers: { accept: 'application/graphql-response+json' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field }] });
    }
    const literal = await dev.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ hello(name: "a\\u0000") }' } });
    expect(literal.json().errors[0]).toMatchObject({ message: 'A string in the query contains a NUL character (code 0), which is not allowed.', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('answers 500 with a generic message when the request context cannot be built', async () => {
    const app = Fastify();
    app.post('/graphql', createGraphQLHandler({
      schema, documents: new DocumentCache({ introspection: true }), mode: 'allow-raw', persisted: new Map(),
      createContext: async () => { throw new Error('too many connections for role "app_api"'); },
      endContext: async () => { throw new Error('no context was made, so none is ended'); },
    }));
    const res = await app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ hello }' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('app_api');
    expect(res.json().errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
    await app.close();
  });

  it('ends each executed request\'s context once, after its execution, whether it succeeded or failed', async () => {
    const ended: RequestContext[] = [];
    const app = build('allow-raw', false, async (ctx) => { ended.push(ctx); }).app;
    for (const query of ['{ hello }', '{ boom }', '{ unstorable }']) {
      await app.inject({ method: 'POST', url: '/graphql', payload: { query } });
    }
    expect(ended).toHaveLength(3);
    expect(new Set(ended).size).toBe(3);
    // Refused before any context was made (an unknown persisted id): nothing to end.
    await app.inject({ method: 'POST', url: '/graphql', payload: { doc_id: 'unknown' } });
    expect(ended).toHaveLength(3);
    await app.close();
  });

  it('answers as decided when ending the context fails', async () => {
    const app = build('allow-raw', false, async () => { throw new Error('COMMIT failed: connection lost'); }).app;
    const res = await app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ hello }' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { hello: 'hello world' } });
    await app.close();
  });

  it('never leaks an unexpected error message or stack', async () => {
    const res = await dev.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ boom }' } });
    expect(res.body).not.toContain('hunter2');
    expect(res.json().errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
  });

  it('answers a database data exception (a malformed value no check caught) as BAD_USER_INPUT, not a failure', async () => {
    const res = await dev.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ unstorable }' } });
    expect(res.json().errors[0]).toMatchObject({ path: ['unstorable'], extensions: { code: 'BAD_USER_INPUT' } });
    expect(res.body).not.toContain('uuid');
  });

  it('maps validation errors to BAD_USER_INPUT with per-field messages', async () => {
    const res = await dev.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ invalid }' } });
    expect(res.json().errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', fields: [{ field: 'input.name', message: 'Name is required.' }] });
  });

  it('rejects documents that are too deep or use too many aliases', async () => {
    const deep = `{ nested { ${'child { '.repeat(14)}value${' }'.repeat(14)} } }`;
    const res = await dev.app.inject({ method: 'POST', url: '/graphql', payload: { query: deep }, headers: { accept: 'application/graphql-response+json' } });
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
