/**
 * Turns zod issues into the domain's ValidationError, one message per field path
 * (`sessionSettings.sessionDurations.0`), so the API can prefix the argument name and the client
 * can put each message next to its input.
 */
import type { z } from 'zod';
import { ValidationError, type FieldErrors } from '../shared/errors';

export const CHECK_FIELDS = 'Please check the highlighted fields.';

export function fieldErrorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = fieldErrorsOf(result.error.issues);
  const messages = Object.values(fields);
  throw new ValidationError(messages.length === 1 ? messages[0] : CHECK_FIELDS, fields);
}

/**
 * Validates a new tenant whose `derived` fields follow from its name. When the name itself is
 * wrong and a derived field was left out, only the name is reported: "Short name is required"
 * next to a field the user never touched would send them looking in the wrong place.
 */
export function validateNew<S extends z.ZodType>(schema: S, value: unknown, given: Record<string, unknown>, derived: readonly string[]): z.output<S> {
  try {
    return validate(schema, value);
  } catch (err) {
    if (!(err instanceof ValidationError) || !err.fields.name) throw err;
    const fields = { ...err.fields };
    for (const key of derived) if (given[key] === undefined) delete fields[key];
    const messages = Object.values(fields);
    throw new ValidationError(messages.length === 1 ? messages[0] : CHECK_FIELDS, fields);
  }
}
