/**
 * The forgotten-password operations, sent without Relay's runtime like the log-in
 * (pages/login/useLoginPaasMutation.ts): these pages work signed out and load light.
 */
import { sendOperation } from '../../relay/client';
import { graphql } from '../../relay/graphql';
import type { usePasswordResetOperationsRequestMutation as Request } from './__generated__/usePasswordResetOperationsRequestMutation.graphql';
import type { usePasswordResetOperationsResetMutation as Reset } from './__generated__/usePasswordResetOperationsResetMutation.graphql';
import type { usePasswordResetOperationsValidQuery as Valid } from './__generated__/usePasswordResetOperationsValidQuery.graphql';

const request = graphql`
  mutation usePasswordResetOperationsRequestMutation($email: String!, $ecosystemProfileId: String) {
    requestPasswordReset(email: $email, ecosystemProfileId: $ecosystemProfileId)
  }
`;

const valid = graphql`
  query usePasswordResetOperationsValidQuery($token: String!) {
    passwordResetLinkValid(token: $token)
  }
`;

const reset = graphql`
  mutation usePasswordResetOperationsResetMutation($token: String!, $newPassword: String!) {
    resetPassword(token: $token, newPassword: $newPassword)
  }
`;

/** `ecosystemProfileId`: the ecosystem whose log-in page sent the person here (?ecosystem=), for the mail's name. */
export async function sendPasswordResetRequest(email: string, ecosystemProfileId: string | null): Promise<void> {
  await sendOperation<Request>(request, { email, ecosystemProfileId });
}

export async function resetLinkValid(token: string, signal?: AbortSignal): Promise<boolean> {
  return (await sendOperation<Valid>(valid, { token }, signal)).passwordResetLinkValid;
}

export async function sendPasswordReset(token: string, newPassword: string): Promise<void> {
  await sendOperation<Reset>(reset, { token, newPassword });
}
