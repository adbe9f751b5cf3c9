/**
 * Words for the request errors that graphql-js and graphql-http write themselves (a variable of the
 * wrong type, an integer out of range, a missing query, an unparsable body). Their English texts
 * are fixed by those libraries, so each known shape maps to a catalogue message and is answered
 * in the reader's language; a variable's error also names the variable as its field, as our own
 * refusals do. An unknown shape keeps the library's English: so do mistakes only a query's author
 * makes (an unknown field or enum value, with graphql-js's "Did you mean" help in development).
 */
import type { Message } from '../../domain/shared/i18n';
import { apiMessages } from '../i18n/messages';

type Rule = [RegExp, (match: RegExpExecArray) => Message];

/** Refusals of a number, in a variable or written into the query. */
const NUMBER_RULES: Rule[] = [
  [/^Int cannot represent non 32-bit signed integer value/, () => apiMessages.intOutOfRange],
  [/^Int cannot represent non-integer value/, () => apiMessages.notWholeNumber],
  [/^Float cannot represent non numeric value/, () => apiMessages.notFiniteNumber],
];

/**
 * Refusals of a variable's value by a built-in scalar or input type (the part after "Variable ...
 * got invalid value ...; "). The same shapes in the query's own text stay English, with graphql-js's
 * "Did you mean" help in development: only whoever wrote the query reads them.
 */
const VALUE_RULES: Rule[] = [
  ...NUMBER_RULES,
  [/^(String|Boolean|ID|Float|Int) cannot represent/, () => apiMessages.wrongValueType],
  [/^Expected type ".*" to be an object/, () => apiMessages.wrongValueType],
  [/^Field ".*" of required type ".*" was not provided/, () => apiMessages.requiredFieldMissing],
];

/** Errors of a whole request (graphql-http's reading of it). */
const REQUEST_RULES: Rule[] = [
  [/^Missing query$/, () => apiMessages.missingQuery],
  [/^Unparsable URL$/, () => apiMessages.badRequestUrl],
  [/^(Missing body|Unparsable JSON body|JSON body must be an object)$/, () => apiMessages.badRequestBody],
  [/^Invalid (query|variables|operationName|extensions)$/, () => apiMessages.badRequestParameters],
];

function firstMatch(rules: Rule[], text: string): Message | null {
  for (const [pattern, message] of rules) {
    const match = pattern.exec(text);
    if (match) return message(match);
  }
  return null;
}

export interface WordedRequestError {
  message: Message;
  /** The variable the error is about, when it is about one. */
  field?: string;
}

/** A graphql-js request error (variables, literals) as a catalogue message, or null when its shape is unknown. */
export function wordGraphQLRequestError(text: string): WordedRequestError | null {
  const missing = /^Variable "\$(\w+)" of (?:required|non-null) type "[^"]+" (?:was not provided|must not be null)\.?$/.exec(text);
  if (missing) return { message: apiMessages.variableMissing({ name: missing[1] }), field: missing[1] };
  // `... got invalid value 1e400 at "input.limits[0].hours"; Float cannot ...`: the path names the field.
  const invalid = /^Variable "\$(\w+)" got invalid value .*?(?: at "([^"]+)")?; ([^;]*)$/s.exec(text);
  if (invalid) {
    const inner = firstMatch(VALUE_RULES, invalid[3]);
    const field = (invalid[2] ?? invalid[1]).replace(/\[(\d+)\]/g, '.$1');
    return inner ? { message: apiMessages.variableInvalid({ name: field, problem: inner }), field } : null;
  }
  const number = firstMatch(NUMBER_RULES, text);
  return number ? { message: number } : null;
}

/** An error graphql-http raised while reading the HTTP request, as a catalogue message, or null. */
export function wordHttpRequestError(text: string): Message | null {
  return firstMatch(REQUEST_RULES, text);
}
