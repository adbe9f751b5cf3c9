/**
 * Client-side error types and how an error becomes the one line a user reads (SPEC section 8:
 * "the error prefix is stripped for display and the first error message shown").
 */
export const INVALID_RESPONSE = 'Invalid response';
export const INVALID_GRAPHQL_RESPONSE = 'Invalid GraphQl query response';

export interface GraphQLErrorShape {
  message: string;
  path?: ReadonlyArray<string | number>;
  extensions?: { code?: string; [key: string]: unknown };
}

/** The server answered with errors and no data: the whole operation failed. */
export class GraphQLRequestError extends Error {
  readonly errors: readonly GraphQLErrorShape[];

  constructor(errors: readonly GraphQLErrorShape[]) {
    super(errors[0]?.message ?? INVALID_GRAPHQL_RESPONSE);
    this.name = 'GraphQLRequestError';
    this.errors = errors;
  }

  get code(): string | undefined {
    return this.errors[0]?.extensions?.code;
  }
}

/** The refresh token was rejected; the client has cleared its state and is going home. */
export class SessionExpiredError extends Error {
  constructor() {
    super('Session expired');
    this.name = 'SessionExpiredError';
  }
}

/**
 * No answer reached the client: offline, the server down, or the connection dropped. The browser's
 * own text ("Failed to fetch", "NetworkError when attempting to fetch resource.") means nothing to a
 * reader, so the interface shows its own sentence for this class (components/useErrorText.ts).
 */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The server could not be reached', { cause });
    this.name = 'NetworkError';
  }
}

/** Whether an error, perhaps wrapped by Relay, is a NetworkError. */
export function isNetworkError(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 3; current = current.cause, depth += 1) {
    if (current instanceof NetworkError) return true;
  }
  return false;
}

// Relay wraps errors as "Relay request for `Name` failed by the following reasons:\n\n1. msg".
const RELAY_PREFIX = /^Relay request for `[^`]*` failed by the following reasons:\s*(?:\d+\.\s*)?/;
const GENERIC_PREFIX = /^(?:GraphQL error|Error):\s*/i;

export function displayError(error: unknown): string {
  if (error instanceof GraphQLRequestError) return error.errors[0]?.message ?? error.message;
  const text = error instanceof Error ? error.message : String(error);
  const stripped = text.replace(RELAY_PREFIX, '').replace(GENERIC_PREFIX, '');
  const firstLine = stripped.split('\n')[0]?.trim();
  return firstLine || text;
}

/** Per-field messages of a BAD_USER_INPUT error, keyed by input path (`ecosystemInput.name`). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof GraphQLRequestError)) return {};
  const result: Record<string, string> = {};
  for (const e of error.errors) {
    const fields = e.extensions?.fields;
    if (!Array.isArray(fields)) continue;
    for (const f of fields) {
      if (isFieldError(f)) result[f.field] = f.message;
    }
  }
  return result;
}

function isFieldError(value: unknown): value is { field: string; message: string } {
  return typeof value === 'object' && value !== null
    && typeof (value as { field?: unknown }).field === 'string'
    && typeof (value as { message?: unknown }).message === 'string';
}
