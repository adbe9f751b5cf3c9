/**
 * Turns zod issues into the domain's ValidationError, one message per field path
 * (`sessionSettings.sessionDurations.0`), so the API can prefix the argument name and the client
 * can put each message next to its input.
 */
import type { z } from 'zod';
import { fieldErrorsOf, ValidationError } from '../shared/errors';

export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw ValidationError.forFields(fieldErrorsOf(result.error.issues));
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
    throw ValidationError.forFields(fields);
  }
}
