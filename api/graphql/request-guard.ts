/**
 * Checks on what a request carries before any resolver sees it, so that hostile or broken values
 * become BAD_USER_INPUT at the door instead of a database error (a 500) deep inside a write:
 * every string in the variables and in the document's literals obeys domain/shared/text.ts (no
 * NUL, no unpaired surrogate, no control character), and variables nest at most MAX_DEPTH deep.
 * Line breaks stay allowed here: only the domain knows which fields are single-line.
 */
import { GraphQLError, type ValidationRule } from 'graphql';
import { textMessages, textProblem } from '../../domain/shared/text';

/** Deeper than any input type of the schema (EcosystemInput is about six levels) with room to spare. */
export const MAX_VARIABLE_DEPTH = 16;

export const guardMessages = {
  tooDeep: `Variables are nested too deeply (at most ${MAX_VARIABLE_DEPTH} levels).`,
} as const;

function badInput(field: string, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', fields: [{ field, message }] } });
}

function check(value: unknown, path: string, depth: number): void {
  if (typeof value === 'string') {
    const problem = textProblem(value, { singleLine: false });
    if (problem) throw badInput(path, textMessages[problem](`The value of ${path}`));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_VARIABLE_DEPTH) throw badInput(path, guardMessages.tooDeep);
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    const problem = textProblem(key, { singleLine: true });
    if (problem) throw badInput(path, textMessages[problem](`A field name in ${path}`));
    check(item, `${path}.${key}`, depth + 1);
  }
}

/** Throws a BAD_USER_INPUT GraphQLError naming the first bad value (`ecosystemInput.name`). */
export function checkVariables(variables: Record<string, unknown> | null | undefined): void {
  if (!variables) return;
  for (const [name, value] of Object.entries(variables)) check(value, name, 0);
}

/** The same rule for string literals written into the document itself (raw queries in development). */
export function safeStringLiterals(): ValidationRule {
  return (ctx) => ({
    StringValue(node) {
      const problem = textProblem(node.value, { singleLine: false });
      if (problem) ctx.reportError(new GraphQLError(textMessages[problem]('A string in the query'), { nodes: [node] }));
    },
  });
}
