/**
 * A cache of parsed and validated documents (graphql-http would parse and validate every request
 * anew). Keyed by the query text; bounded LRU so hostile unique queries cannot grow it forever.
 * Persisted queries map a Relay `doc_id` to its text (the compiler's web/persisted-queries.json).
 */
import { readFile } from 'node:fs/promises';
import { parse, specifiedRules, validate, NoSchemaIntrospectionCustomRule, type DocumentNode, type GraphQLError, type GraphQLSchema, type ValidationRule } from 'graphql';
import { aliasLimit, costLimit, depthLimit } from './limits';
import { safeStringLiterals } from './request-guard';

const MAX_ENTRIES = 1000;

export class DocumentCache {
  private parsed = new Map<string, DocumentNode>();
  private validated = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  readonly rules: ReadonlyArray<ValidationRule>;

  constructor(options: { introspection: boolean }) {
    this.rules = [...specifiedRules, depthLimit(), aliasLimit(), costLimit(), safeStringLiterals(), ...(options.introspection ? [] : [NoSchemaIntrospectionCustomRule])];
  }

  /** Same contract as graphql's parse; throws GraphQLError on syntax errors (not cached). */
  parse = (source: string): DocumentNode => {
    const hit = this.parsed.get(source);
    if (hit) {
      this.parsed.delete(source);
      this.parsed.set(source, hit);
      return hit;
    }
    const doc = parse(source, { maxTokens: 5000 });
    this.parsed.set(source, doc);
    if (this.parsed.size > MAX_ENTRIES) this.parsed.delete(this.parsed.keys().next().value as string);
    return doc;
  };

  validate = (schema: GraphQLSchema, doc: DocumentNode): readonly GraphQLError[] => {
    const hit = this.validated.get(doc);
    if (hit) return hit;
    const errors = validate(schema, doc, this.rules);
    this.validated.set(doc, errors);
    return errors;
  };

  get size(): number {
    return this.parsed.size;
  }
}

export type PersistedQueries = ReadonlyMap<string, string>;

export async function loadPersistedQueries(file: string): Promise<PersistedQueries> {
  try {
    const json: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (!json || typeof json !== 'object') return new Map();
    return new Map(Object.entries(json as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw err;
  }
}
