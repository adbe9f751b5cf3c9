import { NativeSelect } from '@mantine/core';
import { isAppLocale, LOCALES, useLocale, type AppLocale } from '../i18n/locale';
import { useT } from '../i18n/terms';

const ORDER: AppLocale[] = ['en', 'sp'];

function reportFailure(error: unknown): void {
  console.error('The language could not be loaded', error);
}

/**
 * The interface languages, each named in its own language; the choice is remembered. A native
 * select: it fits a phone's header, and phones show their own picker for it.
 */
export function LanguageSwitcher() {
  const t = useT();
  const { locale, setLocale } = useLocale();
  return (
    <NativeSelect aria-label={t('language.label')} value={locale} size="sm" w="auto"
      onChange={(event) => { const next = event.currentTarget.value; if (isAppLocale(next)) void setLocale(next).catch(reportFailure); }}>
      {ORDER.map((code) => <option key={code} value={code} lang={LOCALES[code].tag}>{LOCALES[code].nativeName}</option>)}
    </NativeSelect>
  );
}
