/**
 * The join link of a session the viewer takes part in: opening it records the join
 * (trackJoinedOnlineLesson; the server decides whether it is the time to join and says why not),
 * and once recorded the card says when the viewer joined. Others (an admin) just get the link.
 */
import { Anchor, Group, Text } from '@mantine/core';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { showToast } from '../../components/toast';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import type { Session } from './sessionOperations';
import { useTrackJoinMutation } from './useTrackJoinMutation';

export function JoinLink({ session, viewerId, zone }: { session: Session; viewerId: string; zone: string }) {
  const t = useT();
  const { locale } = useIntl();
  const errorText = useErrorText();
  const [track] = useTrackJoinMutation();
  // The lists hold the answers they fetched; the join's answer updates this card at once.
  const [recorded, setRecorded] = useState<string | null>(null);
  const me = session.participants.find((p) => p.userId === viewerId);
  if (!session.joinUrl) return null;
  const join = () => {
    if (!me) return;
    track({ variables: { sessionId: session.id, participantType: me.userType } }).then(
      ({ trackJoinedOnlineLesson }) => setRecorded(trackJoinedOnlineLesson.participants.find((p) => p.userId === viewerId)?.joinedTime ?? null),
      (error: unknown) => showToast({ color: 'red', message: errorText(error) }),
    );
  };
  const joinedTime = recorded ?? me?.joinedTime;
  const joined = joinedTime ? DateTime.fromISO(joinedTime).setZone(zone).setLocale(locale).toLocaleString(DateTime.TIME_SIMPLE) : null;
  return (
    <Group gap="sm">
      <Anchor href={session.joinUrl} target="_blank" rel="noopener noreferrer" size="sm" onClick={join}>{t('sessions.row.join')}</Anchor>
      {joined && <Text size="sm" c="dimmed">{t('sessions.row.joined', { time: joined })}</Text>}
    </Group>
  );
}
