/**
 * The breakout rooms ahead (getUpcomingBreakoutSessionsV2, docs/decisions/0061): for those who lead
 * sessions the rooms they lead, for others the rooms they or their children take part in; each card
 * has its room's join link.
 */
import { Stack } from '@mantine/core';
import { useT } from '../../i18n/terms';
import { SessionItem } from './SessionItem';
import { ListFrame, type ListProps } from './SessionLists';
import { fetchBreakouts } from './sessionOperations';
import { useSessionList } from './useSessionList';

export function BreakoutRooms({ reloadKey, isTutor, ...props }: ListProps & { isTutor: boolean }) {
  const t = useT();
  const pages = useSessionList('breakout rooms', String(isTutor), () => fetchBreakouts(isTutor), reloadKey);
  return (
    <ListFrame title={t('sessions.breakout')} headingId="sessions-breakout" pages={pages} errorText="sessions.breakout.error" emptyText="sessions.breakout.empty">
      {pages.sessions.length > 0 && (
        <Stack component="ul" gap="sm" className="card-list" aria-label={t('sessions.breakout')}>
          {pages.sessions.map((s) => <SessionItem key={s.id} session={s} {...props} />)}
        </Stack>
      )}
    </ListFrame>
  );
}
