/**
 * The Relay environment of the app. `createRelayEnvironment` takes its dependencies so tests can
 * build one around a fake fetch; the browser's single instance lives in browser.ts.
 */
import { Environment, Network, Observable, RecordSource, Store, type FetchFunction } from 'relay-runtime';
import { createGraphQLFetch, type GraphQLFetch, type NetworkDeps } from './network';

export function createRelayEnvironment(deps: NetworkDeps): Environment {
  return relayEnvironmentOver(createGraphQLFetch(deps));
}

export function relayEnvironmentOver(graphQLFetch: GraphQLFetch): Environment {
  // An Observable rather than a Promise so that disposing a query (an abandoned navigation)
  // aborts its HTTP request too.
  const fetchFn: FetchFunction = (params, variables) => Observable.create((sink) => {
    const controller = new AbortController();
    graphQLFetch(params, variables, controller.signal).then(
      (response) => { sink.next(response); sink.complete(); },
      (error: unknown) => { if (!controller.signal.aborted) sink.error(error instanceof Error ? error : new Error(String(error))); },
    );
    return () => controller.abort();
  });
  return new Environment({ network: Network.create(fetchFn), store: new Store(new RecordSource()) });
}
