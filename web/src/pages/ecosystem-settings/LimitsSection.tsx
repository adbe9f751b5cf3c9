/** Limits (sessionLimits, the tutor weekly hour limits per program) and course sections (courseSectionConfig). */
import { Button, Fieldset, Group, MultiSelect, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useT } from '../../i18n/terms';
import { NumberField, RemoveButton, Toggle, type SectionProps } from './fields';
import { rowKey, type LimitType, type TutorLimitRow } from './settingsForm';

const LIMIT_TYPES: readonly LimitType[] = ['NONE', 'WEEKLY', 'MONTHLY', 'TOTAL'];
const TUTOR_LIMITS = 'sessionSettings.tutorHoursLimitConfig.limits';

export interface Program { id: string; name: string }

function TutorLimits({ values, update, errors, error, programs }: SectionProps & { programs: readonly Program[] }) {
  const t = useT();
  const rows = values.tutorLimits;
  const change = (key: number, patch: Partial<TutorLimitRow>) => update({ tutorLimits: rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) });
  const data = programs.map((p) => ({ value: p.id, label: p.name }));
  return (
    <Stack gap="xs">
      <Toggle label={t('ecosystemSettings.tutorLimits')} checked={values.tutorLimitsEnabled}
        error={errors[TUTOR_LIMITS] ?? error('sessionSettings.tutorHoursLimitConfig.isEnabled')}
        onChange={(tutorLimitsEnabled) => update({ tutorLimitsEnabled })} />
      {rows.map((row, i) => (
        <Group key={row.key} role="group" aria-label={t('ecosystemSettings.tutorLimit', { index: i + 1 })} align="flex-end" gap="xs">
          <MultiSelect label={t('ecosystemSettings.tutorLimitPrograms')} data={data} value={row.programIds} searchable miw={220}
            error={error(`${TUTOR_LIMITS}.${i}.programIds`)} onChange={(programIds) => change(row.key, { programIds })} />
          <NumberField decimal label={t('ecosystemSettings.tutorLimitHours')} value={row.weeklyHourLimit}
            error={error(`${TUTOR_LIMITS}.${i}.weeklyHourLimit`)} onChange={(weeklyHourLimit) => change(row.key, { weeklyHourLimit })} />
          <RemoveButton label={t('ecosystemSettings.removeTutorLimit', { index: i + 1 })}
            onClick={() => update({ tutorLimits: rows.filter((r) => r.key !== row.key) })} />
        </Group>
      ))}
      <Group><Button variant="light" size="compact-sm" onClick={() => update({ tutorLimits: [...rows, { key: rowKey(), programIds: [], weeklyHourLimit: '10' }] })}>
        {t('ecosystemSettings.addTutorLimit')}
      </Button></Group>
    </Stack>
  );
}

export function LimitsSection(props: SectionProps & { programs: readonly Program[] }) {
  const t = useT();
  const { values, update, error } = props;
  return (
    <Fieldset legend={t('ecosystemSettings.limits')}>
      <Stack>
        <NativeSelect label={t('ecosystemSettings.limitType')} value={values.limitType} error={error('sessionLimits.sessionLimitType')} maw={320}
          data={LIMIT_TYPES.map((type) => ({ value: type, label: t(`ecosystemSettings.limitType.${type}`) }))}
          onChange={(e) => update({ limitType: LIMIT_TYPES.find((type) => type === e.currentTarget.value) ?? 'NONE' })} />
        {values.limitType !== 'NONE' && (
          <Group align="flex-start">
            <NumberField label={t('ecosystemSettings.minuteLimit')} value={values.minuteLimit} error={error('sessionLimits.minuteLimit')}
              onChange={(minuteLimit) => update({ minuteLimit })} />
            <TextInput type="date" label={t('ecosystemSettings.resetDate')} value={values.resetDate} error={error('sessionLimits.resetDate')}
              onChange={(e) => update({ resetDate: e.currentTarget.value })} />
          </Group>
        )}
        <TutorLimits {...props} />
      </Stack>
    </Fieldset>
  );
}

export function CoursesSection({ values, update, error }: SectionProps) {
  const t = useT();
  return (
    <Fieldset legend={t('ecosystemSettings.courses')}>
      <Stack>
        <Toggle label={t('ecosystemSettings.coursesEnabled')} checked={values.courseSectionsEnabled} error={error('courseSectionConfig.enabled')}
          onChange={(courseSectionsEnabled) => update({ courseSectionsEnabled })} />
        <NumberField label={t('ecosystemSettings.maxEnrollments')} value={values.maxEnrollments} error={error('courseSectionConfig.maxEnrollments')}
          onChange={(maxEnrollments) => update({ maxEnrollments })} />
        <NumberField label={t('ecosystemSettings.dropDays')} value={values.dropDeadlineDays} error={error('courseSectionConfig.dropDeadlineDays')}
          onChange={(dropDeadlineDays) => update({ dropDeadlineDays })} />
      </Stack>
    </Fieldset>
  );
}
