/**
 * One page of the admin session summary (decision 0060): rows or cards, and the pager. Pages go by
 * cursor (the previous page's endCursor), so a page deep in the list reads no rows before it.
 */
import { Button, Group, Text } from '@mantine/core';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { usePhoneLayout } from '../../components/responsive';
import { RowsOrCards } from '../../components/RowsOrCards';
import { useT } from '../../i18n/terms';
import type { AdminSessionFilters, SessionSummaryListQuery } from './__generated__/SessionSummaryListQuery.graphql';
import { SessionSummaryEntry } from './SessionSummaryEntry';

export const PAGE_SIZE = 25;

export function SessionSummaryList({ ecosystemId, filters, after, pageNumber, fetchKey, selected, onToggle, onPrevious, onNext }: {
  ecosystemId: string; filters: AdminSessionFilters; after: string | null; pageNumber: number; fetchKey: number;
  selected: ReadonlySet<string>; onToggle: (id: string) => void; onPrevious: () => void; onNext: (endCursor: string) => void;
}) {
  const t = useT();
  const phone = usePhoneLayout();
  const data = useLazyLoadQuery<SessionSummaryListQuery>(graphql`
    query SessionSummaryListQuery($ecosystemId: ID, $filters: AdminSessionFilters, $after: String, $pageSize: Int) {
      getEcosystemAdminPaginatedSessionSummary(ecosystemId: $ecosystemId, filters: $filters, after: $after, pageSize: $pageSize) {
        hasMore endCursor
        sessions { id ...SessionSummaryEntry_session }
      }
    }
  `, { ecosystemId, filters, after, pageSize: PAGE_SIZE }, { fetchKey, fetchPolicy: 'network-only' });
  const page = data.getEcosystemAdminPaginatedSessionSummary;
  return (
    <>
      {page.sessions.length === 0 ? <Text role="status">{t('adminSessions.empty')}</Text> : (
        <RowsOrCards label={t('adminSessions.list')} cards={phone} minWidth={760}
          columns={(['select', 'when', 'subject', 'program', 'people', 'status'] as const).map((c) => t(`adminSessions.column.${c}`))}>
          {page.sessions.map((s) => (
            <SessionSummaryEntry key={s.id} sessionRef={s} layout={phone ? 'card' : 'row'} selected={selected.has(s.id)} onToggle={() => onToggle(s.id)} />
          ))}
        </RowsOrCards>
      )}
      <Group component="nav" aria-label={t('adminSessions.pages')} gap="sm">
        <Button variant="default" disabled={pageNumber <= 1} onClick={onPrevious}>{t('adminSessions.previous')}</Button>
        <Text aria-live="polite">{t('adminSessions.page', { number: pageNumber })}</Text>
        <Button variant="default" disabled={!page.hasMore || !page.endCursor} onClick={() => page.endCursor && onNext(page.endCursor)}>{t('adminSessions.next')}</Button>
      </Group>
    </>
  );
}
