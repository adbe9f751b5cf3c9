/**
 * What the booking would meet, shown before it is sent: the tutor's free and booked hours on the
 * chosen day (getTutorAvailabilityForDay) and the conflicts of every occurrence
 * (checkSessionConflicts), asked again half a second after the form last changed.
 */
import { Alert, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { DateTime } from 'luxon';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { bookingInput, validateBooking, type BookingDraft } from './bookingForm';
import { rangesText } from './format';
import { conflictLabel } from './labels';
import { fetchAvailability, fetchConflicts, type Conflict, type DayAvailability } from './sessionOperations';

const SETTLE_MS = 500;

type Answer<T> = { state: 'idle' } | { state: 'loading' } | { state: 'done'; value: T } | { state: 'failed'; error: unknown };

/** Runs `ask` half a second after `key` last changed (null: nothing to ask), keeping only the newest answer (also the breakout rooms' check). */
export function useSettled<T>(key: string | null, ask: () => Promise<T>): Answer<T> {
  const [answer, setAnswer] = useState<Answer<T>>({ state: 'idle' });
  useEffect(() => {
    if (key === null) { setAnswer({ state: 'idle' }); return undefined; }
    let current = true;
    setAnswer({ state: 'loading' });
    const timer = setTimeout(() => {
      ask().then(
        (value) => { if (current) setAnswer({ state: 'done', value }); },
        (error: unknown) => { if (current) setAnswer({ state: 'failed', error }); },
      );
    }, SETTLE_MS);
    return () => { current = false; clearTimeout(timer); };
    // `ask` is a new function each render, but reads only what `key` stands for.
  }, [key]);
  return answer;
}

function Availability({ tutorId, draft }: { tutorId: string | null; draft: BookingDraft }) {
  const t = useT();
  const { locale } = useIntl();
  const errorText = useErrorText();
  const key = tutorId && draft.date ? JSON.stringify([tutorId, draft.date, draft.timeZoneId]) : null;
  const answer = useSettled<DayAvailability>(key, () => fetchAvailability(tutorId ?? '', draft.date, draft.timeZoneId));
  if (answer.state === 'idle') return null;
  const date = DateTime.fromISO(draft.date).setLocale(locale).toLocaleString(DateTime.DATE_HUGE);
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">{t('sessions.availability.title', { date })}</Title>
      {answer.state === 'loading' && <Loader size="xs" role="status" aria-label={t('common.loading')} />}
      {answer.state === 'failed' && <Text size="sm" c="red">{t('sessions.availability.error', { message: errorText(answer.error) })}</Text>}
      {answer.state === 'done' && (
        <>
          <Text size="sm">{answer.value.available.length > 0 ? t('sessions.availability.free', { ranges: rangesText(answer.value.available, locale) }) : t('sessions.availability.none')}</Text>
          <Text size="sm">{answer.value.busy.length > 0 ? t('sessions.availability.busy', { ranges: rangesText(answer.value.busy, locale) }) : t('sessions.availability.noneBusy')}</Text>
        </>
      )}
    </Stack>
  );
}

export function ConflictList({ conflicts }: { conflicts: readonly Conflict[] }) {
  const t = useT();
  const { locale } = useIntl();
  return (
    <List size="sm" spacing={4} aria-label={t('sessions.conflicts.title')}>
      {conflicts.map((c, index) => (
        <List.Item key={`${c.type}-${c.startAt}-${c.userId ?? ''}-${index}`}>
          <Text size="sm" fw={600} span>{conflictLabel(t, c.type)}</Text>
          {' · '}{DateTime.fromISO(c.date).setLocale(locale).toLocaleString(DateTime.DATE_MED)}{': '}{c.description}
          {c.remainingMinutes != null && c.totalMinutes != null && ` (${t('sessions.conflicts.remaining', { remaining: c.remainingMinutes, total: c.totalMinutes })})`}
        </List.Item>
      ))}
    </List>
  );
}

function Conflicts({ draft, isAdmin }: { draft: BookingDraft; isAdmin: boolean }) {
  const t = useT();
  const errorText = useErrorText();
  const valid = Object.keys(validateBooking(draft, { now: DateTime.now(), isAdmin })).length === 0;
  const input = bookingInput(draft);
  const answer = useSettled<readonly Conflict[]>(valid ? JSON.stringify(input) : null, () => fetchConflicts(input));
  if (answer.state === 'idle') return null;
  return (
    <Stack gap={4} aria-live="polite">
      <Title order={3} size="h5">{t('sessions.conflicts.title')}</Title>
      {answer.state === 'loading' && <Loader size="xs" role="status" aria-label={t('common.loading')} />}
      {answer.state === 'failed' && <Text size="sm" c="red">{t('sessions.conflicts.error', { message: errorText(answer.error) })}</Text>}
      {answer.state === 'done' && (answer.value.length === 0
        ? <Text size="sm">{t('sessions.conflicts.none')}</Text>
        : <Alert color="orange" p="xs"><Text size="sm">{t('sessions.conflicts.count', { count: answer.value.length })}</Text><ConflictList conflicts={answer.value} /></Alert>)}
    </Stack>
  );
}

export function BookingChecks({ draft, tutorId, isAdmin }: { draft: BookingDraft; tutorId: string | null; isAdmin: boolean }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="sm">
        <Availability tutorId={tutorId} draft={draft} />
        <Conflicts draft={draft} isAdmin={isAdmin} />
      </Stack>
    </Paper>
  );
}
