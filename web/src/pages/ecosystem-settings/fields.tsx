/** Small controls the scheduling settings sections share: a number field and a list row's remove button. */
import { Button, Switch, TextInput } from '@mantine/core';
import { useT } from '../../i18n/terms';
import type { SettingsValues } from './settingsForm';

export interface SectionProps {
  values: SettingsValues;
  update: (patch: Partial<SettingsValues>) => void;
  /** Messages by field path (the server's, without `ecosystemInput.`). */
  errors: Readonly<Record<string, string>>;
  /** The message of a control: its path's, or the first about something inside it. */
  error: (path: string) => string | undefined;
}

/** Numbers stay the text typed until saving, so a half-typed value is never rewritten under the cursor. */
export function NumberField({ label, value, onChange, error, decimal = false, description, shrink = false }: {
  label: string; value: string; onChange: (value: string) => void; error: string | undefined; decimal?: boolean; description?: string;
  /** In a row with a button: the field gives way on a narrow screen. */
  shrink?: boolean;
}) {
  return (
    <TextInput label={label} value={value} error={error} description={description} inputMode={decimal ? 'decimal' : 'numeric'}
      maw={320} style={shrink ? { flex: 1, minWidth: 0 } : undefined} onChange={(e) => onChange(e.currentTarget.value)} />
  );
}

export function Toggle({ label, checked, onChange, error }: { label: string; checked: boolean; onChange: (on: boolean) => void; error?: string }) {
  return <Switch label={label} checked={checked} error={error} onChange={(e) => onChange(e.currentTarget.checked)} />;
}

/** A short visible word, the row it removes in its accessible name (which starts with the same word). */
export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  const t = useT();
  return <Button variant="subtle" color="red" size="compact-sm" aria-label={label} onClick={onClick}>{t('ecosystemSettings.remove')}</Button>;
}
