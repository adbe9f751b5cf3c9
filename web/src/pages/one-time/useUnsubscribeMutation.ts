/**
 * unsubscribe, sent without Relay's runtime like verifyEmail: /unsubscribe/:token works signed out
 * and loads light (docs/decisions/0072).
 */
import { sendOperation } from '../../relay/client';
import { graphql } from '../../relay/graphql';
import type { useUnsubscribeMutation as Mutation } from './__generated__/useUnsubscribeMutation.graphql';

const mutation = graphql`
  mutation useUnsubscribeMutation($token: String!) {
    unsubscribe(token: $token) {
      kind
      variant
    }
  }
`;

export function sendUnsubscribe(token: string): Promise<Mutation['response']> {
  return sendOperation<Mutation>(mutation, { token });
}
