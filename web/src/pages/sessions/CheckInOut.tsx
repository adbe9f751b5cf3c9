/**
 * A tutor's own check-in and check-out on the session card (decision 0066), shown where the
 * program lets tutors check themselves in (Session.viewerCanCheckIn). The server decides whether
 * it is the time and says why not; the card then shows the times recorded.
 */
import { Button, Group, Text } from '@mantine/core';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import type { Session } from './sessionOperations';
import { useCheckInMutation } from './useCheckInMutation';
import { useCheckOutMutation } from './useCheckOutMutation';

interface Times { checkedInTime: string | null; checkedOutTime: string | null }
/** What both mutations answer: the session's participants with their times. */
type Answer = Promise<{ participants: ReadonlyArray<{ userId: string } & Partial<Times>> }>;

export function CheckInOut({ session, viewerId, zone }: { session: Session; viewerId: string; zone: string }) {
  const t = useT();
  const { locale } = useIntl();
  const errorText = useErrorText();
  const [checkIn, checkingIn] = useCheckInMutation();
  const [checkOut, checkingOut] = useCheckOutMutation();
  const me = session.participants.find((p) => p.userId === viewerId);
  // The lists hold the answers they fetched; the mutation's answer updates this card at once.
  const [times, setTimes] = useState<Times>({ checkedInTime: me?.checkedInTime ?? null, checkedOutTime: me?.checkedOutTime ?? null });
  const [error, setError] = useState<string | null>(null);
  if (!session.viewerCanCheckIn || !me) return null;

  const clock = (iso: string) => DateTime.fromISO(iso).setZone(zone).setLocale(locale).toLocaleString(DateTime.TIME_SIMPLE);
  const record = (run: () => Answer) => {
    setError(null);
    run().then(
      (answer) => {
        const mine = answer.participants.find((p) => p.userId === viewerId);
        if (mine) setTimes({ checkedInTime: mine.checkedInTime ?? null, checkedOutTime: mine.checkedOutTime ?? null });
      },
      (e: unknown) => setError(errorText(e)),
    );
  };
  const variables = { input: { sessionId: session.id } };
  return (
    <>
      <Group gap="sm">
        {!times.checkedInTime && (
          <Button size="xs" variant="light" loading={checkingIn} onClick={() => record(() => checkIn({ variables }).then((a) => a.checkInToSession))}>{t('sessions.checkIn.in')}</Button>
        )}
        {times.checkedInTime && !times.checkedOutTime && (
          <Button size="xs" variant="light" loading={checkingOut} onClick={() => record(() => checkOut({ variables }).then((a) => a.checkOutOfSession))}>{t('sessions.checkIn.out')}</Button>
        )}
        {times.checkedInTime && <Text size="sm" c="dimmed">{t('sessions.checkIn.checkedIn', { time: clock(times.checkedInTime) })}</Text>}
        {times.checkedOutTime && <Text size="sm" c="dimmed">{t('sessions.checkIn.checkedOut', { time: clock(times.checkedOutTime) })}</Text>}
      </Group>
      {error && <Text size="sm" c="red" role="alert">{error}</Text>}
    </>
  );
}
