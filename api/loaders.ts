/**
 * Per-request batching (DataLoader): lookups by key made while a request resolves one level of its
 * answer are read with one statement, so a page of N rows asking for a nested field costs one query,
 * not N (docs/decisions/0025). Each request gets its own loaders, so nothing cached outlives it or
 * reaches another viewer; a mutation's command forgets what was loaded before it (`forgetLoaded`).
 */
import DataLoader from 'dataloader';
import type { PoolClient } from 'pg';
import type { RequestContext } from './context';

/** A lookup by key: one statement for many keys, answering the rows it found by key. */
export interface LoaderSpec<K, V> {
  name: string;
  fetch(client: PoolClient, keys: readonly K[]): Promise<Map<K, V>>;
}

type AnyLoader = DataLoader<unknown, unknown>;

const byRequest = new WeakMap<Pick<RequestContext, 'read'>, Map<string, AnyLoader>>();

/** Rows by their `id`, as a LoaderSpec's `fetch` answers them. */
export function byId<T extends { id: string }>(rows: readonly T[]): Map<string, T> {
  return new Map(rows.map((row) => [row.id, row]));
}

/** The request's loader for `spec` (made on first use): `load(key)` answers the value or null. */
export function loaderOf<K, V>(ctx: Pick<RequestContext, 'read'>, spec: LoaderSpec<K, V>): DataLoader<K, V | null> {
  let loaders = byRequest.get(ctx);
  if (!loaders) {
    loaders = new Map();
    byRequest.set(ctx, loaders);
  }
  let loader = loaders.get(spec.name) as DataLoader<K, V | null> | undefined;
  if (!loader) {
    loader = new DataLoader<K, V | null>(async (keys) => {
      const found = await ctx.read((client) => spec.fetch(client, keys));
      return keys.map((key) => found.get(key) ?? null);
    }, { name: spec.name });
    loaders.set(spec.name, loader as AnyLoader);
  }
  return loader;
}

/** Rows a list already read answer later lookups of the same request without a query. */
export function primeRows<T extends { id: string }>(loader: DataLoader<string, T | null>, rows: readonly T[]): void {
  for (const row of rows) loader.prime(row.id, row);
}

/** After a write, what the request loaded before it is stale: later lookups read again. */
export function forgetLoaded(ctx: Pick<RequestContext, 'read'>): void {
  for (const loader of byRequest.get(ctx)?.values() ?? []) loader.clearAll();
}
