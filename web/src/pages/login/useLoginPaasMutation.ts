/**
 * loginPaas, sent without Relay's runtime (relay/client.ts) so the log-in page loads light. After
 * a log-in, what the anonymous visit cached in Relay's store no longer applies.
 */
import { useCallback, useState } from 'react';
import { sendOperation } from '../../relay/client';
import { graphql } from '../../relay/graphql';
import type { useLoginPaasMutation as Mutation } from './__generated__/useLoginPaasMutation.graphql';

export type LoginPaasResult = Mutation['response']['loginPaas'];

const mutation = graphql`
  mutation useLoginPaasMutation($email: String!, $password: String!, $ecosystemId: ID) {
    loginPaas(email: $email, password: $password, ecosystemId: $ecosystemId) {
      token
      redirect
      userIdToken
      mfaMethods
      mfaEnrolmentRequired
      mfaEmailHint
    }
  }
`;

export function useLoginPaasMutation() {
  const [inFlight, setInFlight] = useState(false);
  const login = useCallback(async (variables: Mutation['variables']): Promise<Mutation['response']> => {
    setInFlight(true);
    try {
      return await sendOperation<Mutation>(mutation, variables);
    } finally {
      setInFlight(false);
    }
  }, []);
  return [login, inFlight] as const;
}

/** Called once the new token is stored: the next page reads fresh data (and needs Relay anyway). */
export async function forgetAnonymousData(): Promise<void> {
  const { resetRelayStore } = await import('../../relay/browser');
  resetRelayStore();
}
