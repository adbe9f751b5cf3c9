/**
 * The auth stack against a real test database, without HTTP: event store as app_api (as the
 * platform wires it), the users and tenants projections running (log-in reads whether an
 * ecosystem requires multi-factor authentication), the command bus, and a started AuthService
 * (its revocation listener loaded) on a clock the test moves.
 */
import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { CommandBus } from '../../infra/commandbus';
import { configSchema, type Config } from '../../infra/config';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { ProjectionRunner } from '../../projections/runner';
import { tenantsProjection } from '../../projections/tenants';
import { usersProjection } from '../../projections/users';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import type { SeedServices } from './seed';
import { AuthService, type AuthServiceDeps, type PasswordChecks } from './service';

export interface AuthHarness {
  db: TestDatabase;
  config: Config;
  eventStore: EventStore;
  bus: CommandBus;
  runner: ProjectionRunner;
  auth: AuthService;
  services: SeedServices;
  /**
   * One more AuthService on the same database, key and clock, started: another API process (or the
   * same one restarted). Stopped with the harness.
   */
  startAnotherServer(overrides?: ServerOverrides): Promise<AuthService>;
  /** The time every component sees; tests move it forward. */
  clock: { now: Date; advance(ms: number): void };
  eventCount(): Promise<number>;
  stop(): Promise<void>;
}

export type ServerOverrides = Partial<Pick<AuthServiceDeps, 'newListenerClient'>>;

export interface AuthHarnessOptions {
  passwords?: PasswordChecks;
  /** Environment-style configuration overrides (`LOGIN_MAX_FAILURES_PER_ACCOUNT: '5'`). */
  config?: Record<string, string>;
  jwtSecret?: string;
}

export async function startAuthHarness(options: AuthHarnessOptions = {}): Promise<AuthHarness> {
  const db = await createTestDatabase();
  const config = configSchema.parse({ NODE_ENV: 'test', PROJECTION_WAIT_MS: '10000', ...options.config });
  const clock = {
    now: new Date('2026-11-21T10:00:00.000Z'),
    advance(ms: number) { this.now = new Date(this.now.getTime() + ms); },
  };
  const eventStore = createPostgresEventStore(db.ownerPool);
  const projectionStore = createPostgresEventStore(db.ownerPool);
  const runner = new ProjectionRunner(db.ownerPool, projectionStore, [usersProjection, tenantsProjection], { pollIntervalMs: 10, onError: () => undefined });
  await runner.start();
  const bus = new CommandBus(eventStore, { clock: () => clock.now });
  const jwtSecret = options.jwtSecret ?? randomBytes(32).toString('hex');
  const newAuth = (overrides: ServerOverrides = {}) => new AuthService({
    config, secrets: { jwtSecret }, apiPool: db.apiPool, bus, projections: runner, clock: () => clock.now, passwords: options.passwords, log: () => undefined,
    ...overrides,
  });
  const auth = newAuth();
  await auth.start();
  const started: AuthService[] = [auth];
  const services: SeedServices = { apiPool: db.apiPool, bus, projections: runner, eventStore, config, clock: () => clock.now };
  return {
    db, config, eventStore, bus, runner, auth, services, clock,
    async startAnotherServer(overrides) {
      const other = newAuth(overrides);
      await other.start();
      started.push(other);
      return other;
    },
    async eventCount() {
      return (await db.ownerPool.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0].n;
    },
    async stop() {
      await Promise.all(started.map((a) => a.stop()));
      await runner.stop();
      await Promise.all([eventStore.close(), projectionStore.close()]);
      await db.drop();
    },
  };
}

/**
 * Counts calls to the pools' `query` and `connect` until `restore()` (a pool's own `query` checks
 * out a connection, so it counts twice). For "nothing asked of the database" assertions.
 */
export function countPoolUse(...pools: Pool[]): { readonly count: number; restore(): void } {
  let count = 0;
  const restores = pools.map((pool) => {
    const { query, connect } = pool;
    pool.query = function (this: Pool, ...args: unknown[]) {
      count++;
      return Reflect.apply(query, pool, args) as unknown;
    } as unknown as Pool['query'];
    pool.connect = function (this: Pool, ...args: unknown[]) {
      count++;
      return Reflect.apply(connect, pool, args) as unknown;
    } as unknown as Pool['connect'];
    return () => { pool.query = query; pool.connect = connect; };
  });
  return {
    get count() { return count; },
    restore() { for (const r of restores) r(); },
  };
}

/**
 * Whether `server` authenticates from its cache, waiting up to `timeoutMs` for it: at once unless its
 * listener is (re)connecting or a heartbeat was slow on a busy machine.
 */
export async function trustedCache(server: AuthService, timeoutMs = 10_000): Promise<boolean> {
  const start = Date.now();
  while (!server.cacheTrusted && Date.now() - start < timeoutMs) await new Promise((resolve) => setTimeout(resolve, 10));
  return server.cacheTrusted;
}
