import { Button, Menu } from '@mantine/core';
import { LOCALES, useLocale, type AppLocale } from '../i18n/locale';
import { useT } from '../i18n/terms';

const ORDER: AppLocale[] = ['en', 'sp'];

/** A menu of the interface languages, each named in its own language; the choice is remembered. */
export function LanguageSwitcher() {
  const t = useT();
  const { locale, setLocale } = useLocale();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" aria-label={t('language.menu', { language: LOCALES[locale].nativeName })}>
          {LOCALES[locale].nativeName}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('language.label')}>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {ORDER.map((code) => (
          <Menu.Item key={code} lang={LOCALES[code].tag} onClick={() => setLocale(code)}
            aria-current={code === locale ? 'true' : undefined} fw={code === locale ? 700 : undefined}>
            {LOCALES[code].nativeName}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
