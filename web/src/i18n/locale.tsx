/**
 * The interface language: SPEC section 1 calls the two languages `en` and `sp`; the Intl APIs
 * need BCP 47 (`es`). The choice is kept in localStorage and on <html lang>.
 *
 * English ships with the first load; Spanish is fetched when chosen (main.tsx fetches the stored
 * choice before the first render, so a Spanish reader never sees English first).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { en, type CoreMessageId } from './en';
import { isAppLocale, LANGUAGE_TAGS, LOCALE_STORAGE_KEY, storedLocale, type AppLocale } from './language';

export { isAppLocale, LOCALE_STORAGE_KEY, type AppLocale };

export type Messages = Record<CoreMessageId, string>;

export const LOCALES: Record<AppLocale, { tag: string; nativeName: string }> = {
  en: { tag: LANGUAGE_TAGS.en, nativeName: 'English' },
  sp: { tag: LANGUAGE_TAGS.sp, nativeName: 'Español' },
};

const loaded: Partial<Record<AppLocale, Messages>> = { en };
const loaders: Record<AppLocale, () => Promise<Messages>> = {
  en: () => Promise.resolve(en),
  sp: () => import('./es').then((module) => module.es),
};

/** Fetches a language's catalogue once; later calls answer at once. */
export async function loadCatalogue(locale: AppLocale): Promise<Messages> {
  const messages = loaded[locale] ?? await loaders[locale]();
  loaded[locale] = messages;
  return messages;
}

interface LocaleContextValue {
  locale: AppLocale;
  setLocale: (locale: AppLocale) => Promise<void>;
}

const LocaleContext = createContext<LocaleContextValue>({ locale: 'en', setLocale: async () => undefined });

export function useLocale(): LocaleContextValue {
  return useContext(LocaleContext);
}

/** A language whose catalogue is not loaded yet shows in English until it is (main.tsx loads it first). */
function initialLocale(initial: AppLocale | undefined): AppLocale {
  const wanted = initial ?? storedLocale();
  return loaded[wanted] ? wanted : 'en';
}

export function LocaleProvider({ children, initial }: { children: ReactNode; initial?: AppLocale }) {
  const [locale, setLocaleState] = useState<AppLocale>(() => initialLocale(initial));
  const setLocale = useCallback(async (next: AppLocale) => {
    await loadCatalogue(next);
    // Stored first: the network layer reads it for the next request's Accept-Language.
    window.localStorage.setItem(LOCALE_STORAGE_KEY, next);
    setLocaleState(next);
  }, []);
  const { tag } = LOCALES[locale];
  const messages = loaded[locale] ?? en;
  useEffect(() => { document.documentElement.lang = tag; }, [tag]);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={tag} defaultLocale="en" messages={messages} onError={reportIntlError}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

function reportIntlError(error: Error): void {
  console.error(error);
}
