/**
 * The auth stack against a real test database, without HTTP: event store as app_api (as the
 * platform wires it), the users projection running, the command bus, and an AuthService on a
 * clock the test moves.
 */
import { randomBytes } from 'node:crypto';
import { CommandBus } from '../../infra/commandbus';
import { configSchema, type Config } from '../../infra/config';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { ProjectionRunner } from '../../projections/runner';
import { usersProjection } from '../../projections/users';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import type { SeedServices } from './seed';
import { AuthService, type PasswordChecks } from './service';

export interface AuthHarness {
  db: TestDatabase;
  config: Config;
  eventStore: EventStore;
  bus: CommandBus;
  runner: ProjectionRunner;
  auth: AuthService;
  services: SeedServices;
  /** The time every component sees; tests move it forward. */
  clock: { now: Date; advance(ms: number): void };
  eventCount(): Promise<number>;
  stop(): Promise<void>;
}

export interface AuthHarnessOptions {
  passwords?: PasswordChecks;
  /** Environment-style configuration overrides (`LOGIN_MAX_FAILURES_PER_ACCOUNT: '5'`). */
  config?: Record<string, string>;
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
  const runner = new ProjectionRunner(db.ownerPool, projectionStore, [usersProjection], { pollIntervalMs: 10, onError: () => undefined });
  await runner.start();
  const bus = new CommandBus(eventStore, { clock: () => clock.now });
  const auth = new AuthService({
    config, secrets: { jwtSecret: randomBytes(32).toString('hex') }, apiPool: db.apiPool, bus, projections: runner, clock: () => clock.now, passwords: options.passwords,
  });
  const services: SeedServices = { apiPool: db.apiPool, bus, projections: runner, eventStore, config, clock: () => clock.now };
  return {
    db, config, eventStore, bus, runner, auth, services, clock,
    async eventCount() {
      return (await db.ownerPool.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0].n;
    },
    async stop() {
      await runner.stop();
      await Promise.all([eventStore.close(), projectionStore.close()]);
      await db.drop();
    },
  };
}
