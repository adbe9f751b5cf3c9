/**
 * The reader's language, from the Accept-Language header the web app sets from its interface
 * language (`en` or `es`; SPEC section 9 calls Spanish `sp`, accepted as well). The best-weighted
 * language the platform speaks wins; anything else reads English.
 */
export type Locale = 'en' | 'es';
export const LOCALES: readonly Locale[] = ['en', 'es'];
export const DEFAULT_LOCALE: Locale = 'en';

const ALIASES: Record<string, Locale> = { en: 'en', es: 'es', sp: 'es' };

/** `es-MX;q=0.8` -> { locale: 'es', q: 0.8 }; null for a language we do not speak or a malformed part. */
function parsePart(part: string): { locale: Locale; q: number } | null {
  const [range, ...params] = part.trim().split(';');
  const primary = range.trim().toLowerCase().split('-')[0];
  // hasOwn: a header part named like an Object.prototype member ("constructor") is no language.
  const locale = Object.hasOwn(ALIASES, primary) ? ALIASES[primary] : undefined;
  if (!locale) return null;
  let q = 1;
  for (const param of params) {
    const m = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
    if (m) q = Number(m[1]);
  }
  return q > 0 && q <= 1 ? { locale, q } : null;
}

/** The last header read and its answer: a client sends the same header with every request. */
let last: { value: string; locale: Locale } | null = null;

export function localeFromHeader(header: string | readonly string[] | undefined | null): Locale {
  const value = Array.isArray(header) ? header.join(',') : (header as string | undefined | null);
  if (!value) return DEFAULT_LOCALE;
  if (last?.value === value) return last.locale;
  const locale = bestLocale(value);
  last = { value, locale };
  return locale;
}

function bestLocale(value: string): Locale {
  let best: { locale: Locale; q: number } | null = null;
  // Only a higher weight displaces an earlier choice: among equals the client's order decides.
  for (const part of value.slice(0, 1000).split(',')) {
    const parsed = parsePart(part);
    if (parsed && (!best || parsed.q > best.q)) best = parsed;
  }
  return best?.locale ?? DEFAULT_LOCALE;
}
