/**
 * The settings pages' messages, laid over the app's catalogue for the pages below. They are not in
 * en.ts, which ships with the first load (its budget: tests/e2e/first-load.e2e.test.ts): this
 * module, and so both languages of these messages, load with the first settings page opened.
 */
import type { ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { useLocale } from './locale';
import { settingsEn } from './settings.en';
import { settingsEs } from './settings.es';

const CATALOGUES = { en: settingsEn, sp: settingsEs } as const;

function reportIntlError(error: Error): void {
  console.error(error);
}

export function SettingsMessages({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const { locale } = useLocale();
  return (
    <IntlProvider locale={intl.locale} defaultLocale="en" messages={{ ...intl.messages, ...CATALOGUES[locale] }} onError={reportIntlError}>
      {children}
    </IntlProvider>
  );
}
