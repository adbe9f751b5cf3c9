/**
 * Messages users read, by key (DESIGN.md section 7; docs/decisions/0020-server-messages-by-key.md).
 * The domain says which message applies and with which arguments; it never picks a language. The
 * API renders the message in the reader's language, in one place (api/errors.ts with api/i18n).
 *
 * Each area defines its messages once, with their English text in ICU MessageFormat:
 *
 *   export const programMessages = defineMessages('program', {
 *     notFound: 'This program does not exist.',
 *     renamed: 'Renamed to {name}.',
 *   });
 *   throw new NotFoundError(programMessages.notFound);
 *   throw new IllegalStateError(programMessages.renamed({ name }));
 *
 * The Spanish text of `program.notFound` lives in api/i18n/es/; a unit test fails while any key
 * lacks it or uses other arguments.
 */

import { IntlMessageFormat } from 'intl-messageformat';

export type MessageArg = string | number | Message;

export interface Message {
  /** Catalogue key, `<area>.<name>`. */
  readonly key: string;
  readonly params?: Readonly<Record<string, MessageArg>>;
  /** The English text (ICU): what logs and Error.message show, and the English catalogue's entry. */
  readonly english: string;
}

/** `{name}` and `{count, plural, ...}` name arguments; `{# steps}` inside a plural does not. */
type ArgName<S extends string> = S extends `${infer Name},${string}` ? ArgName<Name> : S extends `${string} ${string}` | `#${string}` | '' ? never : S;
type ArgNames<S extends string> = S extends `${string}{${infer Inside}}${infer Rest}` ? ArgName<Inside> | ArgNames<Rest> : never;

/** A message without arguments is used as is; one with arguments is called with them. */
export type MessageEntry<S extends string> = [ArgNames<S>] extends [never] ? Message : (params: Record<ArgNames<S>, MessageArg>) => Message;

export const CATALOGUE = Symbol('catalogue');

export type MessageGroup<T extends Record<string, string>> = { readonly [K in keyof T]: MessageEntry<T[K]> } & {
  /** Every key of the group with its English text, for api/i18n's English catalogue. */
  readonly [CATALOGUE]: Readonly<Record<string, string>>;
};

const AREA = /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)*$/;

export function defineMessages<const T extends Record<string, string>>(area: string, texts: T): MessageGroup<T> {
  if (!AREA.test(area)) throw new Error(`message area "${area}" must be dotted camelCase words`);
  const catalogue: Record<string, string> = {};
  const group: Record<string, unknown> = {};
  for (const [name, english] of Object.entries(texts)) {
    const key = `${area}.${name}`;
    catalogue[key] = english;
    group[name] = hasArguments(english)
      ? (params: Record<string, MessageArg>): Message => ({ key, params, english })
      : Object.freeze({ key, english });
  }
  Object.defineProperty(group, CATALOGUE, { value: Object.freeze(catalogue) });
  return Object.freeze(group) as MessageGroup<T>;
}

function hasArguments(text: string): boolean {
  return /\{\s*[A-Za-z_][\w]*\s*[,}]/.test(text);
}

export function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null
    && typeof (value as Message).key === 'string' && typeof (value as Message).english === 'string';
}

/**
 * The English text with its arguments (plurals and numbers included): for Error.message and logs.
 * Readers get the API's rendering (api/i18n), in their own language.
 */
export function renderEnglish(message: Message): string {
  let format = englishFormats.get(message.english);
  if (!format) {
    format = new IntlMessageFormat(message.english, 'en');
    englishFormats.set(message.english, format);
  }
  const values: Record<string, string | number> = {};
  for (const [name, arg] of Object.entries(message.params ?? {})) values[name] = typeof arg === 'object' ? renderEnglish(arg) : arg;
  const result = format.format(values);
  return typeof result === 'string' ? result : String(result);
}

const englishFormats = new Map<string, IntlMessageFormat>();

/*
 * zod keeps only a string per issue, so a message given to zod travels as this encoding and is
 * decoded again where issues become field errors (domain/shared/errors.ts fieldErrorsOf).
 */
const ENCODED = 'i18n:';

/** For zod's `error` and `message` options: `z.string({ error: zodMessage(m.nameRequired) })`. */
export function zodMessage(message: Message): string {
  return ENCODED + JSON.stringify(message);
}

/** The message a zod issue carries, or null when its text was not made by zodMessage (zod's own defaults). */
export function decodeZodMessage(text: string): Message | null {
  if (!text.startsWith(ENCODED)) return null;
  try {
    const value: unknown = JSON.parse(text.slice(ENCODED.length));
    return isMessage(value) ? value : null;
  } catch {
    return null;
  }
}
