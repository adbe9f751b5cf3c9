import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useSessionActionsCancelMutation as Cancel } from './__generated__/useSessionActionsCancelMutation.graphql';
import type { useSessionActionsRestoreMutation as Restore } from './__generated__/useSessionActionsRestoreMutation.graphql';

/** Cancels (with a reason) or restores the chosen sessions (decision 0060); each answers how many changed. */
export function useSessionActions() {
  const [commitCancel, cancelling] = usePromiseMutation<Cancel>(graphql`
    mutation useSessionActionsCancelMutation($ecosystemId: ID, $sessionIds: [ID!]!, $reason: String) {
      adminCancelOneOrManySession(ecosystemId: $ecosystemId, sessionIds: $sessionIds, reason: $reason) { changedCount }
    }
  `);
  const [commitRestore, restoring] = usePromiseMutation<Restore>(graphql`
    mutation useSessionActionsRestoreMutation($ecosystemId: ID, $sessionIds: [ID!]!) {
      adminRestoreOneOrManySessions(ecosystemId: $ecosystemId, sessionIds: $sessionIds) { changedCount }
    }
  `);
  const cancel = useCallback(async (ecosystemId: string, sessionIds: string[], reason: string | null) =>
    (await commitCancel({ variables: { ecosystemId, sessionIds, reason } })).adminCancelOneOrManySession.changedCount, [commitCancel]);
  const restore = useCallback(async (ecosystemId: string, sessionIds: string[]) =>
    (await commitRestore({ variables: { ecosystemId, sessionIds } })).adminRestoreOneOrManySessions.changedCount, [commitRestore]);
  return { cancel, restore, busy: cancelling || restoring };
}
