/**
 * How a booking repeats: every day, on chosen weekdays (toggles, Sunday first as the spec's weeks
 * start), or every month; for a number of weeks or until a last day.
 */
import { Chip, Group, Input, Radio, Select, Stack, TextInput } from '@mantine/core';
import { Info } from 'luxon';
import { useIntl } from 'react-intl';
import { useT } from '../../i18n/terms';
import type { BookingDraft, BookingErrors, Repeat } from './bookingForm';

const REPEATS: readonly Repeat[] = ['NONE', 'DAILY', 'WEEKLY', 'MONTHLY'];
/** A series runs for at most a year. */
const WEEKS = Array.from({ length: 52 }, (_, i) => String(i + 1));

interface Props {
  draft: BookingDraft;
  errors: BookingErrors;
  change: (changes: Partial<BookingDraft>) => void;
}

function Weekdays({ draft, errors, change }: Props) {
  const t = useT();
  const { locale } = useIntl();
  // luxon lists Monday first; the spec's weeks start on Sunday (0 = Sunday ... 6 = Saturday).
  const names = Info.weekdays('short', { locale });
  const days = [6, 0, 1, 2, 3, 4, 5].map((index, day) => ({ day, name: names[index] }));
  return (
    <fieldset className="plain-fieldset" aria-describedby={errors.recurringDays ? 'booking-weekdays-error' : undefined}>
      <legend className="field-legend">{t('sessions.form.weekdays')}</legend>
      <Chip.Group multiple value={draft.recurringDays.map(String)} onChange={(v) => change({ recurringDays: v.map(Number) })}>
        <Group gap={6}>
          {days.map(({ day, name }) => <Chip key={day} value={String(day)} size="sm">{name}</Chip>)}
        </Group>
      </Chip.Group>
      {errors.recurringDays && <Input.Error id="booking-weekdays-error" mt={4}>{t(errors.recurringDays)}</Input.Error>}
    </fieldset>
  );
}

export function RecurrenceFields({ draft, errors, change }: Props) {
  const t = useT();
  return (
    <Stack gap="sm">
      <Select label={t('sessions.form.repeat')} value={draft.repeat} allowDeselect={false}
        data={REPEATS.map((r) => ({ value: r, label: t(`sessions.form.repeat.${r}`) }))}
        onChange={(v) => change({ repeat: (v ?? 'NONE') as Repeat })} />
      {draft.repeat === 'WEEKLY' && <Weekdays draft={draft} errors={errors} change={change} />}
      {draft.repeat !== 'NONE' && (
        <>
          <Radio.Group label={t('sessions.form.endBy')} value={draft.endBy} onChange={(v) => change({ endBy: v === 'DATE' ? 'DATE' : 'WEEKS' })}>
            <Group gap="md" mt={4}>
              <Radio value="WEEKS" label={t('sessions.form.endBy.WEEKS')} />
              <Radio value="DATE" label={t('sessions.form.endBy.DATE')} />
            </Group>
          </Radio.Group>
          {draft.endBy === 'WEEKS'
            ? <Select label={t('sessions.form.weeks')} value={String(draft.weeksRecurring)} maw={160} allowDeselect={false}
                data={WEEKS} onChange={(v) => change({ weeksRecurring: Number(v ?? 1) })} />
            : <TextInput type="date" label={t('sessions.form.endDate')} value={draft.recurringEndDate} maw={220}
                error={errors.recurringEndDate && t(errors.recurringEndDate)} onChange={(e) => change({ recurringEndDate: e.currentTarget.value })} />}
        </>
      )}
    </Stack>
  );
}
