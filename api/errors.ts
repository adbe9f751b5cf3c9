/**
 * The one place errors become GraphQL errors (DESIGN.md section 7). Domain errors carry their
 * code; zod errors become BAD_USER_INPUT with per-field messages; anything else is logged and
 * answered with a generic message: never a stack trace to the client.
 */
import { GraphQLError } from 'graphql';
import { ZodError } from 'zod';
import { DomainError, IllegalStateError, RateLimitedError, ValidationError } from '../domain/shared/errors';

export type ErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'BAD_USER_INPUT' | 'CONFLICT' | 'NOT_FOUND' | 'RATE_LIMITED' | 'INTERNAL_SERVER_ERROR';

export const GENERIC_MESSAGE = 'Something went wrong. Please try again.';

export function fieldErrorsFromZod(err: ZodError, prefix = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    fields[key || '_'] ??= issue.message;
  }
  return fields;
}

/** Maps any thrown value to the GraphQLError the client sees. */
export function toClientError(err: unknown, log: (e: unknown) => void = console.error): GraphQLError {
  const original = err instanceof GraphQLError && err.originalError ? err.originalError : err;
  if (original instanceof GraphQLError) return original;
  if (original instanceof ValidationError) {
    return new GraphQLError(original.message, {
      extensions: { code: 'BAD_USER_INPUT', fields: Object.entries(original.fields).map(([field, message]) => ({ field, message })) },
    });
  }
  if (original instanceof IllegalStateError) {
    return new GraphQLError(original.message, { extensions: { code: 'CONFLICT', conflictType: original.conflictType } });
  }
  if (original instanceof RateLimitedError && original.retryAfterSeconds !== undefined) {
    return new GraphQLError(original.message, { extensions: { code: 'RATE_LIMITED', retryAfterSeconds: original.retryAfterSeconds } });
  }
  if (original instanceof DomainError) {
    return new GraphQLError(original.message, { extensions: { code: original.code } });
  }
  if (original instanceof ZodError) {
    const fields = fieldErrorsFromZod(original);
    return new GraphQLError('Please check the highlighted fields.', {
      extensions: { code: 'BAD_USER_INPUT', fields: Object.entries(fields).map(([field, message]) => ({ field, message })) },
    });
  }
  log(original);
  return new GraphQLError(GENERIC_MESSAGE, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
}
