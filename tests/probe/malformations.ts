/**
 * Builds, from the schema alone, malformed documents for every mutation: each argument and each
 * input field (a few levels deep, optional ones included) is given, one at a time, every kind of
 * bad value its type allows, while the other arguments keep well-formed values aimed at the
 * sender's own ecosystem. The malformed-input probe (tests/probe/malformed.int.test.ts) sends them
 * as a user entitled to the mutation, so the malformation is the only thing to refuse.
 */
import {
  getNamedType, isEnumType, isInputObjectType, isLeafType, isListType, isNonNullType, isScalarType,
  type GraphQLField, type GraphQLInputType, type GraphQLSchema,
} from 'graphql';
import { toGlobalId } from '../../api/relay';

/** Well-formed values of the sender's own tenant, that the untouched arguments carry. */
export interface Own {
  ecosystemId: string;
  programId: string;
  userId: string;
  email: string;
}

export type MalformationKind = 'notAnId' | 'notAUuid' | 'wrongType' | 'empty' | 'nul' | 'surrogate' | 'control' | 'lineBreak'
  | 'tooLong' | 'notAnEmail' | 'negative' | 'outOfRange' | 'notAValue' | 'notABoolean' | 'notADate' | 'tooManyItems';

export interface MalformedDocument {
  field: string;
  /** Where the bad value sits: `input.firstName`, `userIds.0`. */
  path: string;
  kind: MalformationKind;
  query: string;
  variables: Record<string, unknown>;
}

export interface MalformOptions {
  /** Fields (by name) where a line break is well-formed: descriptions, messages, files, secrets. */
  lineBreaksAllowed: ReadonlySet<string>;
  /**
   * Fields typed or named like ids that are keys of another kind (a slug, a catalogue's subject id):
   * by name, or as `parent.name` for the `id` of a list's items (`customProperties.id`).
   */
  plainKeys: ReadonlySet<string>;
  /** Number fields where a negative value is well-formed (a longitude, a latitude). */
  signedNumbers?: ReadonlySet<string>;
  /** The selection of a mutation's payload, where the answer itself reports what was wrong. */
  selections?: Readonly<Record<string, string>>;
  /** Well-formed values a mutation needs besides its required arguments (a role, a name), merged into its arguments. */
  extra?: Readonly<Record<string, Record<string, unknown>>>;
}

/** Optional arguments and input fields filled all the same: the tenant the sender acts in. */
const FILLED = /^ecosystemId$/;

function filled(f: { name: string; type: GraphQLInputType; defaultValue?: unknown }): boolean {
  return (isNonNullType(f.type) && f.defaultValue === undefined) || FILLED.test(f.name);
}

function merged(base: unknown, extra: unknown): unknown {
  if (typeof base !== 'object' || base === null || Array.isArray(base) || typeof extra !== 'object' || extra === null) return extra;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(extra)) out[k] = merged(out[k], v);
  return out;
}

const MAX_DEPTH = 4;
/** Longer than any text field of the schema may be (a CSV file this long is one bad row). */
export const TOO_LONG = 20_001;
/** More items than any list of the schema takes (the longest, an ecosystem's schools, takes 2000). */
export const TOO_MANY = 2001;
const SOME_UUID = '00000000-0000-4000-8000-0000000000a1';

function isIdLike(name: string, type: GraphQLInputType, plainKeys: ReadonlySet<string> = new Set(), parent = ''): boolean {
  if (plainKeys.has(name) || plainKeys.has(`${parent}.${name}`)) return false;
  const named = getNamedType(type);
  return named.name === 'ID' || (named.name === 'String' && /(^id|Id|Ids)$/.test(name));
}

/** The node type an id argument names, guessed from its name; a wrong type is one that is not it. */
function typeOfId(name: string): { right: string; wrong: string } {
  if (/ecosystem/i.test(name)) return { right: 'Ecosystem', wrong: 'Program' };
  if (/program/i.test(name)) return { right: 'Program', wrong: 'User' };
  return { right: 'User', wrong: 'Ecosystem' };
}

function idValue(name: string, own: Own): string {
  if (/ecosystem/i.test(name)) return own.ecosystemId;
  if (/program/i.test(name)) return own.programId;
  if (/user|member|child/i.test(name)) return own.userId;
  return SOME_UUID;
}

function stringValue(name: string, own: Own): string {
  const key = name.toLowerCase();
  if (key.includes('email')) return own.email;
  if (key.includes('pass')) return 'Correct-Horse-Battery-9';
  if (key.includes('timezone')) return 'America/New_York';
  if (key.includes('phone')) return '2025550123';
  if (key === 'language' || key === 'locale') return 'en';
  if (key === 'code') return '123456';
  if (key === 'csv') return 'email,firstName,lastName,role\nnew.person@example.com,New,Person,STUDENT';
  if (key.includes('date')) return '2026-01-05';
  return 'probe';
}

/** A well-formed value for an argument or input field: input objects get their required fields. */
export function wellFormed(name: string, type: GraphQLInputType, own: Own, depth = 0): unknown {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return [wellFormed(name.replace(/s$/, ''), inner.ofType, own, depth)];
  const named = getNamedType(inner);
  if (isIdLike(name, inner)) return idValue(name, own);
  if (isScalarType(named)) {
    switch (named.name) {
      case 'String': return stringValue(name, own);
      case 'Int': return 1;
      case 'Float': return 1.5;
      case 'Boolean': return false;
      case 'Date': return '2026-01-05';
      case 'DateTime': return '2026-01-05T10:00:00.000Z';
      case 'JSON': return {};
      default: return 'probe';
    }
  }
  if (isEnumType(named)) return named.getValues()[0]?.value;
  if (isInputObjectType(named) && depth < MAX_DEPTH) {
    const fields = Object.values(named.getFields()).filter(filled);
    return Object.fromEntries(fields.map((f) => [f.name, wellFormed(f.name, f.type, own, depth + 1)]));
  }
  return {};
}

interface Leaf {
  path: Array<string | number>;
  name: string;
  /** The input field or argument this one is inside (for a list's items, the list's name). */
  parent: string;
  type: GraphQLInputType;
}

/** Every place a bad value can go: each argument, list and input field, optional ones included. */
function placesIn(name: string, parent: string, type: GraphQLInputType, path: Array<string | number>, depth: number): Leaf[] {
  const here: Leaf = { path, name, parent, type };
  const inner = isNonNullType(type) ? type.ofType : type;
  // A list's items keep its name, so that their fields' parent is the list (`customProperties.id`).
  if (isListType(inner)) return [here, ...placesIn(name, parent, inner.ofType, [...path, 0], depth)];
  const named = getNamedType(inner);
  if (isLeafType(named) || !isInputObjectType(named) || depth >= MAX_DEPTH) return [here];
  return Object.values(named.getFields()).flatMap((f) => placesIn(f.name, name, f.type, [...path, f.name], depth + 1));
}

function badValues(leaf: Leaf, own: Own, options: MalformOptions): Array<[MalformationKind, unknown]> {
  const required = isNonNullType(leaf.type);
  const inner = isNonNullType(leaf.type) ? leaf.type.ofType : leaf.type;
  if (isListType(inner)) {
    const item = wellFormed(leaf.name.replace(/s$/, ''), inner.ofType, own);
    return [['tooManyItems', Array.from({ length: TOO_MANY }, () => item)]];
  }
  const named = getNamedType(inner);
  const out: Array<[MalformationKind, unknown]> = [];
  if (isEnumType(named)) return [['notAValue', 'NOT_A_VALUE']];
  if (!isScalarType(named)) return out;
  if (isIdLike(leaf.name, inner, options.plainKeys, leaf.parent)) {
    const { right, wrong } = typeOfId(leaf.name);
    out.push(['notAnId', 'not-an-id'], ['notAUuid', toGlobalId(right, '12345')], ['wrongType', toGlobalId(wrong, idValue(leaf.name, own))]);
  }
  switch (named.name) {
    case 'ID': case 'String': {
      if (required) out.push(['empty', '']);
      out.push(['nul', 'a\u0000b'], ['surrogate', 'a\uD800b'], ['control', 'a\u0007b'], ['tooLong', 'x'.repeat(TOO_LONG)]);
      if (!options.lineBreaksAllowed.has(leaf.name)) out.push(['lineBreak', 'a\nb']);
      if (/email/i.test(leaf.name)) out.push(['notAnEmail', 'not-an-email']);
      return out;
    }
    case 'Int': return options.signedNumbers?.has(leaf.name) ? [['outOfRange', 2 ** 31]] : [['negative', -1], ['outOfRange', 2 ** 31]];
    case 'Float': return options.signedNumbers?.has(leaf.name) ? [['outOfRange', 1e308]] : [['negative', -1], ['outOfRange', 1e308]];
    case 'Boolean': return [['notABoolean', 'yes']];
    case 'Date': return [['notADate', '2026-02-31']];
    case 'DateTime': return [['notADate', 'tomorrow at noon']];
    default: return out;
  }
}

/** Puts `value` at `path` inside `root`, creating well-formed parents (input objects, lists) on the way. */
function placed(root: Record<string, unknown>, args: readonly { name: string; type: GraphQLInputType }[], path: Array<string | number>, value: unknown, own: Own): Record<string, unknown> {
  const copy = structuredClone(root);
  const arg = args.find((a) => a.name === path[0])!;
  if (path.length === 1) return { ...copy, [arg.name]: value };
  if (copy[arg.name] === undefined || copy[arg.name] === null) copy[arg.name] = wellFormed(arg.name, arg.type, own);
  let node = copy[arg.name] as Record<string | number, unknown>;
  let type: GraphQLInputType = arg.type;
  for (let i = 1; i < path.length; i++) {
    const inner = isNonNullType(type) ? type.ofType : type;
    const key = path[i];
    const childType: GraphQLInputType = isListType(inner) ? inner.ofType : (getNamedType(inner) as { getFields(): Record<string, { type: GraphQLInputType }> }).getFields()[key].type;
    if (i === path.length - 1) { node[key] = value; break; }
    if (node[key] === undefined || node[key] === null) node[key] = wellFormed(String(key), childType, own);
    node = node[key] as Record<string | number, unknown>;
    type = childType;
  }
  return copy;
}

function documentFor(field: GraphQLField<unknown, unknown>, variables: Record<string, unknown>, selection?: string): string {
  const args = field.args.filter((a) => a.name in variables);
  const defs = args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const passed = args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const sel = selection ?? (isLeafType(getNamedType(field.type)) ? '' : '{ __typename }');
  return `mutation Malformed${defs ? `(${defs})` : ''} { ${field.name}${passed ? `(${passed})` : ''} ${sel} }`;
}

/** Every malformed document for every mutation of the schema that takes an argument. */
export function malformedMutations(schema: GraphQLSchema, own: Own, options: MalformOptions): MalformedDocument[] {
  const out: MalformedDocument[] = [];
  for (const field of Object.values(schema.getMutationType()!.getFields())) {
    const given = Object.fromEntries(field.args.filter(filled).map((a) => [a.name, wellFormed(a.name, a.type, own)]));
    const base = merged(given, options.extra?.[field.name] ?? {}) as Record<string, unknown>;
    for (const leaf of field.args.flatMap((a) => placesIn(a.name, '', a.type, [a.name], 0))) {
      for (const [kind, value] of badValues(leaf, own, options)) {
        const variables = placed(base, field.args, leaf.path, value, own);
        out.push({ field: field.name, path: leaf.path.join('.'), kind, query: documentFor(field, variables, options.selections?.[field.name]), variables });
      }
    }
  }
  return out;
}
