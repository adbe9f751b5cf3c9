/**
 * loginPaasMFA and the set-up an ecosystem requires at log-in (startMfaTotpEnrolment with the
 * log-in's userIdToken), sent without Relay's runtime like loginPaas (useLoginPaasMutation.ts).
 */
import { useCallback, useState } from 'react';
import { sendOperation } from '../../relay/client';
import { graphql } from '../../relay/graphql';
import type { useLoginPaasMfaMutation as Mutation } from './__generated__/useLoginPaasMfaMutation.graphql';
import type { useLoginPaasMfaEnrolmentMutation as Enrolment } from './__generated__/useLoginPaasMfaEnrolmentMutation.graphql';

export type LoginPaasMfaResult = Mutation['response']['loginPaasMFA'];
export type LoginEnrolment = Enrolment['response']['startMfaTotpEnrolment'];

const mutation = graphql`
  mutation useLoginPaasMfaMutation($userIdToken: String!, $code: String!) {
    loginPaasMFA(userIdToken: $userIdToken, code: $code) {
      token
      redirect
      recoveryCodes
    }
  }
`;

const enrolment = graphql`
  mutation useLoginPaasMfaEnrolmentMutation($userIdToken: String!) {
    startMfaTotpEnrolment(userIdToken: $userIdToken) {
      secret
      otpauthUri
      qrCodeSvg
    }
  }
`;

function useSend<T extends Mutation | Enrolment>(operation: Parameters<typeof sendOperation>[0]) {
  const [inFlight, setInFlight] = useState(false);
  const send = useCallback(async (variables: T['variables']): Promise<T['response']> => {
    setInFlight(true);
    try {
      return await sendOperation<T>(operation, variables);
    } finally {
      setInFlight(false);
    }
  }, [operation]);
  return [send, inFlight] as const;
}

export function useLoginPaasMfaMutation() {
  return useSend<Mutation>(mutation);
}

export function useLoginEnrolmentMutation() {
  return useSend<Enrolment>(enrolment);
}
