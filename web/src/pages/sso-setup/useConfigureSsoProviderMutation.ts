/**
 * configureSsoProvider. Its answer, the ecosystem's set-ups, replaces the page's list in the store
 * (the root field ssoProviderSetups of that ecosystem), so the list shows what the server kept.
 */
import { graphql } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import { usePromiseMutation } from '../../relay/usePromiseMutation';
import type { useConfigureSsoProviderMutation as Mutation } from './__generated__/useConfigureSsoProviderMutation.graphql';

export function useConfigureSsoProviderMutation() {
  return usePromiseMutation<Mutation>(graphql`
    mutation useConfigureSsoProviderMutation($input: SsoProviderInput!) {
      configureSsoProvider(input: $input) { ...SsoSetupList_setups }
    }
  `);
}

/** Points the page's query at the set-ups the mutation answered. */
export function replaceSetups(ecosystemId: string) {
  return (store: RecordSourceSelectorProxy<Mutation['response']>) => {
    const answered = store.getPluralRootField('configureSsoProvider');
    if (answered) store.getRoot().setLinkedRecords(answered, 'ssoProviderSetups', { ecosystemId });
  };
}
