import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useLoginPaasMutation as Mutation } from './__generated__/useLoginPaasMutation.graphql';

export type LoginPaasResult = Mutation['response']['loginPaas'];

export function useLoginPaasMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useLoginPaasMutation($email: String!, $password: String!, $ecosystemId: ID) {
      loginPaas(email: $email, password: $password, ecosystemId: $ecosystemId) {
        token
        redirect
        userIdToken
        mfaMethods
      }
    }
  `);
}
