/** The ecosystem's sign-up leads, newest first, a page at a time, as cards (one per lead). */
import { Button, Stack, Text } from '@mantine/core';
import { graphql, usePaginationFragment } from 'react-relay';
import { useT } from '../../i18n/terms';
import type { LeadList_query$key } from './__generated__/LeadList_query.graphql';
import type { LeadListPaginationQuery } from './__generated__/LeadListPaginationQuery.graphql';
import { LeadCard } from './LeadCard';

const PAGE_SIZE = 20;

export function LeadList({ queryRef }: { queryRef: LeadList_query$key }) {
  const t = useT();
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment<LeadListPaginationQuery, LeadList_query$key>(graphql`
    fragment LeadList_query on Query
      @refetchable(queryName: "LeadListPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
      signupLeads(ecosystemId: $ecosystemId, status: $status, first: $count, after: $cursor) @connection(key: "LeadList_signupLeads") {
        edges { node { id ...LeadCard_lead } }
      }
    }
  `, queryRef);
  const edges = data.signupLeads.edges;
  if (edges.length === 0) return <Text role="status">{t('leads.empty')}</Text>;
  return (
    <Stack>
      <Stack component="ul" gap="sm" aria-label={t('leads.list')} className="card-list">
        {edges.map(({ node }) => <LeadCard key={node.id} leadRef={node} />)}
      </Stack>
      {hasNext
        ? <Button variant="default" w="fit-content" loading={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>{t('leads.loadMore')}</Button>
        : <Text size="sm" c="dimmed">{t('leads.count', { count: edges.length })}</Text>}
    </Stack>
  );
}
