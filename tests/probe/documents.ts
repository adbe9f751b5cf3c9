/**
 * Builds a probe document for every root field of the schema: a selection of every field that
 * needs no argument, a few levels deep (abstract types through inline fragments), and arguments
 * aimed at a victim's ids. The cross-tenant probe (tests/probe/cross-tenant.int.test.ts) sends
 * them as an outsider and looks for the victim's data in the answers, so a field added to the
 * schema is probed without anyone writing a case for it.
 */
import {
  getNamedType, parse, specifiedRules, validate, isAbstractType, isEnumType, isInputObjectType, isLeafType, isListType, isNonNullType, isObjectType, isScalarType,
  type GraphQLArgument, type GraphQLField, type GraphQLInputType, type GraphQLNamedType, type GraphQLSchema,
} from 'graphql';
import { aliasLimit, costLimit, depthLimit } from '../../api/graphql/limits';

/** The victim's ids and words that argument values are chosen from. */
export interface Aim {
  ecosystemId: string;
  programId: string;
  userId: string;
  email: string;
  /** Global ids (Relay) of the victim's objects, for node(id) and ID arguments that take them. */
  globalIds: string[];
  search: string;
  /** A course section of the victim (raw and global id), for sectionId arguments. */
  sectionId?: { raw: string; global: string };
}

export interface ProbeDocument {
  field: string;
  query: string;
  variables: Record<string, unknown>;
}

const DEPTH = 4;

/**
 * Fields under an abstract type are aliased by their object type (`Program_state: state`): two
 * possible types may have same-named fields of different types, which one selection may not merge.
 */
function selection(schema: GraphQLSchema, type: GraphQLNamedType, depth: number, alias = ''): string {
  if (isLeafType(type)) return '';
  if (isAbstractType(type)) {
    if (depth <= 0) return '{ __typename }';
    const parts = schema.getPossibleTypes(type).map((t) => `... on ${t.name} ${selection(schema, t, depth - 1, `${t.name}_`)}`);
    return `{ __typename ${parts.join(' ')} }`;
  }
  if (!isObjectType(type)) return '{ __typename }';
  const fields = Object.values(type.getFields()).filter((f) => !f.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined));
  const picked: string[] = ['__typename'];
  for (const f of fields) {
    const named = getNamedType(f.type);
    const name = alias ? `${alias}${f.name}: ${f.name}` : f.name;
    if (isLeafType(named)) picked.push(name);
    else if (depth > 0) picked.push(`${name} ${selection(schema, named, depth - 1)}`);
  }
  return `{ ${picked.join(' ')} }`;
}

/** A value for an argument or input field, chosen by its name first and its type second. */
function valueFor(name: string, type: GraphQLInputType, aim: Aim, variant: number, depth = 0): unknown {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return [valueFor(name.replace(/s$/, ''), inner.ofType, aim, variant, depth)];
  const named = getNamedType(inner);
  const key = name.toLowerCase();
  if (isScalarType(named) && (named.name === 'ID' || named.name === 'String')) {
    if (key.includes('ecosystem')) return variant === 0 ? aim.ecosystemId : aim.globalIds[0];
    if (key.includes('program')) return variant === 0 ? aim.programId : aim.globalIds[1];
    if (key.includes('section') && aim.sectionId) return variant === 0 ? aim.sectionId.raw : aim.sectionId.global;
    if (key.includes('email')) return aim.email;
    if (key.includes('search') || key === 'q' || key.includes('term') || key.includes('name')) return aim.search;
    if (named.name === 'ID' || key.endsWith('id')) return variant === 0 ? aim.userId : aim.globalIds[2] ?? aim.userId;
    return aim.search;
  }
  if (isScalarType(named)) return scalarValue(named.name);
  if (isEnumType(named)) return named.getValues()[0]?.value;
  if (isInputObjectType(named)) {
    if (depth > 3) return {};
    const out: Record<string, unknown> = {};
    for (const f of Object.values(named.getFields())) {
      if (isNonNullType(f.type) && f.defaultValue === undefined) out[f.name] = valueFor(f.name, f.type, aim, variant, depth + 1);
    }
    return out;
  }
  return null;
}

function scalarValue(name: string): unknown {
  switch (name) {
    case 'Int': return 5;
    case 'Float': return 1.5;
    case 'Boolean': return false;
    case 'Date': return '2026-01-05';
    case 'DateTime': return '2026-01-05T10:00:00.000Z';
    case 'JSON': return {};
    default: return 'probe';
  }
}

/** Arguments worth filling: required ones, and optional ones that aim at a person, place or thing. */
function aimed(arg: GraphQLArgument): boolean {
  if (isNonNullType(arg.type) && arg.defaultValue === undefined) return true;
  return /ids?$|email|search|term/i.test(arg.name) && !/^(after|before)$/.test(arg.name);
}

function typeText(type: GraphQLInputType): string {
  return String(type);
}

function documentFor(schema: GraphQLSchema, root: 'query' | 'mutation', field: GraphQLField<unknown, unknown>, aim: Aim, variant: number,
  only?: GraphQLNamedType): ProbeDocument {
  const args = field.args.filter(aimed);
  const variables = Object.fromEntries(args.map((a) => [a.name, valueFor(a.name, a.type, aim, variant)]));
  const defs = args.map((a) => `$${a.name}: ${typeText(a.type)}`).join(', ');
  const passed = args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const sel = only ? `{ __typename ... on ${only.name} ${selection(schema, only, DEPTH - 1)} }` : selection(schema, getNamedType(field.type), DEPTH);
  const query = `${root} Probe${defs ? `(${defs})` : ''} { ${field.name}${passed ? `(${passed})` : ''} ${sel} }`;
  // The server's own rules, limits included: a document it would refuse probes nothing.
  const errors = validate(schema, parse(query), [...specifiedRules, depthLimit(), aliasLimit(), costLimit()]);
  if (errors.length) throw new Error(`probe document for ${field.name} is not valid: ${errors[0].message}`);
  return { field: field.name, query, variables };
}

/**
 * Every query field, twice when it takes ids: once with raw uuids and once with global ids, since
 * the API accepts both (api/tenants/input-ids.ts). node(id) is sent once per victim global id.
 */
export function probeQueries(schema: GraphQLSchema, aim: Aim): ProbeDocument[] {
  const out: ProbeDocument[] = [];
  for (const field of Object.values(schema.getQueryType()!.getFields())) {
    const named = getNamedType(field.type);
    if (isAbstractType(named)) {
      // One document per possible type: all of them in one would pass the server's alias limit.
      for (const t of schema.getPossibleTypes(named)) {
        const doc = documentFor(schema, 'query', field, aim, 0, t);
        if (field.name === 'node') for (const id of aim.globalIds) out.push({ ...doc, variables: { id } });
        else if (field.name === 'nodes') out.push({ ...doc, variables: { ids: aim.globalIds } });
        else out.push(doc);
      }
      continue;
    }
    out.push(documentFor(schema, 'query', field, aim, 0));
    if (field.args.some((a) => /id/i.test(a.name))) out.push(documentFor(schema, 'query', field, aim, 1));
  }
  return out;
}

/** Every mutation field with its arguments aimed at the victim (raw ids). */
export function probeMutations(schema: GraphQLSchema, aim: Aim): ProbeDocument[] {
  return Object.values(schema.getMutationType()!.getFields()).map((f) => documentFor(schema, 'mutation', f, aim, 0));
}
