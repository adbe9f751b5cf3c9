/**
 * An ecosystem's audit trail under the chosen filter, newest first, a page at a time; job runs
 * fold into one row. A table that wraps its cells to fit a tablet, or on a phone a list of cards.
 */
import { Button, Stack, Text } from '@mantine/core';
import { graphql, usePaginationFragment } from 'react-relay';
import { usePhoneLayout } from '../../components/responsive';
import { RowsOrCards } from '../../components/RowsOrCards';
import { useAuditT } from './AuditWords';
import type { BreadcrumbList_query$key } from './__generated__/BreadcrumbList_query.graphql';
import type { BreadcrumbListPaginationQuery } from './__generated__/BreadcrumbListPaginationQuery.graphql';
import { BreadcrumbRow } from './BreadcrumbRow';
import type { ServerFilter } from './filters';

const PAGE_SIZE = 50;

export function BreadcrumbList({ queryRef, ecosystemId, filter, filtered }: {
  queryRef: BreadcrumbList_query$key; ecosystemId: string; filter: ServerFilter; filtered: boolean;
}) {
  const t = useAuditT();
  const phone = usePhoneLayout();
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment<BreadcrumbListPaginationQuery, BreadcrumbList_query$key>(graphql`
    fragment BreadcrumbList_query on Query
      @refetchable(queryName: "BreadcrumbListPaginationQuery")
      @argumentDefinitions(
        ecosystemId: { type: "ID!" }, filter: { type: "BreadcrumbFilter" },
        count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }
      ) {
      getEcosystemBreadcrumbEntries(ecosystemId: $ecosystemId, filter: $filter, first: $count, after: $cursor)
        @connection(key: "BreadcrumbList_getEcosystemBreadcrumbEntries", filters: ["ecosystemId", "filter"]) {
        edges {
          cursor
          node { ...BreadcrumbRow_entry }
        }
      }
    }
  `, queryRef);
  const { edges } = data.getEcosystemBreadcrumbEntries;
  if (edges.length === 0) return <Text role="status">{t(filtered ? 'breadcrumbs.noMatch' : 'breadcrumbs.empty')}</Text>;
  const rows = edges.map(({ cursor, node }) => (
    <BreadcrumbRow key={cursor} entryRef={node} ecosystemId={ecosystemId} filter={filter} layout={phone ? 'card' : 'row'} />
  ));
  return (
    <Stack>
      {/* Cells wrap, so the table fits from 40em up; narrower than its minimum it scrolls in its own box. */}
      <RowsOrCards label={t('ecosystems.breadcrumbs')} cards={phone} minWidth={560} highlightOnHover={false} columns={[
        t('breadcrumbs.column.time'), t('breadcrumbs.column.actor'), t('breadcrumbs.column.action'), t('breadcrumbs.column.target'), t('breadcrumbs.column.details'),
      ]}>
        {rows}
      </RowsOrCards>
      {hasNext && (
        <Button variant="default" w="fit-content" loading={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>
          {t('breadcrumbs.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
