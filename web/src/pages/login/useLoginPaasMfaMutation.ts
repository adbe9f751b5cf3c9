/**
 * loginPaasMFA and the set-up an ecosystem requires at log-in (startMfaTotpEnrolment with the
 * log-in's userIdToken) and the resend of an e-mailed code, sent without Relay's runtime like loginPaas (useLoginPaasMutation.ts).
 */
import { useCallback, useState } from 'react';
import { sendOperation } from '../../relay/client';
import { graphql } from '../../relay/graphql';
import type { useLoginPaasMfaMutation as Mutation } from './__generated__/useLoginPaasMfaMutation.graphql';
import type { useLoginPaasMfaEnrolmentMutation as Enrolment } from './__generated__/useLoginPaasMfaEnrolmentMutation.graphql';
import type { useLoginPaasMfaResendMutation as Resend } from './__generated__/useLoginPaasMfaResendMutation.graphql';

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

/** A new e-mailed code for the log-in (docs/decisions/0043). */
const resend = graphql`
  mutation useLoginPaasMfaResendMutation($userIdToken: String!) {
    sendMfaLoginCode(userIdToken: $userIdToken)
  }
`;

function useSend<T extends Mutation | Enrolment | Resend>(operation: Parameters<typeof sendOperation>[0]) {
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

export function useLoginMfaResendMutation() {
  return useSend<Resend>(resend);
}
