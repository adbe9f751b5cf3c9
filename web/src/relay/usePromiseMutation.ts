/**
 * `useMutation` with a promise: forms await the payload and show the first error message. A
 * payload that arrives with errors rejects too, so a partial success is never shown as a success.
 */
import { useCallback } from 'react';
import { useMutation, type GraphQLTaggedNode, type UseMutationConfig } from 'react-relay';
import type { MutationParameters } from 'relay-runtime';
import { GraphQLRequestError } from './errors';

export type MutationOptions<T extends MutationParameters> = Omit<UseMutationConfig<T>, 'onCompleted' | 'onError' | 'onNext'>;

export function usePromiseMutation<T extends MutationParameters>(mutation: GraphQLTaggedNode) {
  const [commit, inFlight] = useMutation<T>(mutation);
  const run = useCallback((options: MutationOptions<T>) => new Promise<T['response']>((resolve, reject) => {
    commit({
      ...options,
      onCompleted: (response, errors) => (errors && errors.length > 0 ? reject(new GraphQLRequestError(errors)) : resolve(response)),
      onError: reject,
    });
  }), [commit]);
  return [run, inFlight] as const;
}
