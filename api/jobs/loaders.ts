/**
 * Per-request batching of the job fields of Ecosystem (recentBatchJob, demoDataStatus): a list of
 * fifty ecosystems asks for its rows' jobs in one query, not fifty. Keyed by the request context.
 */
import type { PoolClient } from 'pg';
import { demoDataStatuses, recentBatchJobs, type BatchJobRow, type DemoDataStatus } from '../../projections/jobs';
import type { RequestContext } from '../context';

type FetchMany<T> = (client: PoolClient, keys: readonly string[]) => Promise<Map<string, T>>;

/** Collects the keys asked for in one tick of the event loop and reads them with one query. */
export function createBatchLoader<T>(ctx: Pick<RequestContext, 'read'>, fetch: FetchMany<T>): (key: string) => Promise<T | null> {
  const cache = new Map<string, Promise<T | null>>();
  let pending: Array<{ key: string; resolve: (value: T | null) => void; reject: (error: unknown) => void }> = [];

  const flush = async () => {
    const batch = pending;
    pending = [];
    try {
      const found = await ctx.read((client) => fetch(client, [...new Set(batch.map((b) => b.key))]));
      for (const b of batch) b.resolve(found.get(b.key) ?? null);
    } catch (error) {
      // A failed read is not remembered: the next request may succeed.
      for (const b of batch) {
        cache.delete(b.key);
        b.reject(error);
      }
    }
  };

  return (key) => {
    const cached = cache.get(key);
    if (cached) return cached;
    const promise = new Promise<T | null>((resolve, reject) => {
      if (pending.length === 0) queueMicrotask(() => void flush());
      pending.push({ key, resolve, reject });
    });
    cache.set(key, promise);
    return promise;
  };
}

interface JobLoaders {
  recentJob: (ecosystemId: string) => Promise<BatchJobRow | null>;
  demoDataStatus: (ecosystemId: string) => Promise<DemoDataStatus | null>;
}

const byRequest = new WeakMap<RequestContext, JobLoaders>();

export function jobLoaders(ctx: RequestContext): JobLoaders {
  let loaders = byRequest.get(ctx);
  if (!loaders) {
    loaders = {
      recentJob: createBatchLoader(ctx, async (client, ids) => new Map((await recentBatchJobs(client, ids)).map((row) => [row.ecosystemId, row]))),
      demoDataStatus: createBatchLoader(ctx, demoDataStatuses),
    };
    byRequest.set(ctx, loaders);
  }
  return loaders;
}
