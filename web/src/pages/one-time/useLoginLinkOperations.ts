/**
 * The log-in link operations (docs/decisions/0042), sent without Relay's runtime like loginPaas
 * (pages/login/useLoginPaasMutation.ts).
 */
import { sendOperation } from '../../relay/client';
import { graphql } from '../../relay/graphql';
import type { useLoginLinkOperationsLoginMutation as Login } from './__generated__/useLoginLinkOperationsLoginMutation.graphql';
import type { useLoginLinkOperationsRequestMutation as Request } from './__generated__/useLoginLinkOperationsRequestMutation.graphql';

export type LinkLoginResult = Login['response']['loginWithLink'];

const request = graphql`
  mutation useLoginLinkOperationsRequestMutation($email: String!, $ecosystemProfileId: String) {
    requestLoginLink(email: $email, ecosystemProfileId: $ecosystemProfileId)
  }
`;

const login = graphql`
  mutation useLoginLinkOperationsLoginMutation($token: String!) {
    loginWithLink(token: $token) {
      token
      redirect
      userIdToken
      mfaMethods
      mfaEnrolmentRequired
      mfaEmailHint
    }
  }
`;

export async function sendLoginLinkRequest(email: string, ecosystemProfileId: string | null): Promise<void> {
  await sendOperation<Request>(request, { email, ecosystemProfileId });
}

export async function sendLoginWithLink(token: string): Promise<LinkLoginResult> {
  return (await sendOperation<Login>(login, { token })).loginWithLink;
}
