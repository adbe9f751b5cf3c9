/**
 * Idempotent mutations (docs/decisions/0017-idempotent-mutations.md). The web client sends an
 * `Idempotency-Key` header per user action and keeps it when it sends the request again. The
 * command ids of a mutation, and the ids of what it creates, are derived from the viewer, the key,
 * the mutation field and the command's (or id's) kind and count within that field, so a repeated
 * request dispatches the same commands: the command bus answers them from the log (replayed) and
 * nothing is created twice. Without a key every id is random, as before.
 */
import { createHash, randomUUID } from 'node:crypto';
import { defaultFieldResolver, type GraphQLSchema } from 'graphql';
import { v5 as uuidv5 } from 'uuid';
import { IllegalStateError, ValidationError } from '../domain/shared/errors';
import type { RecordedEvent } from '../domain/shared/events';
import { apiMessages } from './i18n/messages';

/** Fixed namespace of ids derived from idempotency keys. */
const IDEMPOTENCY_NAMESPACE = '2c9d7b1e-4f3a-4b6c-8d2e-9a0f1b3c5d7e';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

interface MutationScope {
  /** `fieldName:responseKey`: two mutations of one request (or two aliases) never share ids. */
  field: string;
  counts: Map<string, number>;
  fieldName: string;
  args: unknown;
  /** Digest of the field and its arguments (what the key stands for), computed once when a key asks. */
  requestHash?: string;
}

/**
 * The scope of the mutation field running now, per request context. graphql-js runs a request's
 * mutation fields one after another, each to the end of its payload, so one slot per context is
 * enough; no AsyncLocalStorage, whose hooks would tax every promise of the process.
 */
const scopes = new WeakMap<object, MutationScope>();

/**
 * Runs every Mutation field's resolver in a scope of its own. Each command or id a field asks for
 * is counted in its scope, so a repeated request derives the same ids in the same order.
 */
export function withMutationScopes(schema: GraphQLSchema): GraphQLSchema {
  const fields = schema.getMutationType()?.getFields() ?? {};
  for (const field of Object.values(fields)) {
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = async (root, args, ctx: object, info) => {
      scopes.set(ctx, { field: `${info.fieldName}:${String(info.path.key)}`, counts: new Map(), fieldName: info.fieldName, args });
      try {
        return await resolve(root, args, ctx, info);
      } finally {
        scopes.delete(ctx);
      }
    };
  }
  return schema;
}

/**
 * The key as sent: surrounding white space dropped, and the quotes of the structured-header form
 * (`"abc"`, as the IETF draft writes it) too. Null when absent, 'invalid' when not a usable key.
 */
export function parseIdempotencyKey(raw: string | null): string | null | 'invalid' {
  if (raw === null) return null;
  const trimmed = raw.trim();
  const key = trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
  return /^[\x20-\x7e]{1,255}$/.test(key) ? key : 'invalid';
}

/**
 * An id for the next `kind` (a command type, or `id:<what>` for an aggregate id) of the current
 * mutation: derived when the request carries a key and runs inside a mutation field, else random.
 */
export function idFor(ctx: object, userId: string, key: string | null | 'invalid', kind: string): string {
  if (key === 'invalid') throw ValidationError.forField('Idempotency-Key', apiMessages.invalidIdempotencyKey);
  const scope = scopes.get(ctx);
  if (key === null || !scope) return randomUUID();
  const n = scope.counts.get(kind) ?? 0;
  scope.counts.set(kind, n + 1);
  return uuidv5([userId, key, scope.field, `${kind}#${n}`].join('\n'), IDEMPOTENCY_NAMESPACE);
}

/** JSON with object keys sorted at every depth, so equal arguments give equal text whatever their order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
}

function digestOf(fieldName: string, args: unknown): string {
  return createHash('sha256').update(JSON.stringify([fieldName, canonical(args)])).digest('base64url');
}

/** The digest of the current mutation field's request, when the request carries a key. */
export function requestHashFor(ctx: object, key: string | null | 'invalid'): string | undefined {
  const scope = typeof key === 'string' && key !== 'invalid' ? scopes.get(ctx) : undefined;
  if (!scope) return undefined;
  scope.requestHash ??= digestOf(scope.fieldName, scope.args);
  return scope.requestHash;
}

/**
 * A key reused for a different request is refused, as payment APIs do, rather than answered with
 * the first request's result: the client has a bug (a key per user action, not per form), and
 * answering the other request's result would hide it. The first request's events carry its digest.
 */
export function checkReplayedRequest(requestHash: string | undefined, recorded: readonly RecordedEvent[]): void {
  const first = recorded[0]?.metadata.requestHash;
  if (requestHash !== undefined && first !== undefined && first !== requestHash) {
    throw new IllegalStateError(apiMessages.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED');
  }
}
