/**
 * Per-request batching of ecosystem and program lookups, so a list of fifty programs asking for
 * their ecosystem costs one query, not fifty. Keyed by the request context; gone with it.
 */
import type { PoolClient } from 'pg';
import { getEcosystemsByIds, getProgramsByIds, type EcosystemRow, type ProgramRow } from '../../projections/tenants/queries';
import type { RequestContext } from '../context';

type Fetch<T> = (client: PoolClient, ids: readonly string[]) => Promise<T[]>;

class BatchLoader<T extends { id: string }> {
  private readonly cache = new Map<string, Promise<T | null>>();
  private pending: Array<{ id: string; resolve: (row: T | null) => void; reject: (err: unknown) => void }> = [];

  constructor(private readonly ctx: RequestContext, private readonly fetch: Fetch<T>) {}

  load(id: string): Promise<T | null> {
    const cached = this.cache.get(id);
    if (cached) return cached;
    const promise = new Promise<T | null>((resolve, reject) => {
      if (this.pending.length === 0) queueMicrotask(() => void this.flush());
      this.pending.push({ id, resolve, reject });
    });
    this.cache.set(id, promise);
    return promise;
  }

  /** Rows the caller already read (a list query) answer later lookups without a query. */
  prime(rows: readonly T[]): void {
    for (const row of rows) if (!this.cache.has(row.id)) this.cache.set(row.id, Promise.resolve(row));
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    try {
      const rows = await this.ctx.read((client) => this.fetch(client, batch.map((b) => b.id)));
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const b of batch) b.resolve(byId.get(b.id) ?? null);
    } catch (err) {
      for (const b of batch) {
        this.cache.delete(b.id);
        b.reject(err);
      }
    }
  }
}

interface TenantLoaders {
  ecosystems: BatchLoader<EcosystemRow>;
  programs: BatchLoader<ProgramRow>;
}

const byRequest = new WeakMap<RequestContext, TenantLoaders>();

export function loaders(ctx: RequestContext): TenantLoaders {
  let l = byRequest.get(ctx);
  if (!l) {
    l = { ecosystems: new BatchLoader(ctx, getEcosystemsByIds), programs: new BatchLoader(ctx, getProgramsByIds) };
    byRequest.set(ctx, l);
  }
  return l;
}
