import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useMarkNotificationsReadMutation as Mutation } from './__generated__/useMarkNotificationsReadMutation.graphql';
import { notificationsConnectionId } from './NotificationsList';

/** Sets the list's unread count from a mutation's payload (its field `root`). */
export function updateUnreadCount(store: RecordSourceSelectorProxy, root: string): void {
  const payload = store.getRootField(root);
  const connection = store.get(notificationsConnectionId());
  const count = payload?.getValue('unreadCount');
  if (connection && typeof count === 'number') connection.setValue(count, 'unreadCount');
}

/** Marks notifications read; the payload's nodes update the list, and its count the list's. */
export function useMarkNotificationsReadMutation() {
  const [commit, inFlight] = usePromiseMutation<Mutation>(graphql`
    mutation useMarkNotificationsReadMutation($ids: [ID!]!) {
      markNotificationsRead(ids: $ids) {
        unreadCount
        notifications { id read readAt }
      }
    }
  `);
  const markRead = useCallback(async (ids: string[]) => {
    const response = await commit({ variables: { ids }, updater: (store) => updateUnreadCount(store, 'markNotificationsRead') });
    return response.markNotificationsRead;
  }, [commit]);
  return [markRead, inFlight] as const;
}
