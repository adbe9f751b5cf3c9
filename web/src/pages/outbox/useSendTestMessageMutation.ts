import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useSendTestMessageMutation as Mutation } from './__generated__/useSendTestMessageMutation.graphql';

/** Sends a test e-mail to the signed-in platform admin in `language`; the outbox list gets it on top. */
export function useSendTestMessageMutation() {
  const [commit, inFlight] = usePromiseMutation<Mutation>(graphql`
    mutation useSendTestMessageMutation($language: String, $connections: [ID!]!) {
      sendTestMessage(language: $language) @prependNode(connections: $connections, edgeTypeName: "OutboxMessageEdge") {
        id
        recipient
        ...OutboxRow_message
      }
    }
  `);
  const send = useCallback(async (language: string, connections: string[]) => {
    const response = await commit({ variables: { language, connections } });
    return response.sendTestMessage;
  }, [commit]);
  return [send, inFlight] as const;
}
