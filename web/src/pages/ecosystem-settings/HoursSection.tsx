/** Supported hours per weekday (supportedHours): rows of a day and a time span, added and removed. */
import { Button, Fieldset, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useT } from '../../i18n/terms';
import { RemoveButton, type SectionProps } from './fields';
import { rowKey, type HoursRow } from './settingsForm';

const DAYS = ['1', '2', '3', '4', '5', '6', '0'] as const;

export function HoursSection({ values, update, errors, error }: SectionProps) {
  const t = useT();
  const rows = values.supportedHours;
  const change = (key: number, patch: Partial<HoursRow>) => update({ supportedHours: rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) });
  const add = () => update({ supportedHours: [...rows, { key: rowKey(), day: '1', startTime: '09:00', endTime: '17:00' }] });
  return (
    <Fieldset legend={t('ecosystemSettings.hours')}>
      <Stack>
        <Text size="sm">{t(rows.length === 0 ? 'ecosystemSettings.hoursNone' : 'ecosystemSettings.hoursHint')}</Text>
        {errors.supportedHours && <Text size="sm" c="red" role="alert">{errors.supportedHours}</Text>}
        {rows.map((row, i) => (
          <Group key={row.key} role="group" aria-label={t('ecosystemSettings.hoursRow', { index: i + 1 })} align="flex-end" gap="xs">
            <NativeSelect label={t('ecosystemSettings.day')} value={row.day} error={error(`supportedHours.${i}.day`)}
              data={DAYS.map((day) => ({ value: day, label: t(`ecosystemSettings.day.${day}`) }))}
              onChange={(e) => change(row.key, { day: e.currentTarget.value })} />
            <TextInput type="time" label={t('ecosystemSettings.start')} value={row.startTime} error={error(`supportedHours.${i}.startTime`)}
              onChange={(e) => change(row.key, { startTime: e.currentTarget.value })} />
            <TextInput type="time" label={t('ecosystemSettings.end')} value={row.endTime} error={error(`supportedHours.${i}.endTime`)}
              onChange={(e) => change(row.key, { endTime: e.currentTarget.value })} />
            <RemoveButton label={t('ecosystemSettings.removeHours', { index: i + 1 })}
              onClick={() => update({ supportedHours: rows.filter((r) => r.key !== row.key) })} />
          </Group>
        ))}
        <Group><Button variant="light" size="compact-sm" onClick={add}>{t('ecosystemSettings.addHours')}</Button></Group>
      </Stack>
    </Fieldset>
  );
}
