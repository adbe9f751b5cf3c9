/**
 * The scheduled report's form (decision 0068), for a new report and for an edit: name, the
 * ecosystem and its programs, recipients, language, and the schedule (how often, which day, the
 * hour, the zone, first and last day). The server checks everything; its messages show under
 * their fields.
 */
import { Button, Checkbox, Group, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useT } from '../../i18n/terms';
import { WEEK_DAYS, dayLabel } from './words';
import type { ReportInput } from './useSaveReportMutation';

export interface EcosystemChoice { id: string; name: string; programs: Array<{ id: string; name: string }> }

export interface FormValues {
  reportName: string;
  ecosystemId: string | null;
  programs: string[];
  recipients: string;
  language: 'en' | 'es';
  frequency: 'DAILY' | 'WEEKLY' | 'MONTHLY';
  dayOfWeek: string;
  dayOfMonth: number;
  hour: string;
  timeZoneId: string;
  startDay: string;
  endDay: string;
}

const LISTED: string[] = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
/** Every IANA zone the browser knows, and UTC, which its list leaves out. */
export const ZONES: string[] = LISTED.includes('UTC') ? LISTED : ['UTC', ...LISTED];

export function inputOf(v: FormValues): ReportInput {
  return {
    reportName: v.reportName, ecosystemId: v.ecosystemId ?? '', programs: v.programs, language: v.language,
    recipientEmail: v.recipients.split(/[\s,;]+/).map((e) => e.trim()).filter(Boolean),
    schedule: {
      frequency: v.frequency, timeOfDay: Number(v.hour), timeZoneId: v.timeZoneId,
      dayOfWeek: v.frequency === 'WEEKLY' ? Number(v.dayOfWeek) : null, dayOfMonth: v.frequency === 'MONTHLY' ? v.dayOfMonth : null,
    },
    startDay: v.startDay || null, endDay: v.endDay || null,
  };
}

/** The server's field paths (`input.schedule.timeOfDay`, `input.recipientEmail.1`) as this form's field names. */
function errorFor(errors: Record<string, string>, field: string): string | undefined {
  const hit = Object.entries(errors).find(([path]) => path.replace(/^input\./, '').replace(/\.\d+$/, '') === field);
  return hit?.[1];
}

export function ReportForm({ initial, ecosystems, errors, saving, onSubmit }: {
  initial: FormValues; ecosystems: EcosystemChoice[]; errors: Record<string, string>; saving: boolean; onSubmit: (v: FormValues) => void;
}) {
  const t = useT();
  const [v, setV] = useState<FormValues>(initial);
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setV((old) => ({ ...old, [key]: value }));
  const programs = useMemo(() => ecosystems.find((e) => e.id === v.ecosystemId)?.programs ?? [], [ecosystems, v.ecosystemId]);
  const err = (field: string) => errorFor(errors, field);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(v);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t('reports.form.name')} required value={v.reportName} onChange={(e) => set('reportName', e.currentTarget.value)} error={err('reportName')} />
        <Select label={t('reports.form.ecosystem')} required searchable data={ecosystems.map((e) => ({ value: e.id, label: e.name }))} value={v.ecosystemId}
          onChange={(id) => setV((old) => ({ ...old, ecosystemId: id, programs: [] }))} error={err('ecosystemId')} />
        <Checkbox.Group label={t('reports.form.programs')} value={v.programs} onChange={(ids) => set('programs', ids)} error={err('programs')}>
          <Stack gap={4} mt={4}>{programs.map((p) => <Checkbox key={p.id} value={p.id} label={p.name} />)}</Stack>
        </Checkbox.Group>
        <Textarea label={t('reports.form.recipients')} description={t('reports.form.recipientsHint')} required autosize minRows={2}
          value={v.recipients} onChange={(e) => set('recipients', e.currentTarget.value)} error={err('recipientEmail')} />
        <Select label={t('reports.form.language')} allowDeselect={false} value={v.language} onChange={(l) => set('language', l === 'es' ? 'es' : 'en')}
          data={[{ value: 'en', label: t('reports.form.language.en') }, { value: 'es', label: t('reports.form.language.es') }]} />
        <Select label={t('reports.form.frequency')} allowDeselect={false} value={v.frequency}
          onChange={(f) => set('frequency', f === 'WEEKLY' || f === 'MONTHLY' ? f : 'DAILY')}
          data={(['DAILY', 'WEEKLY', 'MONTHLY'] as const).map((f) => ({ value: f, label: t(`reports.form.frequency.${f}`) }))} />
        {v.frequency === 'WEEKLY' && (
          <Select label={t('reports.form.dayOfWeek')} allowDeselect={false} value={v.dayOfWeek} onChange={(d) => set('dayOfWeek', d ?? '1')}
            data={WEEK_DAYS.map((d) => ({ value: String(d), label: dayLabel(t, d) }))} error={err('schedule.dayOfWeek')} />
        )}
        {v.frequency === 'MONTHLY' && (
          <NumberInput label={t('reports.form.dayOfMonth')} description={t('reports.form.dayOfMonthHint')} min={1} max={31} allowDecimal={false}
            value={v.dayOfMonth} onChange={(d) => set('dayOfMonth', Number(d) || 1)} error={err('schedule.dayOfMonth')} />
        )}
        <Group grow wrap="wrap" align="flex-start">
          <Select label={t('reports.form.hour')} allowDeselect={false} value={v.hour} onChange={(h) => set('hour', h ?? '8')} miw={120}
            data={Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: `${String(h).padStart(2, '0')}:00` }))} error={err('schedule.timeOfDay')} />
          <Select label={t('reports.form.timeZone')} searchable allowDeselect={false} value={v.timeZoneId} onChange={(z) => set('timeZoneId', z ?? 'UTC')} miw={200}
            data={ZONES} error={err('schedule.timeZoneId')} />
        </Group>
        <Group grow wrap="wrap" align="flex-start">
          <TextInput type="date" label={t('reports.form.startDay')} value={v.startDay} onChange={(e) => set('startDay', e.currentTarget.value)} error={err('startDay')} miw={160} />
          <TextInput type="date" label={t('reports.form.endDay')} value={v.endDay} onChange={(e) => set('endDay', e.currentTarget.value)} error={err('endDay')} miw={160} />
        </Group>
        <Group><Button type="submit" loading={saving}>{t('reports.form.save')}</Button></Group>
      </Stack>
    </form>
  );
}
