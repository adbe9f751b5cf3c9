/**
 * The settings page's mutations of the e-mail code method (docs/decisions/0043). Confirming
 * answers the user with its MFASettings, so the page shows the new state from Relay's store at once.
 */
import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useEmailMfaMutationsStartMutation as Start } from './__generated__/useEmailMfaMutationsStartMutation.graphql';
import type { useEmailMfaMutationsConfirmMutation as Confirm } from './__generated__/useEmailMfaMutationsConfirmMutation.graphql';

/** Mails a set-up code (again, for a resend). */
export function useStartEmailMfaMutation() {
  const [commit, inFlight] = usePromiseMutation<Start>(graphql`
    mutation useEmailMfaMutationsStartMutation {
      startMfaEmailEnrolment
    }
  `);
  const start = useCallback(async () => (await commit({ variables: {} })).startMfaEmailEnrolment, [commit]);
  return [start, inFlight] as const;
}

export function useConfirmEmailMfaMutation() {
  const [commit, inFlight] = usePromiseMutation<Confirm>(graphql`
    mutation useEmailMfaMutationsConfirmMutation($code: String!) {
      confirmMfaEmailEnrolment(code: $code) {
        recoveryCodes
        user { id profile { MFASettings { method validated recoveryCodesLeft } } }
      }
    }
  `);
  const confirm = useCallback(async (code: string) => (await commit({ variables: { code } })).confirmMfaEmailEnrolment.recoveryCodes, [commit]);
  return [confirm, inFlight] as const;
}
