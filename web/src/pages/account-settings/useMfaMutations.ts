/**
 * The settings page's multi-factor mutations. Confirming and turning off answer the user with its
 * MFASettings, so the page's own query shows the new state from Relay's store at once.
 */
import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useMfaMutationsConfirmMutation as Confirm } from './__generated__/useMfaMutationsConfirmMutation.graphql';
import type { useMfaMutationsDisableMutation as Disable } from './__generated__/useMfaMutationsDisableMutation.graphql';
import type { useMfaMutationsStartMutation as Start } from './__generated__/useMfaMutationsStartMutation.graphql';
import type { useMfaMutationsRegenerateMutation as Regenerate } from './__generated__/useMfaMutationsRegenerateMutation.graphql';

export type StartedEnrolment = Start['response']['startMfaTotpEnrolment'];

export function useStartMfaMutation() {
  const [commit, inFlight] = usePromiseMutation<Start>(graphql`
    mutation useMfaMutationsStartMutation {
      startMfaTotpEnrolment {
        secret
        otpauthUri
        qrCodeSvg
      }
    }
  `);
  const start = useCallback(async () => (await commit({ variables: {} })).startMfaTotpEnrolment, [commit]);
  return [start, inFlight] as const;
}

export function useConfirmMfaMutation() {
  const [commit, inFlight] = usePromiseMutation<Confirm>(graphql`
    mutation useMfaMutationsConfirmMutation($code: String!) {
      confirmMfaTotpEnrolment(code: $code) {
        recoveryCodes
        user { id profile { MFASettings { method validated recoveryCodesLeft } } }
      }
    }
  `);
  const confirm = useCallback(async (code: string) => (await commit({ variables: { code } })).confirmMfaTotpEnrolment.recoveryCodes, [commit]);
  return [confirm, inFlight] as const;
}

export function useDisableMfaMutation() {
  const [commit, inFlight] = usePromiseMutation<Disable>(graphql`
    mutation useMfaMutationsDisableMutation($code: String, $password: String) {
      disableMfa(code: $code, password: $password) {
        id
        profile { MFASettings { method validated recoveryCodesLeft } }
      }
    }
  `);
  const disable = useCallback((proof: { code: string | null; password: string | null }) => commit({ variables: proof }), [commit]);
  return [disable, inFlight] as const;
}

/** New recovery codes (docs/decisions/0043): answers them, and the user with the new count. */
export function useRegenerateCodesMutation() {
  const [commit, inFlight] = usePromiseMutation<Regenerate>(graphql`
    mutation useMfaMutationsRegenerateMutation($code: String, $password: String) {
      regenerateMfaRecoveryCodes(code: $code, password: $password) {
        recoveryCodes
        user { id profile { MFASettings { method validated recoveryCodesLeft } } }
      }
    }
  `);
  const regenerate = useCallback(async (proof: { code: string | null; password: string | null }) =>
    (await commit({ variables: proof })).regenerateMfaRecoveryCodes.recoveryCodes, [commit]);
  return [regenerate, inFlight] as const;
}
