/** activateAccountFromInvite, sent without Relay's runtime like the log-in (the join page is a log-in page). */
import { useCallback, useState } from 'react';
import { sendOperation } from '../../relay/client';
import { graphql } from '../../relay/graphql';
import type { useActivateAccountMutation as Mutation } from './__generated__/useActivateAccountMutation.graphql';

const mutation = graphql`
  mutation useActivateAccountMutation($token: String!, $password: String!, $confirmPassword: String!) {
    activateAccountFromInvite(token: $token, password: $password, confirmPassword: $confirmPassword) {
      token
      redirect
      userIdToken
      mfaMethods
      mfaEnrolmentRequired
    }
  }
`;

export function useActivateAccountMutation() {
  const [inFlight, setInFlight] = useState(false);
  const activate = useCallback(async (variables: Mutation['variables']): Promise<Mutation['response']> => {
    setInFlight(true);
    try {
      return await sendOperation<Mutation>(mutation, variables);
    } finally {
      setInFlight(false);
    }
  }, []);
  return [activate, inFlight] as const;
}
