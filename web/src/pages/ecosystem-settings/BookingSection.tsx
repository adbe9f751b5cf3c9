/** Booking and joining rules of the ecosystem (sessionSettings, timeBufferConfig). */
import { Button, Fieldset, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useT } from '../../i18n/terms';
import { NumberField, RemoveButton, Toggle, type SectionProps } from './fields';
import { rowKey } from './settingsForm';

const INTERVALS = ['0', '15', '30', '60'] as const;

function Durations({ values, update, errors, error }: SectionProps) {
  const t = useT();
  const rows = values.sessionDurations;
  const listError = errors['sessionSettings.sessionDurations'];
  return (
    <Stack gap="xs" role="group" aria-labelledby="durations-label">
      <Text id="durations-label" fw={500} size="sm">{t('ecosystemSettings.durations')}</Text>
      <Text size="xs" c="dimmed">{t('ecosystemSettings.durationsHint')}</Text>
      {listError && <Text size="sm" c="red" role="alert">{listError}</Text>}
      {rows.map((row, i) => (
        <Group key={row.key} align="flex-end" gap="xs" wrap="nowrap">
          <NumberField shrink label={t('ecosystemSettings.duration', { index: i + 1 })} value={row.minutes}
            error={error(`sessionSettings.sessionDurations.${i}`)}
            onChange={(minutes) => update({ sessionDurations: rows.map((r) => (r.key === row.key ? { ...r, minutes } : r)) })} />
          <RemoveButton label={t('ecosystemSettings.removeDuration', { index: i + 1 })}
            onClick={() => update({ sessionDurations: rows.filter((r) => r.key !== row.key) })} />
        </Group>
      ))}
      <Group><Button variant="light" size="compact-sm" onClick={() => update({ sessionDurations: [...rows, { key: rowKey(), minutes: '' }] })}>
        {t('ecosystemSettings.addDuration')}
      </Button></Group>
    </Stack>
  );
}

export function BookingSection(props: SectionProps) {
  const t = useT();
  const { values, update, error } = props;
  return (
    <Fieldset legend={t('ecosystemSettings.booking')}>
      <Stack>
        <Toggle label={t('ecosystemSettings.tuteeBook')} checked={values.tuteeBookEnabled} error={error('sessionSettings.tuteeBookEnabled')}
          onChange={(tuteeBookEnabled) => update({ tuteeBookEnabled })} />
        <Toggle label={t('ecosystemSettings.overlapChecks')} checked={values.overlapChecksEnabled} error={error('sessionSettings.overlapChecksEnabled')}
          onChange={(overlapChecksEnabled) => update({ overlapChecksEnabled })} />
        <Durations {...props} />
        <NativeSelect label={t('ecosystemSettings.interval')} value={values.sessionInterval} error={error('sessionSettings.sessionInterval')} maw={320}
          data={INTERVALS.map((minutes) => ({ value: minutes, label: t(`ecosystemSettings.interval.${minutes}`) }))}
          onChange={(e) => update({ sessionInterval: e.currentTarget.value })} />
        <NumberField label={t('ecosystemSettings.advanceDays')} value={values.sessionAdvanceDayLimit}
          error={error('sessionSettings.sessionAdvanceDayLimit')} onChange={(sessionAdvanceDayLimit) => update({ sessionAdvanceDayLimit })} />
        <Toggle label={t('ecosystemSettings.buffer')} checked={values.bufferEnabled} error={error('timeBufferConfig.enabled')}
          onChange={(bufferEnabled) => update({ bufferEnabled })} />
        <NumberField label={t('ecosystemSettings.bufferMinutes')} value={values.bufferMinutes} error={error('timeBufferConfig.lengthMinutes')}
          onChange={(bufferMinutes) => update({ bufferMinutes })} />
      </Stack>
    </Fieldset>
  );
}

export function JoiningSection({ values, update, error }: SectionProps) {
  const t = useT();
  return (
    <Fieldset legend={t('ecosystemSettings.joining')}>
      <Stack>
        <Toggle label={t('ecosystemSettings.onlyToday')} checked={values.onlyJoinSessionsToday} error={error('sessionSettings.onlyJoinSessionsToday')}
          onChange={(onlyJoinSessionsToday) => update({ onlyJoinSessionsToday })} />
        <NumberField label={t('ecosystemSettings.graceMinutes')} value={values.attendanceGraceMinutes}
          error={error('sessionSettings.attendanceGraceMinutes')} onChange={(attendanceGraceMinutes) => update({ attendanceGraceMinutes })} />
      </Stack>
    </Fieldset>
  );
}
