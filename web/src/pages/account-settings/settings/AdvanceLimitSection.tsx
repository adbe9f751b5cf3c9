/** The advance-booking limit (advanceLimit and advanceLength of the profile): how much notice a booking with this person needs. */
import { Alert, Button, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { showToast } from '../../../components/toast';
import { useT } from '../../../i18n/terms';
import { displayError, fieldErrors } from '../../../relay/errors';
import { advanceInput, type AdvanceUnit } from './rules';
import { Section } from './Section';
import { useProfileSettingsMutation } from './useSettingsMutations';

const UNITS: AdvanceUnit[] = ['MINUTES', 'HOURS', 'DAYS'];

export function AdvanceLimitSection({ limit, unit }: { limit: number | null | undefined; unit: AdvanceUnit | '%future added value' | null | undefined }) {
  const t = useT();
  const [amount, setAmount] = useState(limit == null ? '' : String(limit));
  const [length, setLength] = useState<AdvanceUnit | null>(UNITS.find((u) => u === unit) ?? null);
  const [errors, setErrors] = useState<{ amount?: string; unit?: string; form?: string }>({});
  const [save, saving] = useProfileSettingsMutation();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = advanceInput(amount, length);
    if (!checked.ok) return setErrors({ [checked.field]: t(checked.error) });
    setErrors({});
    try {
      await save({ variables: { input: { advanceLimit: checked.advanceLimit, advanceLength: checked.advanceLength } } });
      showToast({ color: 'teal', message: t('settings.saved') });
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors({ amount: fields['input.advanceLimit'], unit: fields['input.advanceLength'], form: displayError(err) });
    }
  };
  return (
    <Section id="settings-advance" title={t('settings.advance.title')}>
      <Text size="sm">{t('settings.advance.intro')}</Text>
      <form onSubmit={submit} noValidate aria-labelledby="settings-advance">
        <Group align="flex-start" wrap="wrap">
          <TextInput label={t('settings.advance.amount')} inputMode="numeric" w="8rem" value={amount} onChange={(e) => setAmount(e.currentTarget.value)}
            error={errors.amount} aria-invalid={errors.amount ? true : undefined} />
          <NativeSelect label={t('settings.advance.unit')} value={length ?? ''} error={errors.unit} aria-invalid={errors.unit ? true : undefined}
            onChange={(e) => setLength(UNITS.find((u) => u === e.currentTarget.value) ?? null)}>
            <option value="">—</option>
            {UNITS.map((u) => <option key={u} value={u}>{t(`settings.advance.${u}`)}</option>)}
          </NativeSelect>
        </Group>
        <Button type="submit" mt="sm" loading={saving}>{t('common.save')}</Button>
        {errors.form && <Alert color="red" role="alert" mt="xs">{errors.form}</Alert>}
      </form>
    </Section>
  );
}
