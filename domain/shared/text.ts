/**
 * What any text a user sends must satisfy, in one place: no NUL (PostgreSQL text and jsonb cannot
 * hold it, so it would fail deep inside a write), no unpaired UTF-16 surrogate (it cannot be stored
 * or shown as a character; it only comes from broken clients or attackers), no other control
 * character, and, for single-line fields (names, titles, cities...), no line break either.
 *
 * `textProblem` is the rule; `singleLineText` and `multiLineText` are the zod refinements every
 * domain input uses; the HTTP layer applies `textProblem` to every string a request carries.
 */
import { z } from 'zod';
import { defineMessages, zodMessage, type Message } from './i18n';

export type TextProblem = 'nul' | 'surrogate' | 'control' | 'lineBreak';

const NUL = /\u0000/;
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** C0 controls other than tab, line feed and carriage return; DEL; C1 controls other than NEL. */
const CONTROL = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F\u0080-\u0084\u0086-\u009F]/;
/** Line feed, carriage return, next line, line and paragraph separators. */
const LINE_BREAK = /[\n\r\u0085\u2028\u2029]/;

export function textProblem(value: string, options: { singleLine: boolean }): TextProblem | null {
  if (NUL.test(value)) return 'nul';
  if (UNPAIRED_SURROGATE.test(value)) return 'surrogate';
  if (CONTROL.test(value)) return 'control';
  if (options.singleLine && LINE_BREAK.test(value)) return 'lineBreak';
  return null;
}

/** The sentence a user reads for each problem; `label` names the field in the reader's words. */
export const textMessages = defineMessages('text', {
  nul: '{label} contains a NUL character (code 0), which is not allowed.',
  surrogate: '{label} contains a broken character (an unpaired surrogate); please type it again.',
  control: '{label} contains an invisible control character, which is not allowed.',
  lineBreak: '{label} must fit on one line, without line breaks.',
  notFinite: '{label} must be a finite number.',
});

function refineText(label: Message, singleLine: boolean) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = textProblem(value, { singleLine });
    if (problem) ctx.addIssue({ code: 'custom', message: zodMessage(textMessages[problem]({ label })) });
  };
}

/** Refinement for names, titles, labels, cities: one line of printable text. */
export function singleLineText(label: Message) {
  return refineText(label, true);
}

/** Refinement for descriptions and messages: line breaks and tabs allowed, other controls not. */
export function multiLineText(label: Message) {
  return refineText(label, false);
}

/**
 * A number that is a real quantity: NaN and the infinities are refused with a sentence, not a type
 * error; `notNumber` is the message for a value that is not a number at all.
 */
export function finiteNumber(label: Message, notNumber: Message) {
  return z.number({ error: (iss) => zodMessage(typeof iss.input === 'number' ? textMessages.notFinite({ label }) : notNumber) });
}
