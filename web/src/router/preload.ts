/**
 * Render-as-you-fetch for route loaders: start the query with `loadQuery` and let the navigation
 * wait until it has settled, so the old page stays while the new one loads. A newer navigation
 * aborts `request.signal`; the query is then disposed, which cancels its HTTP request.
 *
 * The fetch policy is store-and-network: a page visited before renders at once from the store
 * while the query is fetched again, and the fresh answer updates it. A first visit waits for the
 * network as before.
 *
 * A query the server answers NOT_FOUND or FORBIDDEN shows the not-found page, as an id the server
 * does not show (null) does on the page itself: a bad id in a URL always reads the same
 * (router/ids.ts), and a page about another tenant's data does not confirm that it exists.
 */
import { loadQuery, usePreloadedQuery, type GraphQLTaggedNode, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import { createOperationDescriptor, fetchQuery, getRequest, type Environment, type OperationType } from 'relay-runtime';
import { GraphQLRequestError } from '../relay/errors';
import { notFound } from './ids';

export const ROUTE_FETCH_POLICY = 'store-and-network';

const NOT_FOUND_CODES = new Set(['NOT_FOUND', 'FORBIDDEN']);

export async function preloadQuery<T extends OperationType>(
  environment: Environment,
  query: GraphQLTaggedNode,
  variables: T['variables'],
  signal: AbortSignal,
): Promise<PreloadedQuery<T>> {
  const ref = loadQuery<T>(environment, query, variables, { fetchPolicy: ROUTE_FETCH_POLICY });
  try {
    await settled(environment, query, variables, signal);
  } catch (error) {
    ref.dispose();
    if (error instanceof GraphQLRequestError && NOT_FOUND_CODES.has(error.code ?? '')) notFound();
    throw error;
  }
  return ref;
}

/**
 * Ends at once when the store can already render the query (the refetch `loadQuery` started goes
 * on); otherwise joins that request (Relay dedupes by request identifier) and waits for its end.
 */
function settled(environment: Environment, query: GraphQLTaggedNode, variables: OperationType['variables'], signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const subscription = fetchQuery(environment, query, variables, { fetchPolicy: 'store-or-network' }).subscribe({
      complete: () => resolve(),
      error: (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
    });
    signal.addEventListener('abort', () => {
      subscription.unsubscribe();
      reject(signal.reason);
    }, { once: true });
  });
}

export function isPreloadedQuery<T extends OperationType>(value: unknown): value is PreloadedQuery<T> {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'PreloadedQuery';
}

/** Reads the query the route's loader preloaded (router data is untyped at run time, so it is checked). */
export function useRouteQuery<T extends OperationType>(query: GraphQLTaggedNode): T['response'] {
  const data: unknown = useLoaderData();
  if (!isPreloadedQuery<T>(data)) throw new Error('This route preloads no query');
  return usePreloadedQuery<T>(query, data);
}

/** A page's first query and the one it asks second, with variables from the first's answer (null when there is nothing to ask). */
export interface ChainedQueries<First extends OperationType, Second extends OperationType> {
  first: PreloadedQuery<First>;
  second: PreloadedQuery<Second> | null;
}

/**
 * Preloads `first`, reads its answer from the store, and preloads `second` with the variables
 * `next` derives from it (none: `second` is null). A failed second query disposes the first.
 */
export async function preloadChained<First extends OperationType, Second extends OperationType>(
  environment: Environment,
  queries: { first: GraphQLTaggedNode; second: GraphQLTaggedNode },
  next: (answer: First['response'] | null) => Second['variables'] | null,
  signal: AbortSignal,
): Promise<ChainedQueries<First, Second>> {
  const first = await preloadQuery<First>(environment, queries.first, {}, signal);
  const { data } = environment.lookup(createOperationDescriptor(getRequest(queries.first), {}).fragment);
  const variables = next(data as First['response'] | null);
  if (variables === null) return { first, second: null };
  try {
    return { first, second: await preloadQuery<Second>(environment, queries.second, variables, signal) };
  } catch (error) {
    first.dispose();
    throw error;
  }
}

export function isChainedQueries<First extends OperationType, Second extends OperationType>(value: unknown): value is ChainedQueries<First, Second> {
  if (typeof value !== 'object' || value === null) return false;
  const { first, second } = value as Record<string, unknown>;
  return isPreloadedQuery(first) && (second === null || isPreloadedQuery(second));
}
