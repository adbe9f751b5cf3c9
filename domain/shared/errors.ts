/**
 * Typed business failures. The API maps each to one `extensions.code` in a single place
 * (api/errors.ts); messages here are what the user reads.
 */
export type FieldErrors = Record<string, string>;

export abstract class DomainError extends Error {
  // The class name travels with the error across engines (Temporal reports it as the failure type),
  // which is how workflows tell a business refusal, safe to show, from an internal failure.
  override name = this.constructor.name;
  abstract readonly code: 'BAD_USER_INPUT' | 'CONFLICT' | 'NOT_FOUND' | 'FORBIDDEN' | 'UNAUTHENTICATED' | 'RATE_LIMITED';
}

/** Bad input, with a message per field (`ecosystemInput.name`). */
export class ValidationError extends DomainError {
  readonly code = 'BAD_USER_INPUT';
  constructor(message: string, readonly fields: FieldErrors = {}) {
    super(message);
  }
}

/** The command does not fit the aggregate's current state (archiving an archived program). */
export class IllegalStateError extends DomainError {
  readonly code = 'CONFLICT';
  constructor(message: string, readonly conflictType = 'ILLEGAL_STATE') {
    super(message);
  }
}

export class NotFoundError extends DomainError {
  readonly code = 'NOT_FOUND';
}

export class ForbiddenError extends DomainError {
  readonly code = 'FORBIDDEN';
  constructor(message = 'You do not have permission to do this.') {
    super(message);
  }
}

export class UnauthenticatedError extends DomainError {
  readonly code = 'UNAUTHENTICATED';
  constructor(message = 'Please log in again.') {
    super(message);
  }
}

export class RateLimitedError extends DomainError {
  readonly code = 'RATE_LIMITED';
  /** When trying again can succeed, in whole seconds (answered as `extensions.retryAfterSeconds`). */
  constructor(message: string, readonly retryAfterSeconds?: number) {
    super(message);
  }
}
