/**
 * The interface language: SPEC section 1 calls the two languages `en` and `sp`; the Intl APIs
 * need BCP 47 (`es`). The choice is kept in localStorage and on <html lang>.
 */
import { DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import 'dayjs/locale/es';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { en, type MessageId } from './en';
import { es } from './es';

// Date inputs show dates in the reader's long form ("November 22, 2026" / "22 de noviembre de 2026").
dayjs.extend(localizedFormat);

export type AppLocale = 'en' | 'sp';

export const LOCALES: Record<AppLocale, { tag: string; messages: Record<MessageId, string>; nativeName: string }> = {
  en: { tag: 'en', messages: en, nativeName: 'English' },
  sp: { tag: 'es', messages: es, nativeName: 'Español' },
};

export const LOCALE_STORAGE_KEY = 'locale';

export function isAppLocale(value: unknown): value is AppLocale {
  return value === 'en' || value === 'sp';
}

interface LocaleContextValue {
  locale: AppLocale;
  setLocale: (locale: AppLocale) => void;
}

const LocaleContext = createContext<LocaleContextValue>({ locale: 'en', setLocale: () => undefined });

export function useLocale(): LocaleContextValue {
  return useContext(LocaleContext);
}

function storedLocale(): AppLocale {
  if (typeof window === 'undefined') return 'en';
  const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
  return isAppLocale(stored) ? stored : 'en';
}

export function LocaleProvider({ children, initial }: { children: ReactNode; initial?: AppLocale }) {
  const [locale, setLocaleState] = useState<AppLocale>(() => initial ?? storedLocale());
  const setLocale = useCallback((next: AppLocale) => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, next);
    setLocaleState(next);
  }, []);
  const { tag, messages } = LOCALES[locale];
  useEffect(() => { document.documentElement.lang = tag; }, [tag]);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={tag} defaultLocale="en" messages={messages} onError={reportIntlError}>
        <DatesProvider settings={{ locale: tag, firstDayOfWeek: 0 }}>{children}</DatesProvider>
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

function reportIntlError(error: Error): void {
  console.error(error);
}
