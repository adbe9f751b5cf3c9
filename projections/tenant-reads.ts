/**
 * One tenant-scoped read-only transaction shared by every read of a request (docs/decisions/0025).
 * It begins on the first read, with BEGIN and the tenant settings sent in the same round trip as
 * that read's first statement when the pool pipelines (infra/db/pool.ts), and ends with `commit()`
 * or `close()`. Reads that run at once share the connection: with pipelining their statements go
 * out together, otherwise node-postgres sends them one after another.
 *
 * A failed statement aborts a PostgreSQL transaction, so one resolver's error would fail every other
 * read of the request: the failed transaction is rolled back, and a read caught in it (its statement
 * answered "current transaction is aborted", or sent after the rollback) runs again in a new one.
 * The client a read gets refuses statements once its transaction has ended, so a late statement can
 * never run outside the tenant settings or on a connection another request has taken since.
 */
import type { Pool, PoolClient } from 'pg';
import { assertRlsApplies, beginStatement, checkScope, type TenantScope } from './scope-settings';

/** SQLSTATE of a statement sent into a transaction that an earlier statement aborted. */
const IN_FAILED_TRANSACTION = '25P02';

/** A statement sent on a read's client after that read's transaction ended. */
export class TransactionEndedError extends Error {
  constructor() {
    super('This read transaction has ended; its client takes no more statements.');
  }
}

/** One transaction of a TenantReads, from checking out its connection to returning it. */
class Transaction {
  open = true;
  /** BEGIN and the settings, once sent; every read waits for it as well as for its own result. */
  begun: Promise<unknown> | null = null;
  broken: Error | null = null;
  ended: Promise<void> | null = null;
  /** The client, once BEGIN is on its way (pipelined) or done; reads get it guarded. */
  ready!: Promise<PoolClient>;
  /** The raw client, once the pool gave one (null when it could not). */
  readonly acquired: Promise<PoolClient | null>;
  settle!: (client: PoolClient | null) => void;
  readonly onError = (err: Error) => { this.broken = err; };

  constructor() {
    this.acquired = new Promise((resolve) => { this.settle = resolve; });
  }
}

function isDatabaseError(err: unknown): boolean {
  return err instanceof Error && 'severity' in err && typeof (err as { code?: unknown }).code === 'string';
}

function retryable(err: unknown): boolean {
  return err instanceof TransactionEndedError || (isDatabaseError(err) && (err as { code: string }).code === IN_FAILED_TRANSACTION);
}

/** One run of a read's function: whether its own statement aborted the transaction. */
interface Attempt {
  aborted: boolean;
}

/**
 * `client` as one attempt of a read sees it: statements only while `tx` is open, no release of its
 * own, and a note when one of its statements fails (and so aborts the transaction).
 */
function guarded(client: PoolClient, tx: Transaction, attempt: Attempt): PoolClient {
  const noteFailure = (err: unknown) => {
    if (isDatabaseError(err) && !retryable(err)) attempt.aborted = true;
  };
  const query = (...args: unknown[]): unknown => {
    if (!tx.open) return Promise.reject(new TransactionEndedError());
    const result: unknown = Reflect.apply(client.query, client, args);
    if (result instanceof Promise) result.catch(noteFailure);
    return result;
  };
  const release = () => { throw new Error('A read does not release the request\'s connection; the request ends it.'); };
  return new Proxy(client, {
    get: (target, prop) => (prop === 'query' ? query : prop === 'release' ? release : Reflect.get(target, prop, target)),
  });
}

export class TenantReads {
  private current: Transaction | null = null;
  private readonly ending = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly pool: Pool, private readonly scope: TenantScope) {
    checkScope(scope);
  }

  /**
   * Runs `fn` in the shared transaction, beginning it if none is open. Caught in a transaction that
   * another read's failure aborted, it runs again in the next one. That ends: every aborted
   * transaction ends one read for good (the one whose own statement failed first in it).
   */
  async read<T>(fn: (client: PoolClient) => Promise<T>): Promise<T> {
    for (;;) {
      const attempt: Attempt = { aborted: false };
      try {
        return await this.attempt(fn, attempt);
      } catch (err) {
        // A read whose own statement failed is not run again, even if it went on and met the abort.
        if (!retryable(err) || attempt.aborted || this.closed) throw err;
      }
    }
  }

  /** Ends the open transaction, if any (a read after this begins another), once its statements are answered. */
  async commit(): Promise<void> {
    if (this.current) void this.finish(this.current, 'COMMIT');
    await Promise.all([...this.ending]);
  }

  /** Ends the open transaction and refuses further reads: the request is over. */
  async close(): Promise<void> {
    this.closed = true;
    await this.commit();
  }

  private async attempt<T>(fn: (client: PoolClient) => Promise<T>, attempt: Attempt): Promise<T> {
    if (this.closed) throw new Error('TenantReads: a read after the request ended');
    const tx = this.current ?? this.begin();
    const client = guarded(await tx.ready, tx, attempt);
    try {
      const [, result] = await Promise.all([tx.begun, fn(client)]);
      return result;
    } catch (err) {
      // Any statement error aborts the transaction, and a lost connection ends it.
      if (isDatabaseError(err) || tx.broken) void this.finish(tx, 'ROLLBACK');
      throw err;
    }
  }

  private begin(): Transaction {
    const tx = new Transaction();
    tx.ready = this.connect(tx);
    tx.ready.catch(() => { void this.finish(tx, 'ROLLBACK'); });
    this.current = tx;
    return tx;
  }

  private async connect(tx: Transaction): Promise<PoolClient> {
    let client: PoolClient | null = null;
    try {
      client = await this.pool.connect();
      client.on('error', tx.onError);
    } finally {
      tx.settle(client);
    }
    await assertRlsApplies(client, this.pool);
    const begun = client.query(beginStatement(this.scope));
    tx.begun = begun;
    // Every read waits for `begun`; this only keeps a failure no read is left to see from going unhandled.
    begun.catch(() => undefined);
    // Without pipelining a statement sent now would queue inside node-postgres (deprecated): wait instead.
    if (!client.pipeline) await begun;
    return client;
  }

  /** Closes `tx` with `sql` after its statements, then returns its connection (or drops it, if in doubt). */
  private finish(tx: Transaction, sql: 'COMMIT' | 'ROLLBACK'): Promise<void> {
    if (this.current === tx) this.current = null;
    if (tx.ended) return tx.ended;
    tx.open = false;
    const ended = this.end(tx, sql).finally(() => this.ending.delete(ended));
    tx.ended = ended;
    this.ending.add(ended);
    return ended;
  }

  private async end(tx: Transaction, sql: 'COMMIT' | 'ROLLBACK'): Promise<void> {
    const client = await tx.acquired;
    if (!client) return;
    // Behind BEGIN, never before it: wait until the set-up has sent it (or failed before sending it).
    await tx.ready.catch(() => undefined);
    let failure: Error | undefined = tx.broken ?? undefined;
    if (!failure && tx.begun) await client.query(sql).catch((err: Error) => { failure = err; });
    client.removeListener('error', tx.onError);
    // A connection whose end failed is in an unknown state: destroyed, never handed to another request.
    client.release(failure);
  }
}
