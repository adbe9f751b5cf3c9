/**
 * The grouped sections of the session settings form (decision 0070): lists of choices as checkbox
 * groups, switches as checkboxes, each showing the error the server gave for its field path.
 */
import { Checkbox, Fieldset, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type { MessageId } from '../../i18n/en';
import { useT } from '../../i18n/terms';
import {
  CHANNELS, ordered, PARTICIPANT_TYPES, PROFILE_TYPES, SESSION_TYPES, type Rule, type SettingsForm,
} from './programSettingsForm';

export type Edit = (change: (draft: SettingsForm) => void) => void;
export interface SectionProps { form: SettingsForm; edit: Edit; errors: Record<string, string> }

type ListOf<T extends string> = { all: readonly T[]; label: (v: T) => MessageId };

function Choices<T extends string>({ legend, list, value, error, onChange }: {
  legend: MessageId; list: ListOf<T>; value: readonly string[]; error?: string; onChange: (v: T[]) => void;
}) {
  const t = useT();
  return (
    <Checkbox.Group label={t(legend)} value={[...value]} error={error} onChange={(v) => onChange(ordered<T>(list.all, v))}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt="xs">
        {list.all.map((v) => <Checkbox key={v} value={v} label={t(list.label(v))} />)}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

function Flag({ label, checked, error, onChange }: { label: MessageId; checked: boolean; error?: string; onChange: (v: boolean) => void }) {
  const t = useT();
  return <Checkbox label={t(label)} checked={checked} error={error} onChange={(e) => onChange(e.currentTarget.checked)} />;
}

function Section({ legend, children }: { legend: MessageId; children: ReactNode }) {
  const t = useT();
  return <Fieldset legend={t(legend)} miw={0}><Stack gap="md">{children}</Stack></Fieldset>;
}

const profiles: ListOf<(typeof PROFILE_TYPES)[number]> = { all: PROFILE_TYPES, label: (v) => `programSettings.profile.${v}` };
const sessionTypes: ListOf<(typeof SESSION_TYPES)[number]> = { all: SESSION_TYPES, label: (v) => `programSettings.session.${v}` };
const participants: ListOf<(typeof PARTICIPANT_TYPES)[number]> = { all: PARTICIPANT_TYPES, label: (v) => `programSettings.participant.${v}` };
const channels: ListOf<(typeof CHANNELS)[number]> = { all: CHANNELS, label: (v) => `programSettings.channel.${v}` };

export function WhoSection({ form, edit, errors }: SectionProps) {
  const s = form.sessions;
  return (
    <Section legend="programSettings.who.title">
      <Choices legend="programSettings.who.create" list={profiles} value={s.sessionCreateProfileTypes}
        error={errors['sessions.sessionCreateProfileTypes']} onChange={(v) => edit((d) => { d.sessions.sessionCreateProfileTypes = v; })} />
      <Choices legend="programSettings.who.edit" list={profiles} value={s.sessionEditProfileTypes}
        error={errors['sessions.sessionEditProfileTypes']} onChange={(v) => edit((d) => { d.sessions.sessionEditProfileTypes = v; })} />
      <Choices legend="programSettings.who.cancel" list={profiles} value={s.sessionCancelProfileTypes}
        error={errors['sessions.sessionCancelProfileTypes']} onChange={(v) => edit((d) => { d.sessions.sessionCancelProfileTypes = v; })} />
      <Choices legend="programSettings.types.legend" list={sessionTypes} value={form.sessionCapabilities}
        error={errors.sessionCapabilities} onChange={(v) => edit((d) => { d.sessionCapabilities = v; })} />
    </Section>
  );
}

export function JoiningSection({ form, edit, errors }: SectionProps) {
  const t = useT();
  return (
    <Section legend="programSettings.joining.title">
      <TextInput label={t('programSettings.joining.minutes')} inputMode="numeric" maw={360} value={form.sessions.sessionJoinMinutesPrior}
        error={errors['sessions.sessionJoinMinutesPrior']}
        onChange={(e) => { const v = e.currentTarget.value; edit((d) => { d.sessions.sessionJoinMinutesPrior = v; }); }} />
      <Flag label="programSettings.joining.selfCheckIn" checked={form.tutorSelfCheckInOut} error={errors.tutorSelfCheckInOut}
        onChange={(v) => edit((d) => { d.tutorSelfCheckInOut = v; })} />
      <Flag label="programSettings.joining.zoom" checked={form.sessions.zoomEnabled} error={errors['sessions.zoomEnabled']}
        onChange={(v) => edit((d) => { d.sessions.zoomEnabled = v; })} />
    </Section>
  );
}

export function RecordingsSection({ form, edit, errors }: SectionProps) {
  return (
    <Section legend="programSettings.recordings.title">
      <Choices legend="programSettings.recordings.who" list={profiles} value={form.sessions.sessionRecordingsProfileTypes}
        error={errors['sessions.sessionRecordingsProfileTypes']} onChange={(v) => edit((d) => { d.sessions.sessionRecordingsProfileTypes = v; })} />
      <Flag label="programSettings.recordings.lessonspace" checked={form.lessonspace.recordingEnabled} error={errors['lessonspace.recordingEnabled']}
        onChange={(v) => edit((d) => { d.lessonspace.recordingEnabled = v; })} />
      <Flag label="programSettings.recordings.autoStart" checked={form.lessonspace.autoStartRecording} error={errors['lessonspace.autoStartRecording']}
        onChange={(v) => edit((d) => { d.lessonspace.autoStartRecording = v; })} />
      <Flag label="programSettings.recordings.disable" checked={form.disableProgramRecordings} error={errors.disableProgramRecordings}
        onChange={(v) => edit((d) => { d.disableProgramRecordings = v; })} />
    </Section>
  );
}

export function ParticipantsSection({ form, edit, errors }: SectionProps) {
  return (
    <Section legend="programSettings.participants.title">
      <Flag label="programSettings.participants.tutorEdit" checked={form.sessions.tutorEditSessionParticipants}
        error={errors['sessions.tutorEditSessionParticipants']} onChange={(v) => edit((d) => { d.sessions.tutorEditSessionParticipants = v; })} />
      <Flag label="programSettings.participants.nonPaired" checked={form.tutorAddNonPairedUsers} error={errors.tutorAddNonPairedUsers}
        onChange={(v) => edit((d) => { d.tutorAddNonPairedUsers = v; })} />
      <Flag label="programSettings.participants.multipleTutors" checked={form.multipleTutorsPerSession} error={errors.multipleTutorsPerSession}
        onChange={(v) => edit((d) => { d.multipleTutorsPerSession = v; })} />
      <Flag label="programSettings.participants.weeklyReport" checked={form.sessions.studentWeeklyReportToParents}
        error={errors['sessions.studentWeeklyReportToParents']} onChange={(v) => edit((d) => { d.sessions.studentWeeklyReportToParents = v; })} />
    </Section>
  );
}

function RuleChoices({ kind, rule, edit, errors }: { kind: 'edited' | 'cancelled'; rule: Rule; edit: Edit; errors: Record<string, string> }) {
  const base = `sessionNotifications.${kind}`;
  return (
    <>
      <Choices legend={`programSettings.notices.${kind}Who`} list={participants} value={rule.recipientTypes} error={errors[`${base}.recipientTypes`]}
        onChange={(v) => edit((d) => { d.sessionNotifications[kind].recipientTypes = v; })} />
      <Choices legend={`programSettings.notices.${kind}How`} list={channels} value={rule.notificationTypes} error={errors[`${base}.notificationTypes`]}
        onChange={(v) => edit((d) => { d.sessionNotifications[kind].notificationTypes = v; })} />
    </>
  );
}

export function NoticesSection({ form, edit, errors }: SectionProps) {
  return (
    <Section legend="programSettings.notices.title">
      <RuleChoices kind="edited" rule={form.sessionNotifications.edited} edit={edit} errors={errors} />
      <RuleChoices kind="cancelled" rule={form.sessionNotifications.cancelled} edit={edit} errors={errors} />
    </Section>
  );
}
