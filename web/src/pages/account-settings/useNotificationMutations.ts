/** The three notification mutations; each answers with the page's fragment, so the tables show what was saved. */
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useNotificationMutationsParentMutation } from './__generated__/useNotificationMutationsParentMutation.graphql';
import type { useNotificationMutationsPersonalMutation } from './__generated__/useNotificationMutationsPersonalMutation.graphql';
import type { useNotificationMutationsStaffMutation } from './__generated__/useNotificationMutationsStaffMutation.graphql';

export function usePersonalNotificationsMutation() {
  return usePromiseMutation<useNotificationMutationsPersonalMutation>(graphql`
    mutation useNotificationMutationsPersonalMutation($input: [NotificationSettingInput!]!) {
      editNotificationSettings(input: $input) { id ...NotificationsPage_user }
    }
  `);
}

/** One kind per call, as editStaffNotificationSetting takes it. */
export function useStaffNotificationMutation() {
  return usePromiseMutation<useNotificationMutationsStaffMutation>(graphql`
    mutation useNotificationMutationsStaffMutation($input: StaffNotificationSettingInput!) {
      editStaffNotificationSetting(input: $input) { id ...NotificationsPage_user }
    }
  `);
}

export function useParentNotificationsMutation() {
  return usePromiseMutation<useNotificationMutationsParentMutation>(graphql`
    mutation useNotificationMutationsParentMutation($input: [ParentNotificationSettingInput!]!) {
      editParentNotifications(input: $input) { id ...NotificationsPage_user }
    }
  `);
}
