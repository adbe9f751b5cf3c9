/**
 * One session as a card: subject, kind and status, when (in the viewer's zone), with whom, seats
 * of a group, the join link, and the actions the reader may take (change, cancel, leave, delete,
 * add breakout rooms to a group lesson, restore a cancelled session).
 */
import { Badge, Button, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ActionsMenu } from '../../components/ActionsMenu';
import { useT } from '../../i18n/terms';
import { formatWhen } from './format';
import { mayAddBreakouts } from './breakoutRooms';
import { JoinLink } from './JoinLink';
import { CheckInOut } from './CheckInOut';
import { statusLabel, typeLabel } from './labels';
import { personName } from './names';
import type { Session } from './sessionOperations';

export type SessionActionKind = 'edit' | 'cancel' | 'drop' | 'delete' | 'restore' | 'breakouts';
export interface SessionAction { kind: SessionActionKind; session: Session; returnFocus: HTMLElement | null }

interface Props {
  session: Session;
  zone: string;
  viewerId: string;
  onAction?: (action: SessionAction) => void;
  /** Extra controls (a drop-in's "Take a seat"). */
  children?: ReactNode;
}

function others(session: Session, viewerId: string): string {
  return session.participants.filter((p) => p.userId !== viewerId).map((p) => personName(p.user)).filter((n): n is string => !!n).join(', ');
}

function SessionActions({ session, onAction }: { session: Session; onAction: (action: SessionAction) => void }) {
  const t = useT();
  const ref = useRef<HTMLButtonElement>(null);
  const open = (kind: SessionActionKind) => onAction({ kind, session, returnFocus: ref.current });
  // A cancelled session can only be restored (its own button) or deleted.
  const live = session.status !== 'CANCELLED';
  const items = [
    live && session.viewerCanEdit && <Menu.Item key="edit" onClick={() => open('edit')}>{t('sessions.actions.edit')}</Menu.Item>,
    live && session.viewerCanCancel && <Menu.Item key="cancel" onClick={() => open('cancel')}>{t('sessions.actions.cancel')}</Menu.Item>,
    live && session.viewerIsParticipant && <Menu.Item key="drop" onClick={() => open('drop')}>{t('sessions.actions.drop')}</Menu.Item>,
    live && !session.viewerIsParticipant && session.viewerCanEdit && session.participants.some((p) => !p.isLeader)
      && <Menu.Item key="remove" onClick={() => open('drop')}>{t('sessions.actions.remove')}</Menu.Item>,
    live && mayAddBreakouts(session) && <Menu.Item key="breakouts" onClick={() => open('breakouts')}>{t('sessions.actions.breakouts')}</Menu.Item>,
    session.viewerCanCancel && <Menu.Item key="delete" color="red" onClick={() => open('delete')}>{t('sessions.actions.delete')}</Menu.Item>,
  ].filter(Boolean);
  if (items.length === 0) return null;
  return <ActionsMenu name={session.subject} targetRef={ref}>{items}</ActionsMenu>;
}

/** Those who may cancel a session may bring it back (restoreSession; the server decides again). */
function RestoreButton({ session, onAction }: { session: Session; onAction: (action: SessionAction) => void }) {
  const t = useT();
  if (session.status !== 'CANCELLED' || !session.viewerCanCancel) return null;
  return (
    <Button size="xs" variant="light" maw={200} aria-label={t('sessions.restore.title', { subject: session.subject })}
      onClick={(e) => onAction({ kind: 'restore', session, returnFocus: e.currentTarget })}>{t('sessions.actions.restore')}</Button>
  );
}

export function SessionItem({ session, zone, viewerId, onAction, children }: Props) {
  const t = useT();
  const { locale } = useIntl();
  const when = formatWhen(session, zone, locale);
  const names = others(session, viewerId);
  const place = session.physicalSessionOptions?.locationName;
  return (
    <Paper component="li" withBorder p="sm" radius="md" className="session-item">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} className="wrap-anywhere">{session.subject}</Text>
          {onAction && <SessionActions session={session} onAction={onAction} />}
        </Group>
        <Text size="sm">{t('sessions.row.when', when)}</Text>
        <Group gap="xs">
          <Badge variant="light">{typeLabel(t, session.sessionType)}</Badge>
          {session.status !== 'UPCOMING' && <Badge variant="outline" color={session.status === 'CANCELLED' ? 'red' : 'gray'}>{statusLabel(t, session.status)}</Badge>}
          {session.recurringSessionId && <Badge variant="outline">{t('sessions.row.repeats')}</Badge>}
        </Group>
        {names && <Text size="sm" className="wrap-anywhere">{t('sessions.row.with', { names })}</Text>}
        {session.maxStudents != null && <Text size="sm">{t('sessions.row.seats', { taken: session.numLearners, max: session.maxStudents })}</Text>}
        {place && <Text size="sm" className="wrap-anywhere">{t('sessions.row.inPerson', { place })}</Text>}
        {session.cancelReason && <Text size="sm" className="wrap-anywhere">{t('sessions.row.cancelReason', { reason: session.cancelReason })}</Text>}
        {session.status !== 'CANCELLED' && <JoinLink session={session} viewerId={viewerId} zone={zone} />}
        <CheckInOut session={session} viewerId={viewerId} zone={zone} />
        {onAction && <RestoreButton session={session} onAction={onAction} />}
        {children}
      </Stack>
    </Paper>
  );
}
