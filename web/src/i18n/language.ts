/**
 * The interface language as stored, without the catalogues: the network layer sends it on every
 * request (Accept-Language) and must not pull the messages in. SPEC section 1 names the languages
 * `en` and `sp`; HTTP and the Intl APIs need BCP 47 (`es`).
 */
export type AppLocale = 'en' | 'sp';

export const LOCALE_STORAGE_KEY = 'locale';

export const LANGUAGE_TAGS: Readonly<Record<AppLocale, string>> = { en: 'en', sp: 'es' };

export function isAppLocale(value: unknown): value is AppLocale {
  return value === 'en' || value === 'sp';
}

/** The stored choice, else English (also where there is no window, as in tests). */
export function storedLocale(): AppLocale {
  if (typeof window === 'undefined') return 'en';
  const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
  return isAppLocale(stored) ? stored : 'en';
}

export function currentLanguageTag(): string {
  return LANGUAGE_TAGS[storedLocale()];
}
