/**
 * The mutations of /account-settings. Each answers the person with the hub's fragment, so the
 * page shows what the server saved (the phone as (xxx) xxx-xxxx) without asking again.
 */
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../../relay/usePromiseMutation';
import type { useSettingsMutationsPhoneMutation } from './__generated__/useSettingsMutationsPhoneMutation.graphql';
import type { useSettingsMutationsProfileMutation } from './__generated__/useSettingsMutationsProfileMutation.graphql';
import type { useSettingsMutationsTimeZoneMutation } from './__generated__/useSettingsMutationsTimeZoneMutation.graphql';
import type { useSettingsMutationsCooldownMutation } from './__generated__/useSettingsMutationsCooldownMutation.graphql';
import type { useSettingsMutationsEmailChangeMutation } from './__generated__/useSettingsMutationsEmailChangeMutation.graphql';
import type { useSettingsMutationsSendVerificationMutation } from './__generated__/useSettingsMutationsSendVerificationMutation.graphql';

/** editPrimaryInfo with the phone only: names are edited on /edit-profile. */
export function usePhoneMutation() {
  return usePromiseMutation<useSettingsMutationsPhoneMutation>(graphql`
    mutation useSettingsMutationsPhoneMutation($phoneNumber: String) {
      editPrimaryInfo(input: { phoneNumber: $phoneNumber }) { id ...AccountSettingsPage_user }
    }
  `);
}

/** updateUser for the language and the booking limit. */
export function useProfileSettingsMutation() {
  return usePromiseMutation<useSettingsMutationsProfileMutation>(graphql`
    mutation useSettingsMutationsProfileMutation($input: ProfileInput!) {
      updateUser(input: $input) { id ...AccountSettingsPage_user }
    }
  `);
}

export function useTimeZoneMutation() {
  return usePromiseMutation<useSettingsMutationsTimeZoneMutation>(graphql`
    mutation useSettingsMutationsTimeZoneMutation($timeZoneId: String!) {
      editTimeZoneId(timeZoneId: $timeZoneId) { id ...AccountSettingsPage_user }
    }
  `);
}

/** Records a "Not now" to the device's zone, or the acknowledgement of an admin's change. */
export function useCooldownMutation() {
  return usePromiseMutation<useSettingsMutationsCooldownMutation>(graphql`
    mutation useSettingsMutationsCooldownMutation($input: TimezoneCooldownInfoInput!) {
      editTimezoneCooldownInfo(input: $input) { id ...AccountSettingsPage_user }
    }
  `);
}

/** requestEmailChange: the answer carries the pending address, which the contact section then shows. */
export function useEmailChangeMutation() {
  return usePromiseMutation<useSettingsMutationsEmailChangeMutation>(graphql`
    mutation useSettingsMutationsEmailChangeMutation($newEmail: String!, $password: String!) {
      requestEmailChange(newEmail: $newEmail, password: $password) { id ...AccountSettingsPage_user }
    }
  `);
}

/** sendEmailVerification: a new link for the pending (or unverified) address. */
export function useSendVerificationMutation() {
  return usePromiseMutation<useSettingsMutationsSendVerificationMutation>(graphql`
    mutation useSettingsMutationsSendVerificationMutation {
      sendEmailVerification
    }
  `);
}
