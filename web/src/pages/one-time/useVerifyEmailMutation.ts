/**
 * verifyEmail, sent without Relay's runtime like the log-in (pages/login/useLoginPaasMutation.ts):
 * /verify/email works signed out and loads light.
 */
import { sendOperation } from '../../relay/client';
import { graphql } from '../../relay/graphql';
import type { useVerifyEmailMutation as Mutation } from './__generated__/useVerifyEmailMutation.graphql';

const mutation = graphql`
  mutation useVerifyEmailMutation($token: String!) {
    verifyEmail(token: $token) {
      email
    }
  }
`;

export function sendVerifyEmail(token: string): Promise<Mutation['response']> {
  return sendOperation<Mutation>(mutation, { token });
}
