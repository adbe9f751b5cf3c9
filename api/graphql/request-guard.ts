/**
 * Checks on what a request carries before any resolver sees it, so that hostile or broken values
 * become BAD_USER_INPUT at the door instead of a database error (a 500) deep inside a write:
 * every string in the variables and in the document's literals obeys domain/shared/text.ts (no
 * NUL, no unpaired surrogate, no control character), and variables nest at most MAX_DEPTH deep.
 * Line breaks stay allowed here: only the domain knows which fields are single-line.
 */
import { GraphQLError, type ValidationRule } from 'graphql';
import { renderEnglish, type Message } from '../../domain/shared/i18n';
import { textMessages, textProblem } from '../../domain/shared/text';
import { translate } from '../i18n/catalogue';
import type { Locale } from '../i18n/locale';
import { apiMessages } from '../i18n/messages';

/** Deeper than any input type of the schema (EcosystemInput is about six levels) with room to spare. */
export const MAX_VARIABLE_DEPTH = 16;

function badInput(field: string, message: Message, locale: Locale): GraphQLError {
  const text = translate(message, locale);
  return new GraphQLError(text, { extensions: { code: 'BAD_USER_INPUT', fields: [{ field, message: text }] } });
}

function check(value: unknown, path: string, depth: number, locale: Locale): void {
  if (typeof value === 'string') {
    const problem = textProblem(value, { singleLine: false });
    if (problem) throw badInput(path, textMessages[problem]({ label: apiMessages.valueAt({ path }) }), locale);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_VARIABLE_DEPTH) throw badInput(path, apiMessages.variablesTooDeep({ max: MAX_VARIABLE_DEPTH }), locale);
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    const problem = textProblem(key, { singleLine: true });
    if (problem) throw badInput(path, textMessages[problem]({ label: apiMessages.fieldNameAt({ path }) }), locale);
    check(item, `${path}.${key}`, depth + 1, locale);
  }
}

/** Throws a BAD_USER_INPUT GraphQLError naming the first bad value (`ecosystemInput.name`), worded in `locale`. */
export function checkVariables(variables: Record<string, unknown> | null | undefined, locale: Locale = 'en'): void {
  if (!variables) return;
  for (const [name, value] of Object.entries(variables)) check(value, name, 0, locale);
}

/** The same rule for string literals written into the document itself (raw queries in development). */
export function safeStringLiterals(): ValidationRule {
  return (ctx) => ({
    StringValue(node) {
      const problem = textProblem(node.value, { singleLine: false });
      // Raw query text is accepted in development only; its readers are developers, so English.
      if (problem) ctx.reportError(new GraphQLError(renderEnglish(textMessages[problem]({ label: apiMessages.stringInQuery })), { nodes: [node] }));
    },
  });
}
