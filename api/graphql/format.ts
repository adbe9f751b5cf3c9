/**
 * How GraphQL errors leave the server. Execution results go through api/errors.ts (the one mapping
 * of domain errors to codes), request errors from graphql-js get a code, and in production the
 * schema is not spelt out to strangers: "Did you mean ...?" suggestions are cut from messages.
 */
import { GraphQLError, type ExecutionResult } from 'graphql';
import { DomainError, ValidationError } from '../../domain/shared/errors';
import { innermost, toClientError } from '../errors';
import { translate } from '../i18n/catalogue';
import type { Locale } from '../i18n/locale';
import { wordGraphQLRequestError, wordHttpRequestError } from './request-errors';
import { apiMessages } from '../i18n/messages';

const SUGGESTION = /\s*Did you mean [^?]*\?\s*$/s;

export function withoutSuggestions(message: string): string {
  return message.replace(SUGGESTION, '');
}

/**
 * PostgreSQL raises SQLSTATE class 22 (data exception: not a UUID, out of range, NUL in text...) when
 * a value reached a query that it cannot take: the request carried a malformed argument that no
 * check caught. That is the caller's mistake, not an outage: BAD_USER_INPUT, logged all the same.
 */
function isDataException(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return err instanceof Error && typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code) && 'severity' in err;
}

function mappedError(err: GraphQLError, locale: Locale, log: (e: unknown) => void): GraphQLError {
  const original = err.originalError;
  if (!original || !isDataException(original)) return toClientError(err, locale, log);
  // Logged with the field, so the resolver that let the value through can be given its own check.
  log(`data exception at ${err.path?.join('.') ?? '?'}: ${original.message}`);
  return toClientError(new ValidationError(apiMessages.unstorableValue), locale);
}

function clientError(err: GraphQLError, locale: Locale, log: (e: unknown) => void): GraphQLError {
  const mapped = mappedError(err, locale, log);
  // toClientError drops where the error happened; the client (Relay) needs the path of a field error.
  return new GraphQLError(mapped.message, { nodes: err.nodes, source: err.source, positions: err.positions, path: err.path, extensions: mapped.extensions });
}

/**
 * Maps the errors of an executed operation and adds the request's warnings (STALE_READ) and
 * extensions (`replayed`, decision 0017).
 */
export function formatResult(result: ExecutionResult, warnings: readonly string[], log: (e: unknown) => void,
  extra: Readonly<Record<string, unknown>> = {}, locale: Locale = 'en'): ExecutionResult {
  const errors = result.errors?.map((e) => clientError(e, locale, log));
  const added = { ...extra, ...(warnings.length ? { warnings: [...new Set(warnings)] } : {}) };
  const extensions = Object.keys(added).length ? { ...result.extensions, ...added } : result.extensions;
  return { ...result, ...(errors ? { errors } : {}), ...(extensions ? { extensions } : {}) };
}

/**
 * The last step for every error in every answer. Errors that are not GraphQL errors come from
 * reading the HTTP request (no query, bad JSON): BAD_REQUEST. GraphQL errors without a code are
 * request errors of graphql-js (syntax, validation, variable coercion): BAD_USER_INPUT.
 */
export function formatError(err: Readonly<GraphQLError | Error>, production: boolean, locale: Locale = 'en'): GraphQLError {
  if (!(err instanceof GraphQLError)) {
    const worded = wordHttpRequestError(err.message);
    return new GraphQLError(worded ? translate(worded, locale) : err.message, { extensions: { code: 'BAD_REQUEST' } });
  }
  // A scalar's own refusal (a bad Date, a malformed id) carries our message: worded in the reader's language.
  if (innermost(err) instanceof DomainError) return clientError(err, locale, () => undefined);
  const worded = err.extensions.code ? null : wordGraphQLRequestError(err.message);
  if (worded) {
    const text = translate(worded.message, locale);
    return new GraphQLError(text, {
      nodes: err.nodes, source: err.source, positions: err.positions, path: err.path,
      extensions: { code: 'BAD_USER_INPUT', ...(worded.field ? { fields: [{ field: worded.field, message: text }] } : {}) },
    });
  }
  const message = production ? withoutSuggestions(err.message) : err.message;
  if (message === err.message && err.extensions.code) return err;
  return new GraphQLError(message, {
    nodes: err.nodes, source: err.source, positions: err.positions, path: err.path,
    extensions: { ...err.extensions, code: err.extensions.code ?? 'BAD_USER_INPUT' },
  });
}
