import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useSessionActionsCancelMutation as Cancel } from './__generated__/useSessionActionsCancelMutation.graphql';
import type { useSessionActionsRestoreMutation as Restore } from './__generated__/useSessionActionsRestoreMutation.graphql';
import type { AdminSessionFilters, useSessionActionsCancelAllMutation as CancelAll } from './__generated__/useSessionActionsCancelAllMutation.graphql';
import type { useSessionActionsRestoreAllMutation as RestoreAll } from './__generated__/useSessionActionsRestoreAllMutation.graphql';
import type { useSessionActionsLabelAllMutation as LabelAll } from './__generated__/useSessionActionsLabelAllMutation.graphql';

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

/** What an "all matching" action (decision 0064) starts with: the filters and the count the admin was shown. */
export interface AllMatching { ecosystemId: string; filters: AdminSessionFilters; expectedCount: number }

/** Starts an action on every session the filters name (decision 0064); each answers the job's id, to follow its progress. */
export function useAllMatchingActions() {
  const [commitCancel, cancelling] = usePromiseMutation<CancelAll>(graphql`
    mutation useSessionActionsCancelAllMutation($ecosystemId: ID, $filters: AdminSessionFilters, $expectedCount: Int!, $reason: String) {
      adminCancelAllLabelSession(ecosystemId: $ecosystemId, filters: $filters, expectedCount: $expectedCount, reason: $reason) { jobId }
    }
  `);
  const [commitRestore, restoring] = usePromiseMutation<RestoreAll>(graphql`
    mutation useSessionActionsRestoreAllMutation($ecosystemId: ID, $filters: AdminSessionFilters, $expectedCount: Int!) {
      adminRestoreAllSessions(ecosystemId: $ecosystemId, filters: $filters, expectedCount: $expectedCount) { jobId }
    }
  `);
  const [commitLabel, labelling] = usePromiseMutation<LabelAll>(graphql`
    mutation useSessionActionsLabelAllMutation($ecosystemId: ID, $filters: AdminSessionFilters, $expectedCount: Int!, $key: String!, $value: String) {
      adminSaveAllLabelSession(ecosystemId: $ecosystemId, filters: $filters, expectedCount: $expectedCount, key: $key, value: $value) { jobId }
    }
  `);
  const cancelAll = useCallback(async (all: AllMatching, reason: string | null) =>
    (await commitCancel({ variables: { ...all, reason } })).adminCancelAllLabelSession.jobId, [commitCancel]);
  const restoreAll = useCallback(async (all: AllMatching) =>
    (await commitRestore({ variables: all })).adminRestoreAllSessions.jobId, [commitRestore]);
  const labelAll = useCallback(async (all: AllMatching, key: string, value: string | null) =>
    (await commitLabel({ variables: { ...all, key, value } })).adminSaveAllLabelSession.jobId, [commitLabel]);
  return { cancelAll, restoreAll, labelAll, busy: cancelling || restoring || labelling };
}
