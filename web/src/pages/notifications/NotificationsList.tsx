/**
 * The viewer's notifications, newest first, a page at a time, with the unread count. Read again
 * from the server at each event of the live stream (a new one, or one read in another tab).
 */
import { Button, Stack, Text } from '@mantine/core';
import { graphql, usePaginationFragment } from 'react-relay';
import { ConnectionHandler, ROOT_ID } from 'relay-runtime';
import { useT } from '../../i18n/terms';
import { useNotificationEvents } from '../../notifications/live';
import type { NotificationsList_query$key } from './__generated__/NotificationsList_query.graphql';
import type { NotificationsListPaginationQuery } from './__generated__/NotificationsListPaginationQuery.graphql';
import { NotificationItem } from './NotificationItem';

const PAGE_SIZE = 20;
export const NOTIFICATIONS_CONNECTION = 'NotificationsList_notifications';

/** The list's connection record, whose unreadCount the mutations keep current. */
export function notificationsConnectionId(): string {
  return ConnectionHandler.getConnectionID(ROOT_ID, NOTIFICATIONS_CONNECTION);
}

export function NotificationsList({ queryRef }: { queryRef: NotificationsList_query$key }) {
  const t = useT();
  const { data, hasNext, loadNext, isLoadingNext, refetch } = usePaginationFragment<NotificationsListPaginationQuery, NotificationsList_query$key>(graphql`
    fragment NotificationsList_query on Query
      @refetchable(queryName: "NotificationsListPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
      notifications(first: $count, after: $cursor) @connection(key: "NotificationsList_notifications") {
        unreadCount
        edges {
          node {
            id
            ...NotificationItem_notification
          }
        }
      }
    }
  `, queryRef);
  useNotificationEvents(() => refetch({ count: Math.max(PAGE_SIZE, data.notifications.edges.length) }, { fetchPolicy: 'network-only' }));
  const { edges, unreadCount } = data.notifications;
  return (
    <Stack>
      <Text role="status" fw={500}>{t('inbox.unreadCount', { count: unreadCount })}</Text>
      {edges.length === 0
        ? <Text>{t('inbox.empty')}</Text>
        : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('inbox.title')}>
            {edges.map(({ node }) => <NotificationItem key={node.id} notificationRef={node} />)}
          </Stack>
        )}
      {hasNext && <Button variant="default" w="fit-content" loading={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>{t('inbox.loadMore')}</Button>}
    </Stack>
  );
}
