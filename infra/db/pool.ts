/** Connection pools and the one transaction helper every reader and writer uses. */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { PoolWaits } from './pool-waits';

// int8 columns (positions, transaction ids) come back as bigint-safe strings; parse counts ourselves.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * A pg pool that measures how long each checkout waited for a connection (`waits`) and counts the
 * queries its connections send (`queries`; a simple-protocol string of several statements is one).
 */
export class MeteredPool extends pg.Pool {
  readonly waits = new PoolWaits();
  queries = 0;

  constructor(config: pg.PoolConfig) {
    super(config);
    // Each query ends with one ReadyForQuery from the server, pipelined or not; 'connect' is emitted
    // after the one that ends the start-up, so from here on they count queries.
    this.on('connect', (client) => {
      client.connection.on('readyForQuery', () => { this.queries += 1; });
    });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const started = performance.now();
    // Queued: no idle connection and no room to open one, so the caller waits for another's release.
    const queued = this.idleCount === 0 && this.totalCount >= (this.options.max ?? 10);
    const record = (ok: boolean) => this.waits.record(performance.now() - started, queued, ok);
    if (callback) {
      super.connect((err, client, done) => {
        record(!err);
        callback(err, client, done);
      });
      return;
    }
    return super.connect().then((client) => {
      record(true);
      return client;
    }, (err: unknown) => {
      record(false);
      throw err;
    });
  }
}

export interface PoolOptions {
  /**
   * Send a client's queries without waiting for the answers of the ones before (node-postgres's
   * pipeline mode): one round trip for a request's BEGIN, tenant settings and first statement, and
   * for resolvers reading at once on the request's connection (docs/decisions/0025).
   */
  pipeline?: boolean;
}

export function createPool(connectionString: string, max = 10, applicationName = 'tutoring-platform', options: PoolOptions = {}): MeteredPool {
  const pool = new MeteredPool({ connectionString, max, application_name: applicationName, pipeline: options.pipeline ?? false });
  // An idle client losing its connection must not crash the process; the next checkout reconnects.
  pool.on('error', (err) => console.error(`[db] idle client error: ${err.message}`));
  return pool;
}

export interface TransactionOptions {
  readOnly?: boolean;
  /**
   * Statements sent in the same message as BEGIN (settings, a row lock), so that they cost no round
   * trip of their own; `fn` gets their results. Simple protocol: no parameters, so every value in
   * them must be a literal quoted with escapeLiteral (or an identifier with its quoting).
   */
  withBegin?: string;
  /**
   * Statements sent in the same message as COMMIT, asked once `fn` has returned (null: none); the
   * same rules as withBegin. An error in them rolls the transaction back like an error in `fn`.
   */
  beforeCommit?: () => string | null;
}

/** The results of a simple-protocol message: one per statement (node-postgres gives a lone one unwrapped). */
function resultsOf(answer: pg.QueryResult | pg.QueryResult[]): pg.QueryResult[] {
  return Array.isArray(answer) ? answer : [answer];
}

/**
 * Runs `fn` in one transaction on a checked-out client. The client listens for connection errors
 * while it is out: a backend killed mid-transaction must fail the transaction, not crash the process
 * with an unhandled 'error' event, and a dead or unusable connection never goes back to the pool.
 * `fn` gets the results of `withBegin`'s statements (BEGIN's own left out).
 */
export async function withTransaction<T>(
  pool: pg.Pool, fn: (client: pg.PoolClient, begun: pg.QueryResult[]) => Promise<T>, options: TransactionOptions = {},
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (err: Error) => { broken = err; };
  client.on('error', onError);
  try {
    const begin = options.readOnly ? 'BEGIN READ ONLY' : 'BEGIN';
    const text = options.withBegin ? `${begin}; ${options.withBegin}` : begin;
    const begun = resultsOf(await client.query(text) as pg.QueryResult | pg.QueryResult[]).slice(1);
    const result = await fn(client, begun);
    const last = options.beforeCommit?.() ?? null;
    await client.query(last ? `${last}; COMMIT` : 'COMMIT');
    return result;
  } catch (err) {
    if (!broken) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => { broken = rollbackError; });
    }
    throw err;
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Replaces the user and password of a connection URL (used to derive the app_api role's URL). */
export function withCredentials(url: string, user: string, password: string): string {
  const u = new URL(url);
  u.username = user;
  u.password = password;
  return u.toString();
}
