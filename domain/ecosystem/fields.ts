/**
 * Field builders for the tenant value objects. Each takes the label a user sees, so every zod
 * issue already carries a clear English sentence ("Name is required.") and the API can hand the
 * messages to the form field by field without a second translation table.
 */
import { z } from 'zod';
import { finiteNumber, multiLineText, singleLineText } from '../shared/text';

type Issue = { input?: unknown };
const missing = (iss: Issue) => iss.input === undefined || iss.input === null;

/** Required one-line text (names, titles, labels), trimmed; blank counts as missing. */
export function text(label: string, max: number) {
  return requiredText(label, max, singleLineText(label));
}

/** Required text that may span lines (descriptions, messages). */
export function paragraph(label: string, max: number) {
  return requiredText(label, max, multiLineText(label));
}

function requiredText(label: string, max: number, rule: ReturnType<typeof singleLineText>) {
  return z.string({ error: (iss) => (missing(iss) ? `${label} is required.` : `${label} must be text.`) })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .superRefine(rule);
}

/** Optional one-line text: blank or null is stored as null so "cleared" has a single spelling. */
export function optionalText(label: string, max: number) {
  return optional(label, max, singleLineText(label));
}

/** Optional text that may span lines. */
export function optionalParagraph(label: string, max: number) {
  return optional(label, max, multiLineText(label));
}

function optional(label: string, max: number, rule: ReturnType<typeof singleLineText>) {
  return z.string({ error: `${label} must be text.` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .superRefine(rule)
    .nullable()
    .transform((v) => (v === null || v === '' ? null : v));
}

export function flag(label: string) {
  return z.boolean({ error: `${label} must be true or false.` });
}

export function whole(label: string, min: number, max: number) {
  return finiteNumber(label, 'a whole number')
    .int({ error: `${label} must be a whole number.` })
    .min(min, { error: `${label} must be at least ${min}.` })
    .max(max, { error: `${label} must be at most ${max}.` });
}

export function decimal(label: string, min: number, max: number) {
  return finiteNumber(label)
    .min(min, { error: `${label} must be at least ${min}.` })
    .max(max, { error: `${label} must be at most ${max}.` });
}

export function oneOf<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.enum(values, { error: (iss) => (missing(iss) ? `${label} is required.` : `${label} must be one of: ${values.join(', ')}.`) });
}

/** A list with a bound, whose items are validated by `item`. */
export function list<T extends z.ZodType>(label: string, item: T, max: number) {
  return z.array(item, { error: `${label} must be a list.` })
    .max(max, { error: `${label} may have at most ${max} entries.` });
}

/** A list of enum values where each value may appear once. */
export function setOf<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return list(label, oneOf(label, values), values.length)
    .refine((xs) => new Set(xs).size === xs.length, { error: `${label} must not repeat a value.` });
}

const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

export function optionalUrl(label: string) {
  return optionalText(label, 2000).refine((v) => v === null || URL_PATTERN.test(v), {
    error: `${label} must be a web address starting with http:// or https://.`,
  });
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function optionalEmail(label: string) {
  return optionalText(label, 254).refine((v) => v === null || EMAIL_PATTERN.test(v), {
    error: `${label} must be a valid e-mail address.`,
  });
}

/** Spec section 5: 10 digits with an optional leading 1; stored as the 10 digits. */
export function optionalPhone(label: string) {
  return optionalText(label, 40)
    .transform((v) => (v === null ? null : v.replace(/\D/g, '')))
    .refine((v) => v === null || /^1?\d{10}$/.test(v), { error: `${label} must have 10 digits (an optional leading 1 is allowed).` })
    .transform((v) => (v !== null && v.length === 11 ? v.slice(1) : v));
}

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isClockTime(value: unknown): value is string {
  return typeof value === 'string' && CLOCK_TIME.test(value);
}

/** 24-hour "HH:mm", the form the clock pickers send; fixed width, so strings compare as times. */
export function clockTime(label: string) {
  return z.string({ error: `${label} is required.` }).regex(CLOCK_TIME, { error: `${label} must be a time like 09:30.` });
}

/** ISO calendar date "YYYY-MM-DD". */
export function optionalDate(label: string) {
  return z.iso.date({ error: `${label} must be a date like 2025-08-31.` }).nullable();
}

/** A short name cut from a long one at a word boundary, for tenants created without one. */
export function shortNameFrom(name: string, max: number): string {
  const trimmed = name.trim();
  if (trimmed.length <= max) return trimmed;
  const cut = trimmed.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : trimmed.slice(0, max)).trim();
}
