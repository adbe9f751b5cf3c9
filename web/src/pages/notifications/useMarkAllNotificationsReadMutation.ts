import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useMarkAllNotificationsReadMutation as Mutation } from './__generated__/useMarkAllNotificationsReadMutation.graphql';
import { updateUnreadCount } from './useMarkNotificationsReadMutation';

/** Marks every unread notification of the viewer read. */
export function useMarkAllNotificationsReadMutation() {
  const [commit, inFlight] = usePromiseMutation<Mutation>(graphql`
    mutation useMarkAllNotificationsReadMutation {
      markAllNotificationsRead {
        unreadCount
        notifications { id read readAt }
      }
    }
  `);
  const markAll = useCallback(async () => {
    const response = await commit({ variables: {}, updater: (store) => updateUnreadCount(store, 'markAllNotificationsRead') });
    return response.markAllNotificationsRead;
  }, [commit]);
  return [markAll, inFlight] as const;
}
