/**
 * The ecosystems matching the search, archived ones included, a page at a time: a table, or on a
 * phone a list of cards (components/responsive.ts).
 */
import { Button, Stack, Text } from '@mantine/core';
import { useCallback, useTransition } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { ConnectionHandler, ROOT_ID } from 'relay-runtime';
import { usePhoneLayout } from '../../components/responsive';
import { RowsOrCards } from '../../components/RowsOrCards';
import { useT } from '../../i18n/terms';
import type { EcosystemList_query$key } from './__generated__/EcosystemList_query.graphql';
import type { EcosystemListPaginationQuery } from './__generated__/EcosystemListPaginationQuery.graphql';
import { EcosystemRow } from './EcosystemRow';

const PAGE_SIZE = 20;
export const ECOSYSTEM_LIST_CONNECTION = 'EcosystemList_searchEcosystems';

/** The connection a new ecosystem is added to: the list as filtered by `searchTerm`. */
export function ecosystemListConnectionId(searchTerm: string | null): string {
  return ConnectionHandler.getConnectionID(ROOT_ID, ECOSYSTEM_LIST_CONNECTION, { searchTerm, includeArchived: true });
}

export function EcosystemList({ queryRef }: { queryRef: EcosystemList_query$key }) {
  const t = useT();
  const phone = usePhoneLayout();
  const [, startTransition] = useTransition();
  const { data, hasNext, loadNext, isLoadingNext, refetch } = usePaginationFragment<EcosystemListPaginationQuery, EcosystemList_query$key>(graphql`
    fragment EcosystemList_query on Query
      @refetchable(queryName: "EcosystemListPaginationQuery")
      @argumentDefinitions(searchTerm: { type: "String" }, count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
      searchEcosystems(searchTerm: $searchTerm, first: $count, after: $cursor, includeArchived: true)
        @connection(key: "EcosystemList_searchEcosystems", filters: ["searchTerm", "includeArchived"]) {
        edges {
          node {
            id
            ...EcosystemRow_ecosystem
          }
        }
      }
    }
  `, queryRef);
  const connection = data.searchEcosystems;
  // A finished demo-data job changes what the list shows (demo flags), so the list reloads quietly.
  const reload = useCallback(() => startTransition(() => { refetch({}, { fetchPolicy: 'network-only' }); }), [refetch]);

  if (connection.edges.length === 0) return <Text role="status">{t('ecosystems.empty')}</Text>;
  const rows = connection.edges.map(({ node }) => (
    <EcosystemRow key={node.id} ecosystemRef={node} layout={phone ? 'card' : 'row'} onJobSettled={reload} />
  ));
  return (
    <Stack>
      <RowsOrCards label={t('ecosystems.title')} cards={phone} minWidth={640} columns={[
        t('ecosystems.column.name'), t('ecosystems.column.shortName'), t('ecosystems.column.type'), t('ecosystems.column.status'), t('common.actions'),
      ]}>
        {rows}
      </RowsOrCards>
      {hasNext
        ? <Button variant="default" w="fit-content" loading={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>{t('ecosystems.loadMore')}</Button>
        : <Text size="sm" c="dimmed">{t('ecosystems.count', { count: connection.edges.length })}</Text>}
    </Stack>
  );
}
