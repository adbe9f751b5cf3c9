/**
 * Field builders for the tenant value objects. Each takes the label a user sees (a catalogue
 * message), so every zod issue carries a clear sentence ("Name is required.") that the API renders
 * in the reader's language and hands to the form field by field.
 */
import { z } from 'zod';
import { zodMessage as zm, type Message } from '../shared/i18n';
import { fieldMessages as f } from '../shared/messages';
import { finiteNumber, multiLineText, singleLineText } from '../shared/text';

type Issue = { input?: unknown };
const missing = (iss: Issue) => iss.input === undefined || iss.input === null;

/** Required one-line text (names, titles, labels), trimmed; blank counts as missing. */
export function text(label: Message, max: number) {
  return requiredText(label, max, singleLineText(label));
}

/** Required text that may span lines (descriptions, messages). */
export function paragraph(label: Message, max: number) {
  return requiredText(label, max, multiLineText(label));
}

function requiredText(label: Message, max: number, rule: ReturnType<typeof singleLineText>) {
  return z.string({ error: (iss) => zm(missing(iss) ? f.required({ label }) : f.notText({ label })) })
    .trim()
    .min(1, { error: zm(f.required({ label })) })
    .max(max, { error: zm(f.tooLong({ label, max })) })
    .superRefine(rule);
}

/** Optional one-line text: blank or null is stored as null so "cleared" has a single spelling. */
export function optionalText(label: Message, max: number) {
  return optional(label, max, singleLineText(label));
}

/** Optional text that may span lines. */
export function optionalParagraph(label: Message, max: number) {
  return optional(label, max, multiLineText(label));
}

function optional(label: Message, max: number, rule: ReturnType<typeof singleLineText>) {
  return z.string({ error: zm(f.notText({ label })) })
    .trim()
    .max(max, { error: zm(f.tooLong({ label, max })) })
    .superRefine(rule)
    .nullable()
    .transform((v) => (v === null || v === '' ? null : v));
}

export function flag(label: Message) {
  return z.boolean({ error: zm(f.notTrueOrFalse({ label })) });
}

export function whole(label: Message, min: number, max: number) {
  return finiteNumber(label, f.notWholeNumber({ label }))
    .int({ error: zm(f.notWholeNumber({ label })) })
    .min(min, { error: zm(f.tooSmall({ label, min })) })
    .max(max, { error: zm(f.tooLarge({ label, max })) });
}

export function decimal(label: Message, min: number, max: number) {
  return finiteNumber(label, f.notNumber({ label }))
    .min(min, { error: zm(f.tooSmall({ label, min })) })
    .max(max, { error: zm(f.tooLarge({ label, max })) });
}

export function oneOf<const T extends readonly [string, ...string[]]>(label: Message, values: T) {
  return z.enum(values, { error: (iss) => zm(missing(iss) ? f.required({ label }) : f.notOneOf({ label, values: values.join(', ') })) });
}

/** A list with a bound, whose items are validated by `item`. */
export function list<T extends z.ZodType>(label: Message, item: T, max: number) {
  return z.array(item, { error: zm(f.notList({ label })) })
    .max(max, { error: zm(f.tooManyEntries({ label, max })) });
}

/** A list of enum values where each value may appear once. */
export function setOf<const T extends readonly [string, ...string[]]>(label: Message, values: T) {
  return list(label, oneOf(label, values), values.length)
    .refine((xs) => new Set(xs).size === xs.length, { error: zm(f.repeatsValue({ label })) });
}

const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

export function optionalUrl(label: Message) {
  return optionalText(label, 2000).refine((v) => v === null || URL_PATTERN.test(v), {
    error: zm(f.notWebAddress({ label })),
  });
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function optionalEmail(label: Message) {
  return optionalText(label, 254).refine((v) => v === null || EMAIL_PATTERN.test(v), {
    error: zm(f.notEmail({ label })),
  });
}

/** Spec section 5: 10 digits with an optional leading 1; stored as the 10 digits. */
export function optionalPhone(label: Message) {
  return optionalText(label, 40)
    .transform((v) => (v === null ? null : v.replace(/\D/g, '')))
    .refine((v) => v === null || /^1?\d{10}$/.test(v), { error: zm(f.notPhone({ label })) })
    .transform((v) => (v !== null && v.length === 11 ? v.slice(1) : v));
}

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isClockTime(value: unknown): value is string {
  return typeof value === 'string' && CLOCK_TIME.test(value);
}

/** 24-hour "HH:mm", the form the clock pickers send; fixed width, so strings compare as times. */
export function clockTime(label: Message) {
  return z.string({ error: zm(f.required({ label })) }).regex(CLOCK_TIME, { error: zm(f.notClockTime({ label })) });
}

/** ISO calendar date "YYYY-MM-DD". */
export function optionalDate(label: Message) {
  return z.iso.date({ error: zm(f.notDate({ label })) }).nullable();
}

/** A short name cut from a long one at a word boundary, for tenants created without one. */
export function shortNameFrom(name: string, max: number): string {
  const trimmed = name.trim();
  if (trimmed.length <= max) return trimmed;
  const cut = trimmed.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : trimmed.slice(0, max)).trim();
}
