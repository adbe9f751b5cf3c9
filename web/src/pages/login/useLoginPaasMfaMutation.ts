/**
 * loginPaasMFA and the set-up an ecosystem requires at log-in (startMfaTotpEnrolment or
 * startMfaEmailEnrolment with the log-in's userIdToken) and the resend of an e-mailed code, sent
 * without Relay's runtime like loginPaas (useLoginPaasMutation.ts).
 */
import { useCallback, useState } from 'react';
import { sendOperation } from '../../relay/client';
import { graphql } from '../../relay/graphql';
import type { useLoginPaasMfaMutation as Mutation } from './__generated__/useLoginPaasMfaMutation.graphql';
import type { useLoginPaasMfaEnrolmentMutation as Enrolment } from './__generated__/useLoginPaasMfaEnrolmentMutation.graphql';
import type { useLoginPaasMfaResendMutation as Resend } from './__generated__/useLoginPaasMfaResendMutation.graphql';
import type { useLoginPaasMfaEmailEnrolmentMutation as EmailEnrolment } from './__generated__/useLoginPaasMfaEmailEnrolmentMutation.graphql';

export type LoginPaasMfaResult = Mutation['response']['loginPaasMFA'];
export type LoginEnrolment = Enrolment['response']['startMfaTotpEnrolment'];

const mutation = graphql`
  mutation useLoginPaasMfaMutation($userIdToken: String!, $code: String!, $enrolMethod: MfaMethod) {
    loginPaasMFA(userIdToken: $userIdToken, code: $code, enrolMethod: $enrolMethod) {
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

/** The e-mail code set-up at log-in: mails the code that loginPaasMFA (enrolMethod EMAIL) takes. */
const emailEnrolment = graphql`
  mutation useLoginPaasMfaEmailEnrolmentMutation($userIdToken: String!) {
    startMfaEmailEnrolment(userIdToken: $userIdToken)
  }
`;

/** A new e-mailed code for the log-in (docs/decisions/0043). */
const resend = graphql`
  mutation useLoginPaasMfaResendMutation($userIdToken: String!) {
    sendMfaLoginCode(userIdToken: $userIdToken)
  }
`;

function useSend<T extends Mutation | Enrolment | Resend | EmailEnrolment>(operation: Parameters<typeof sendOperation>[0]) {
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

export function useLoginEmailEnrolmentMutation() {
  return useSend<EmailEnrolment>(emailEnrolment);
}

export function useLoginMfaResendMutation() {
  return useSend<Resend>(resend);
}
