/**
 * Language (spec: en and sp): saved to the profile, so messages the platform sends come in it,
 * and applied to the app at once.
 */
import { Alert, NativeSelect, Text } from '@mantine/core';
import { useState } from 'react';
import { useErrorText } from '../../../components/useErrorText';
import { isAppLocale, LOCALES, useLocale, type AppLocale } from '../../../i18n/locale';
import { useT } from '../../../i18n/terms';
import { Section } from './Section';
import { useProfileSettingsMutation } from './useSettingsMutations';

export function LanguageSection({ saved }: { saved: string }) {
  const t = useT();
  const { locale, setLocale } = useLocale();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [announced, setAnnounced] = useState<AppLocale | null>(null);
  const [save, saving] = useProfileSettingsMutation();
  const choose = async (next: AppLocale) => {
    setError(null);
    try {
      if (next !== saved) await save({ variables: { input: { languagePreference: next } } });
      await setLocale(next);
      // Said under the choice once the app speaks the new language (the message names it).
      setAnnounced(next);
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <Section id="settings-language" title={t('settings.language.title')}>
      <NativeSelect label={t('settings.language.label')} value={locale} disabled={saving} w="fit-content" maw="100%"
        onChange={(e) => { const next = e.currentTarget.value; if (isAppLocale(next)) void choose(next); }}>
        {(['en', 'sp'] as const).map((code) => <option key={code} value={code} lang={LOCALES[code].tag}>{LOCALES[code].nativeName}</option>)}
      </NativeSelect>
      <Text size="sm" role="status" c="teal.9">{announced === locale ? t('settings.language.saved') : ''}</Text>
      {error && <Alert color="red" role="alert">{error}</Alert>}
    </Section>
  );
}
