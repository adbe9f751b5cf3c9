/**
 * The booking form's fields: program, kind, subject, date, start and end (steps of the
 * ecosystem's sessionInterval) with the zone named, how it repeats, where it happens, seats of a
 * group, and the tutors (admins) and tutees.
 */
import { MultiSelect, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DateTime } from 'luxon';
import { useIntl } from 'react-intl';
import { useT } from '../../i18n/terms';
import { endFor, timeOptions, type BookingDraft, type BookingErrors, type MeetingSolutionName, type SessionTypeName } from './bookingForm';
import { zoneLabel } from './format';
import { SESSION_TYPES } from './labels';
import type { PersonChoice } from './peopleChoices';
import { RecurrenceFields } from './RecurrenceFields';

export interface BookingProgram { id: string; name: string; sessionCapabilities: readonly SessionTypeName[] }

export interface BookingOptions {
  programs: readonly BookingProgram[];
  sessionInterval: number;
  durations: readonly number[];
  /** null: the viewer does not choose the tutors (they lead, or are no admin). */
  tutors: readonly PersonChoice[] | null;
  tutees: readonly PersonChoice[];
}

const MEETINGS: readonly MeetingSolutionName[] = ['LESSONSPACE', 'ZOOM', 'CUSTOM_URL', 'IN_PERSON'];
/** A whole number of seats from 1, or none (no limit). */
function seats(value: string): number | null {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n >= 1 ? n : null;
}

const SEATED: readonly SessionTypeName[] = ['GROUP', 'DROP_IN', 'COURSE', 'ONE_ON_ONE_BREAKOUT'];

export interface FieldProps {
  draft: BookingDraft;
  errors: BookingErrors;
  options: BookingOptions;
  change: (changes: Partial<BookingDraft>) => void;
}

/** The chosen day at noon in the zone, so the zone is named as it is that day (EST or EDT). */
function onDate(draft: BookingDraft): DateTime | undefined {
  const day = DateTime.fromISO(`${draft.date}T12:00`, { zone: draft.timeZoneId });
  return day.isValid ? day : undefined;
}

export function WhenFields({ draft, errors, options, change }: FieldProps) {
  const t = useT();
  const { locale } = useIntl();
  const times = timeOptions(options.sessionInterval).map((value) => ({ value, label: value }));
  return (
    <Stack gap="sm">
      <TextInput type="date" label={t('sessions.form.date')} required value={draft.date}
        error={errors.date && t(errors.date)} onChange={(e) => change({ date: e.currentTarget.value })} />
      <SimpleGrid cols={2} spacing="sm">
        <Select label={t('sessions.form.start')} data={times} value={draft.startTime} allowDeselect={false} searchable
          onChange={(v) => v && change({ startTime: v, endTime: endFor(v, options.durations) })} />
        <Select label={t('sessions.form.end')} data={times} value={draft.endTime} allowDeselect={false} searchable
          error={errors.endTime && t(errors.endTime)} onChange={(v) => v && change({ endTime: v })} />
      </SimpleGrid>
      <Text size="sm" data-testid="booking-zone">{t('sessions.form.zone', { zone: zoneLabel(draft.timeZoneId, locale, onDate(draft)) })}</Text>
    </Stack>
  );
}

export function WhereFields({ draft, errors, change }: Omit<FieldProps, 'options'>) {
  const t = useT();
  return (
    <Stack gap="sm">
      <Select label={t('sessions.form.meeting')} value={draft.meetingSolution} allowDeselect={false}
        data={MEETINGS.map((m) => ({ value: m, label: t(`sessions.form.meeting.${m}`) }))}
        onChange={(v) => v && change({ meetingSolution: v as MeetingSolutionName })} />
      {draft.meetingSolution === 'CUSTOM_URL' && (
        <TextInput type="url" label={t('sessions.form.customUrl')} required value={draft.customUrl} placeholder="https://"
          error={errors.customUrl && t(errors.customUrl)} onChange={(e) => change({ customUrl: e.currentTarget.value })} />
      )}
      {draft.meetingSolution === 'IN_PERSON' && (
        <TextInput label={t('sessions.form.locationName')} required value={draft.locationName}
          error={errors.locationName && t(errors.locationName)} onChange={(e) => change({ locationName: e.currentTarget.value })} />
      )}
    </Stack>
  );
}

export function PeopleFields({ draft, options, change }: Omit<FieldProps, 'errors'>) {
  const t = useT();
  const tutees = options.tutees.map(({ value, label }) => ({ value, label }));
  return (
    <Stack gap="sm">
      {options.tutors && (
        <MultiSelect label={t('sessions.form.tutors')} searchable value={draft.tutorIds}
          data={options.tutors.map(({ value, label }) => ({ value, label }))} onChange={(v) => change({ tutorIds: v })} />
      )}
      <MultiSelect label={t('sessions.form.tutees')} searchable value={draft.tuteeIds} data={tutees}
        nothingFoundMessage={t('sessions.form.tutees.none')} onChange={(v) => change({ tuteeIds: v })} />
    </Stack>
  );
}

/** Seats of a kind of session that has them (group, drop-in, course, breakout). */
export function SeatsField({ draft, change }: Pick<FieldProps, 'draft' | 'change'>) {
  const t = useT();
  if (!SEATED.includes(draft.sessionType)) return null;
  return <TextInput type="number" inputMode="numeric" min={1} max={500} label={t('sessions.form.maxStudents')} value={draft.maxStudents ?? ''} maw={160}
    onChange={(e) => change({ maxStudents: seats(e.currentTarget.value) })} />;
}

export function DescriptionField({ draft, change }: Pick<FieldProps, 'draft' | 'change'>) {
  const t = useT();
  return <Textarea label={t('sessions.form.description')} value={draft.description} autosize minRows={2} maxLength={2000}
    onChange={(e) => change({ description: e.currentTarget.value })} />;
}

/** The kind kept when the new program offers it, else the program's first. */
function typeFor(program: BookingProgram | undefined, current: SessionTypeName): SessionTypeName {
  const offered = program && program.sessionCapabilities.length > 0 ? program.sessionCapabilities : SESSION_TYPES;
  return offered.includes(current) ? current : offered[0];
}

export function BookingFields(props: FieldProps) {
  const t = useT();
  const { draft, errors, options, change } = props;
  const program = options.programs.find((p) => p.id === draft.programId);
  const types = program && program.sessionCapabilities.length > 0 ? program.sessionCapabilities : SESSION_TYPES;
  return (
    <Stack gap="sm">
      <Select label={t('sessions.form.program')} required value={draft.programId || null} allowDeselect={false}
        data={options.programs.map((p) => ({ value: p.id, label: p.name }))} error={errors.programId && t(errors.programId)}
        onChange={(v) => v && change({ programId: v, tuteeIds: [], sessionType: typeFor(options.programs.find((p) => p.id === v), draft.sessionType) })} />
      <Select label={t('sessions.form.type')} value={draft.sessionType} allowDeselect={false}
        data={types.map((type) => ({ value: type, label: t(`sessions.type.${type}`) }))}
        onChange={(v) => v && change({ sessionType: v as SessionTypeName })} />
      <TextInput label={t('sessions.form.subject')} required value={draft.subject} maxLength={200}
        error={errors.subject && t(errors.subject)} onChange={(e) => change({ subject: e.currentTarget.value })} />
      <DescriptionField draft={draft} change={change} />
      <WhenFields {...props} />
      <RecurrenceFields draft={draft} errors={errors} change={change} />
      <WhereFields draft={draft} errors={errors} change={change} />
      <SeatsField draft={draft} change={change} />
      <PeopleFields draft={draft} options={options} change={change} />
    </Stack>
  );
}
