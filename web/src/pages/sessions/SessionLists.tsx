/**
 * The /sessions lists: upcoming (soonest first), completed (latest first, grouped by month) and
 * cancelled ones not yet ended (latest first: where a session is found again to restore it),
 * each a page at a time with "Show more", and each with the spec's own error text when it fails
 * (SPEC section 8) while the rest of the page goes on working.
 */
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useState, type ReactNode } from 'react';
import { useT } from '../../i18n/terms';
import type { SessionsMessageId } from '../../i18n/sessions.en';
import { groupByMonth } from './format';
import { SessionItem, type SessionAction } from './SessionItem';
import type { Session } from './sessionOperations';
import { useSessionPages, type SessionPages } from './useSessionPages';

export interface ListProps {
  zone: string;
  viewerId: string;
  reloadKey: number;
  onAction: (action: SessionAction) => void;
}

interface FrameProps {
  title: string;
  headingId: string;
  pages: SessionPages;
  errorText: SessionsMessageId;
  emptyText: SessionsMessageId;
  children: ReactNode;
}

/** Heading, the items, then the list's state: loading, its error with "Try again", empty, or "Show more". */
export function ListFrame({ title, headingId, pages, errorText, emptyText, children }: FrameProps) {
  const t = useT();
  const { sessions, loading, error, hasMore, more } = pages;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h3" id={headingId}>{title}</Title>
      {children}
      {error !== null && (
        <Alert color="red" role="alert">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t(errorText)}</Text>
            <Button size="xs" variant="default" onClick={more}>{t('sessions.retry')}</Button>
          </Group>
        </Alert>
      )}
      {loading && <Group justify="center"><Loader size="sm" role="status" aria-label={t('common.loading')} /></Group>}
      {!loading && error === null && sessions.length === 0 && <Text size="sm" c="dimmed">{t(emptyText)}</Text>}
      {!loading && error === null && hasMore && <Button variant="default" onClick={more} maw={200}>{t('sessions.more')}</Button>}
    </Stack>
  );
}

function Items({ sessions, label, ...props }: Omit<ListProps, 'reloadKey'> & { sessions: readonly Session[]; label: string }) {
  if (sessions.length === 0) return null;
  return (
    <Stack component="ul" gap="sm" aria-label={label} className="card-list">
      {sessions.map((s) => <SessionItem key={s.id} session={s} {...props} />)}
    </Stack>
  );
}

export function UpcomingSessions({ reloadKey, ...props }: ListProps) {
  const t = useT();
  const pages = useSessionPages({ status: 'UPCOMING' }, reloadKey);
  return (
    <ListFrame title={t('sessions.upcoming')} headingId="sessions-upcoming" pages={pages} errorText="sessions.upcoming.error" emptyText="sessions.upcoming.empty">
      <Items sessions={pages.sessions} label={t('sessions.upcoming')} {...props} />
    </ListFrame>
  );
}

export function CompletedSessions({ reloadKey, ...props }: ListProps) {
  const t = useT();
  const { locale } = useIntl();
  const pages = useSessionPages({ status: 'COMPLETED' }, reloadKey);
  const groups = groupByMonth(pages.sessions, props.zone, locale);
  return (
    <ListFrame title={t('sessions.completed')} headingId="sessions-completed" pages={pages} errorText="sessions.completed.error" emptyText="sessions.completed.empty">
      {groups.map((group) => (
        <Stack key={group.key} gap="xs">
          <Title order={3} size="h5">{group.label}</Title>
          <Items sessions={group.items} label={group.label} {...props} />
        </Stack>
      ))}
    </ListFrame>
  );
}

export function CancelledSessions({ reloadKey, ...props }: ListProps) {
  const t = useT();
  // Those not yet ended: a session that is over is not brought back.
  const [from] = useState(() => new Date().toISOString());
  const pages = useSessionPages({ status: 'CANCELLED', from }, reloadKey);
  return (
    <ListFrame title={t('sessions.cancelled')} headingId="sessions-cancelled" pages={pages} errorText="sessions.cancelled.error" emptyText="sessions.cancelled.empty">
      <Items sessions={pages.sessions} label={t('sessions.cancelled')} {...props} />
    </ListFrame>
  );
}
