/**
 * Malformed arguments never make the server fail. fast-check throws random and hostile variable
 * values (wrong types, NUL and lone surrogates, -5 and 2^31 and 1e300, junk and foreign ids and
 * cursors, deep lists, unknown fields and enum values) at every root field of the schema, at every
 * field with arguments reachable through `node`, and at every document the web app persists, as
 * anonymous, ecosystem admin and platform admin. The answer may refuse (BAD_USER_INPUT, FORBIDDEN,
 * NOT_FOUND, CONFLICT...) but is never a 5xx and never INTERNAL_SERVER_ERROR.
 */
import fc from 'fast-check';
import {
  getNamedType, isCompositeType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, Kind, parse,
  typeFromAST, type GraphQLField, type GraphQLInputType, type GraphQLSchema,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import persistedQueries from '../../web/persisted-queries.json';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { toGlobalId } from '../relay';
import { buildSchema } from './schema';

/** FUZZ_RUNS=200 for a deeper search than the suite's quick pass. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

let api: TestApi;
let schema: GraphQLSchema;
let tokens: Array<string | null>;
let knownIds: string[];

beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_GRAPHQL: '0' });
  schema = await buildSchema();
  tokens = [null, await api.loginAs('ecosystemAdmin'), await api.loginAs('platformAdmin')];
  const platformToken = tokens[2];
  const programs = await api.graphql<{ getPrograms: { edges: Array<{ node: { id: string; rawId: string; ecosystem: { id: string; rawId: string } } }> } }>(
    '{ getPrograms(first: 5) { edges { node { id rawId ecosystem { id rawId } } } } }', {}, { token: platformToken });
  const nodes = programs.data?.getPrograms.edges.map((e) => e.node) ?? [];
  knownIds = [...new Set(nodes.flatMap((p) => [p.id, p.rawId, p.ecosystem.id, p.ecosystem.rawId]))];
  expect(knownIds.length).toBeGreaterThan(2);
});
afterAll(async () => { await api.stop(); });

const hostileStrings = fc.constantFrom(
  '', ' ', '\u0000', 'a\u0000b', 'a\uD800', '\uDC00z', 'line\nbreak', '\t', '-5', 'null', '1e400', "' OR 1=1 --", '%', '../../etc/passwd',
  '{}', '[]', 'x'.repeat(5000), '😀'.repeat(50), 'Ecosystem:1', 'bm9wZTox', 'W10', 'WyJhIl0', 'WzEsMl0', 'eyJhIjoxfQ',
);

function idArb(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...knownIds),
    fc.uuid(),
    hostileStrings,
    fc.tuple(fc.constantFrom('Ecosystem', 'Program', 'User', 'BatchJob', 'Breadcrumb', 'Nope'), fc.oneof(fc.uuid(), fc.string()))
      .map(([type, id]) => toGlobalId(type, id)),
    fc.string(),
  );
}

function scalarArb(name: string): fc.Arbitrary<unknown> {
  switch (name) {
    case 'Int': return fc.oneof(fc.integer({ min: -10, max: 200 }), fc.constantFrom(-5, 0, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, 1e300, 0.5), fc.integer());
    case 'Float': return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(-1, 0, 0.25, 1e308, -1e308));
    case 'Boolean': return fc.boolean();
    case 'ID': return idArb();
    case 'Date': case 'DateTime': return fc.oneof(fc.constantFrom('2026-02-30', '2026-12-01', '2026-12-01T10:00:00Z', '99999-01-01', '0000-00-00'), fc.string());
    case 'JSON': return fc.jsonValue({ maxDepth: 4 });
    default: return fc.oneof(hostileStrings, fc.string(), fc.string({ unit: 'binary' }));
  }
}

/** Values of the declared type most of the time, so that resolvers run, and anything at all sometimes. */
function valueArb(type: GraphQLInputType, depth: number): fc.Arbitrary<unknown> {
  const anything = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(JSON.parse('['.repeat(30) + ']'.repeat(30)) as unknown));
  if (depth > 5) return fc.constant(null);
  if (isNonNullType(type)) return fc.oneof({ weight: 12, arbitrary: valueArb(type.ofType, depth) }, { weight: 1, arbitrary: fc.constant(null) });
  const typed = typedArb(type, depth);
  return fc.oneof({ weight: 10, arbitrary: typed }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: anything });
}

function typedArb(type: GraphQLInputType, depth: number): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return valueArb(type, depth);
  if (isListType(type)) return fc.array(valueArb(type.ofType, depth + 1), { maxLength: 4 });
  if (isEnumType(type)) return fc.oneof(fc.constantFrom(...type.getValues().map((v) => v.name)), hostileStrings);
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    const shape = Object.fromEntries(fields.map((f) => [f.name, valueArb(f.type, depth + 1)]));
    return fc.record({ ...shape, ['unknownField' as string]: fc.string() }, { requiredKeys: [] });
  }
  if (isScalarType(type)) return scalarArb(type.name);
  return fc.constant(null);
}

interface Target {
  label: string;
  document: string;
  variables: fc.Arbitrary<Record<string, unknown>>;
}

function variablesArb(definitions: Array<{ name: string; type: GraphQLInputType }>): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(Object.fromEntries(definitions.map((d) => [d.name, valueArb(d.type, 0)])), { requiredKeys: [] });
}

function fieldTarget(operation: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): Target {
  const defs = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = isCompositeType(getNamedType(field.type)) ? ' { __typename }' : '';
  return {
    label: `${operation} ${field.name}`,
    document: `${operation} Fuzz${defs ? `(${defs})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`,
    variables: variablesArb(field.args.map((a) => ({ name: a.name, type: a.type }))),
  };
}

/** Fields with arguments below the root (Ecosystem.programs...), reached through `node` with a known id. */
function nodeFieldTargets(): Target[] {
  const node = schema.getType('Node');
  if (!node || !('getFields' in node)) return [];
  return schema.getPossibleTypes(node as never).flatMap((type) => Object.values(type.getFields()).filter((f) => f.args.length).map((field) => {
    const target = fieldTarget('query', field);
    const defs = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
    const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
    return {
      label: `${type.name}.${field.name}`,
      document: `query Fuzz($node: ID!, ${defs}) { node(id: $node) { ... on ${type.name} { ${field.name}(${args}) { __typename } } } }`,
      variables: fc.tuple(fc.constantFrom(...knownIds), target.variables).map(([id, vars]) => ({ ...vars, node: id })),
    };
  }));
}

function persistedTargets(): Target[] {
  return Object.entries(persistedQueries as Record<string, string>).map(([id, text]) => {
    const operation = parse(text).definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
    const defs = (operation?.kind === Kind.OPERATION_DEFINITION ? operation.variableDefinitions ?? [] : [])
      .map((d) => ({ name: d.variable.name.value, type: typeFromAST(schema, d.type) as GraphQLInputType }));
    return { label: `persisted ${operation?.name?.value ?? id}`, document: `doc:${id}`, variables: variablesArb(defs) };
  });
}

async function send(target: Target, variables: Record<string, unknown>, token: string | null, modern: boolean): Promise<void> {
  const body = target.document.startsWith('doc:') ? { doc_id: target.document.slice(4), variables } : { query: target.document, variables };
  const res = await fetch(`${api.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json', accept: modern ? 'application/graphql-response+json' : 'application/json',
      'x-ecosystem-profile-id': knownIds[0], ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${target.label} ${JSON.stringify(variables).slice(0, 300)} -> ${text.slice(0, 300)}`).toBeLessThan(500);
  const answer = JSON.parse(text) as { errors?: Array<{ extensions?: { code?: string } }> };
  const internal = answer.errors?.filter((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR') ?? [];
  expect(internal, `${target.label} ${JSON.stringify(variables).slice(0, 300)} -> ${text.slice(0, 300)}`).toEqual([]);
}

function fuzz(targets: () => Target[]) {
  return async () => {
    for (const target of targets()) {
      await fc.assert(fc.asyncProperty(target.variables, fc.integer({ min: 0, max: 2 }), fc.boolean(), async (variables, who, modern) => {
        await send(target, variables, tokens[who], modern);
      }), { numRuns: RUNS });
    }
  };
}

describe('malformed arguments', () => {
  it('never fail a root query', fuzz(() => Object.values(schema.getQueryType()!.getFields()).map((f) => fieldTarget('query', f))), 600_000);
  it('never fail a root mutation', fuzz(() => Object.values(schema.getMutationType()!.getFields()).map((f) => fieldTarget('mutation', f))), 600_000);
  it('never fail a field below the root', fuzz(nodeFieldTargets), 600_000);
  it('never fail a document of the web app', fuzz(persistedTargets), 600_000);
});
