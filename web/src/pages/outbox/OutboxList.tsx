/**
 * The outbox's messages, newest first, a page at a time: a table, or on a phone a list of cards
 * (components/responsive.ts). Each opens the message.
 */
import { Button, Stack, Text } from '@mantine/core';
import { graphql, usePaginationFragment } from 'react-relay';
import { ConnectionHandler, ROOT_ID } from 'relay-runtime';
import { usePhoneLayout } from '../../components/responsive';
import { RowsOrCards } from '../../components/RowsOrCards';
import { useT } from '../../i18n/terms';
import type { OutboxList_query$key } from './__generated__/OutboxList_query.graphql';
import type { OutboxListPaginationQuery } from './__generated__/OutboxListPaginationQuery.graphql';
import { OutboxRow } from './OutboxRow';

const PAGE_SIZE = 20;
const OUTBOX_CONNECTION = 'OutboxList_getOutboxMessages';

/** The connection a test message is added to. */
export function outboxConnectionId(): string {
  return ConnectionHandler.getConnectionID(ROOT_ID, OUTBOX_CONNECTION);
}

export function OutboxList({ queryRef }: { queryRef: OutboxList_query$key }) {
  const t = useT();
  const phone = usePhoneLayout();
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment<OutboxListPaginationQuery, OutboxList_query$key>(graphql`
    fragment OutboxList_query on Query
      @refetchable(queryName: "OutboxListPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
      getOutboxMessages(first: $count, after: $cursor) @connection(key: "OutboxList_getOutboxMessages") {
        edges {
          node {
            id
            ...OutboxRow_message
          }
        }
      }
    }
  `, queryRef);
  const edges = data.getOutboxMessages.edges;
  if (edges.length === 0) return <Text role="status">{t('outbox.empty')}</Text>;
  return (
    <Stack>
      <RowsOrCards label={t('outbox.title')} cards={phone} minWidth={760} columns={[
        t('outbox.column.recipient'), t('outbox.column.kind'), t('outbox.column.channel'), t('outbox.column.language'),
        t('outbox.column.status'), t('outbox.column.time'),
      ]}>
        {edges.map(({ node }) => <OutboxRow key={node.id} messageRef={node} layout={phone ? 'card' : 'row'} />)}
      </RowsOrCards>
      {hasNext
        ? <Button variant="default" w="fit-content" loading={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>{t('outbox.loadMore')}</Button>
        : <Text size="sm" c="dimmed">{t('outbox.count', { count: edges.length })}</Text>}
    </Stack>
  );
}
