/**
 * The one place errors become GraphQL errors (DESIGN.md section 7), in the reader's language.
 * Domain errors carry their code and a message key; zod errors become BAD_USER_INPUT with
 * per-field messages; anything else is logged and answered with the generic message: never a
 * stack trace to the client.
 */
import { GraphQLError } from 'graphql';
import { ZodError } from 'zod';
import { DomainError, fieldErrorsOf, IllegalStateError, RateLimitedError, ValidationError, type FieldErrors } from '../domain/shared/errors';
import { commonMessages } from '../domain/shared/messages';
import { translate } from './i18n/catalogue';
import { DEFAULT_LOCALE, type Locale } from './i18n/locale';
import { apiMessages } from './i18n/messages';

export type ErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'BAD_USER_INPUT' | 'CONFLICT' | 'NOT_FOUND' | 'RATE_LIMITED' | 'INTERNAL_SERVER_ERROR';

/** The generic answer to a failure the client cannot act on, in `locale`. */
export function genericMessage(locale: Locale = DEFAULT_LOCALE): string {
  return translate(apiMessages.internal, locale);
}

function fieldList(fields: FieldErrors, locale: Locale): Array<{ field: string; message: string }> {
  return Object.entries(fields).map(([field, message]) => ({ field, message: translate(message, locale) }));
}

/** The user-facing message and extensions of an error whose words we own, or null for anything else. */
function describe(error: unknown, locale: Locale): { message: string; extensions: Record<string, unknown> } | null {
  if (error instanceof ValidationError) {
    return { message: translate(error.userMessage, locale), extensions: { code: 'BAD_USER_INPUT', fields: fieldList(error.fields, locale) } };
  }
  if (error instanceof IllegalStateError) {
    return { message: translate(error.userMessage, locale), extensions: { code: 'CONFLICT', conflictType: error.conflictType } };
  }
  if (error instanceof RateLimitedError && error.retryAfterSeconds !== undefined) {
    return { message: translate(error.userMessage, locale), extensions: { code: 'RATE_LIMITED', retryAfterSeconds: error.retryAfterSeconds } };
  }
  if (error instanceof DomainError) return { message: translate(error.userMessage, locale), extensions: { code: error.code } };
  if (error instanceof ZodError) {
    return { message: translate(commonMessages.checkFields, locale), extensions: { code: 'BAD_USER_INPUT', fields: fieldList(fieldErrorsOf(error.issues), locale) } };
  }
  return null;
}

/**
 * What was really thrown: graphql-js wraps a scalar's refusal once per layer (the coercion, then the
 * variable), each a GraphQLError whose originalError is the next.
 */
export function innermost(err: unknown): unknown {
  let current = err;
  while (current instanceof GraphQLError && current.originalError) current = current.originalError;
  return current;
}

/** Maps any thrown value to the GraphQLError the client sees, worded in `locale`. */
export function toClientError(err: unknown, locale: Locale = DEFAULT_LOCALE, log: (e: unknown) => void = console.error): GraphQLError {
  const wrapper = err instanceof GraphQLError ? err : null;
  const original = innermost(err);
  const described = describe(original, locale);
  // Keep where the error happened (path, locations), which Relay uses to attach it to a field.
  const place = wrapper ? { nodes: wrapper.nodes, source: wrapper.source, positions: wrapper.positions, path: wrapper.path } : {};
  if (described) return new GraphQLError(described.message, { ...place, extensions: { ...wrapper?.extensions, ...described.extensions } });
  // graphql-js's own errors (a variable of the wrong type...): the outermost says which variable.
  if (original instanceof GraphQLError) return wrapper ?? original;
  log(original);
  return new GraphQLError(genericMessage(locale), { ...place, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
}
