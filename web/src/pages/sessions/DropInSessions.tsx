/**
 * Drop-in sessions with a seat the reader could take (getUpcomingDropInSessions), each with
 * "Take a seat"; a failure shows the spec's "Error Fetching Upcoming Drop-In Sessions".
 */
import { Button, Stack } from '@mantine/core';
import { DateTime } from 'luxon';
import { showToast } from '../../components/toast';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { SessionItem } from './SessionItem';
import { ListFrame, type ListProps } from './SessionLists';
import { fetchDropIns, type Session } from './sessionOperations';
import { useReserveSeatMutation } from './useReserveSeatMutation';
import { useSessionList } from './useSessionList';

function TakeSeat({ session, onTaken }: { session: Session; onTaken: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const [reserve, busy] = useReserveSeatMutation();
  const take = () => reserve({ variables: { input: { sessionId: session.id } } }).then(
    () => { showToast({ message: t('sessions.dropIn.joined', { subject: session.subject }) }); onTaken(); },
    (error: unknown) => showToast({ color: 'red', message: errorText(error) }),
  );
  if (session.viewerIsParticipant || session.fullness === 'FULL') return null;
  return <Button size="xs" maw={200} loading={busy} onClick={() => { void take(); }}>{t('sessions.dropIn.join')}</Button>;
}

export function DropInSessions({ reloadKey, onChanged, ...props }: ListProps & { onChanged: () => void }) {
  const t = useT();
  const pages = useSessionList('drop-in sessions', '', () => fetchDropIns(DateTime.now().toISO()), reloadKey);
  return (
    <ListFrame title={t('sessions.dropIn')} headingId="sessions-drop-in" pages={pages} errorText="sessions.dropIn.error" emptyText="sessions.dropIn.empty">
      {pages.sessions.length > 0 && (
        <Stack component="ul" gap="sm" className="card-list" aria-label={t('sessions.dropIn')}>
          {pages.sessions.map((s) => (
            <SessionItem key={s.id} session={s} {...props}><TakeSeat session={s} onTaken={onChanged} /></SessionItem>
          ))}
        </Stack>
      )}
    </ListFrame>
  );
}
