/** An ecosystem's audit trail, newest first, a page at a time. */
import { Button, Stack, Table, Text } from '@mantine/core';
import { graphql, usePaginationFragment } from 'react-relay';
import { useT } from '../../i18n/terms';
import type { BreadcrumbList_query$key } from './__generated__/BreadcrumbList_query.graphql';
import type { BreadcrumbListPaginationQuery } from './__generated__/BreadcrumbListPaginationQuery.graphql';
import { BreadcrumbRow } from './BreadcrumbRow';

const PAGE_SIZE = 50;

export function BreadcrumbList({ queryRef }: { queryRef: BreadcrumbList_query$key }) {
  const t = useT();
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment<BreadcrumbListPaginationQuery, BreadcrumbList_query$key>(graphql`
    fragment BreadcrumbList_query on Query
      @refetchable(queryName: "BreadcrumbListPaginationQuery")
      @argumentDefinitions(ecosystemId: { type: "ID!" }, count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
      getEcosystemBreadcrumbs(ecosystemId: $ecosystemId, first: $count, after: $cursor)
        @connection(key: "BreadcrumbList_getEcosystemBreadcrumbs", filters: ["ecosystemId"]) {
        edges {
          node {
            id
            ...BreadcrumbRow_breadcrumb
          }
        }
      }
    }
  `, queryRef);
  const { edges } = data.getEcosystemBreadcrumbs;
  if (edges.length === 0) return <Text role="status">{t('breadcrumbs.empty')}</Text>;
  return (
    <Stack>
      <Table.ScrollContainer minWidth={720}>
        <Table striped aria-label={t('ecosystems.breadcrumbs')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('breadcrumbs.column.time')}</Table.Th>
              <Table.Th scope="col">{t('breadcrumbs.column.actor')}</Table.Th>
              <Table.Th scope="col">{t('breadcrumbs.column.action')}</Table.Th>
              <Table.Th scope="col">{t('breadcrumbs.column.target')}</Table.Th>
              <Table.Th scope="col">{t('breadcrumbs.column.details')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {edges.map(({ node }) => <BreadcrumbRow key={node.id} breadcrumbRef={node} />)}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {hasNext && (
        <Button variant="default" w="fit-content" loading={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>
          {t('breadcrumbs.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
