/**
 * Typed business failures. Each carries the message the user reads, by key (domain/shared/i18n.ts);
 * the API maps each class to one `extensions.code` and renders the message in the reader's
 * language, in a single place (api/errors.ts). Error.message holds the English, for logs.
 */
import { decodeZodMessage, renderEnglish, type Message } from './i18n';
import { commonMessages } from './messages';

/** Per-field messages, keyed by input path (`ecosystemInput.name`); `_` is the input as a whole. */
export type FieldErrors = Record<string, Message>;

export abstract class DomainError extends Error {
  // The class name travels with the error across engines (Temporal reports it as the failure type),
  // which is how workflows tell a business refusal, safe to show, from an internal failure.
  override name = this.constructor.name;
  abstract readonly code: 'BAD_USER_INPUT' | 'CONFLICT' | 'NOT_FOUND' | 'FORBIDDEN' | 'UNAUTHENTICATED' | 'RATE_LIMITED';

  constructor(readonly userMessage: Message) {
    super(renderEnglish(userMessage));
  }
}

/** Bad input, with a message per field (`ecosystemInput.name`). */
export class ValidationError extends DomainError {
  readonly code = 'BAD_USER_INPUT';
  constructor(message: Message, readonly fields: FieldErrors = {}) {
    super(message);
  }

  /** One field's message, which is also the error's own. */
  static forField(field: string, message: Message): ValidationError {
    return new ValidationError(message, { [field]: message });
  }

  /** The fields' own message when only one is wrong, else "Please check the highlighted fields." */
  static forFields(fields: FieldErrors): ValidationError {
    const messages = Object.values(fields);
    return new ValidationError(messages.length === 1 ? messages[0] : commonMessages.checkFields, fields);
  }
}

/** The command does not fit the aggregate's current state (archiving an archived program). */
export class IllegalStateError extends DomainError {
  readonly code = 'CONFLICT';
  constructor(message: Message, readonly conflictType = 'ILLEGAL_STATE') {
    super(message);
  }
}

export class NotFoundError extends DomainError {
  readonly code = 'NOT_FOUND';
}

export class ForbiddenError extends DomainError {
  readonly code = 'FORBIDDEN';
  constructor(message: Message = commonMessages.forbidden) {
    super(message);
  }
}

export class UnauthenticatedError extends DomainError {
  readonly code = 'UNAUTHENTICATED';
  constructor(message: Message = commonMessages.logInAgain) {
    super(message);
  }
}

export class RateLimitedError extends DomainError {
  readonly code = 'RATE_LIMITED';
  /** When trying again can succeed, in whole seconds (answered as `extensions.retryAfterSeconds`). */
  constructor(message: Message, readonly retryAfterSeconds?: number) {
    super(message);
  }
}

/**
 * zod issues as field errors, the first message per path (later ones usually follow from it).
 * Issues whose text zod wrote itself, not a catalogue message, read "This value is not valid."
 */
export function fieldErrorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>, prefix: readonly string[] = []): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = [...prefix, ...issue.path.map(String)].join('.') || '_';
    fields[key] ??= decodeZodMessage(issue.message) ?? commonMessages.invalidValue;
  }
  return fields;
}

/** The field messages in English (tests and logs; readers get api/i18n's rendering). */
export function englishFields(fields: FieldErrors): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, renderEnglish(message)]));
}
