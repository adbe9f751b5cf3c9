/**
 * Wires one running platform: PostgreSQL (embedded unless a URL is given), migrations, the event
 * store, command bus, projections, workflow engine, feature flags, auth and the HTTP server.
 * `npm start` (api/main.ts), `npm run dev` and the integration and browser tests all start the
 * platform through this one function, so they exercise the same wiring.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../infra/config';
import { startEmbeddedPostgres, type EmbeddedCluster } from '../infra/db/embedded';
import { migrate } from '../infra/db/migrate';
import { createPool, withCredentials } from '../infra/db/pool';
import { loadOrCreateSecrets, randomSecrets, type Secrets } from '../infra/secrets';
import { createEventStore } from '../infra/eventstore/factory';
import { CommandBus } from '../infra/commandbus';
import { ProjectionRunner } from '../projections/runner';
import { allProjections } from '../projections/registry';
import { postgresEventCounter } from '../projections/status';
import { createWorkflowEngine } from '../workflows/engine/factory';
import { AuthService } from './auth/service';
import { FeatureFlags } from './flags/service';
import { buildSchema } from './graphql/schema';
import { loadPersistedQueries } from './graphql/documents';
import { buildServer } from './server';
import { seedDemo, type DemoLogins } from './seed';
import type { Services } from './services';

export interface PlatformOptions {
  /** Environment-derived configuration; defaults to loadConfig(process.env). */
  config?: Config;
  /** Owner connection URL; overrides config.DATABASE_URL (tests pass their cloned database). */
  databaseUrl?: string;
  /** Password of app_api when the database is already migrated by someone else (tests). */
  secrets?: Secrets;
  /** Skip migrations (the test template is migrated once per run). */
  skipMigrations?: boolean;
  seed?: boolean;
  /** Built web app folder; null serves the API alone. */
  webDir?: string | null;
  port?: number;
  host?: string;
  log?: (line: string) => void;
}

export interface Platform {
  url: string;
  services: Services;
  server: FastifyInstance;
  demo: DemoLogins | null;
  stop(): Promise<void>;
}

export const DEFAULT_WEB_DIR = path.resolve(import.meta.dirname, '../dist/web');

export async function startPlatform(options: PlatformOptions = {}): Promise<Platform> {
  const config = options.config ?? loadConfig();
  const log = options.log ?? ((line: string) => console.log(line));
  const stops: Array<() => Promise<void>> = [];
  let stopping = false;
  const stopAll = async () => {
    stopping = true;
    for (const stop of stops.reverse()) await stop().catch((err: unknown) => console.error('[platform] stop failed', err));
  };
  try {
    let ownerUrl = options.databaseUrl ?? config.DATABASE_URL;
    let cluster: EmbeddedCluster | null = null;
    if (!ownerUrl) {
      log(`Starting embedded PostgreSQL in ${path.join(config.DATA_DIR, 'pg')} ...`);
      cluster = await startEmbeddedPostgres({ dir: path.join(config.DATA_DIR, 'pg'), quiet: false });
      stops.push(() => cluster?.stop() ?? Promise.resolve());
      ownerUrl = cluster.url('postgres');
    }
    const secrets = options.secrets ?? (config.API_DATABASE_PASSWORD && config.JWT_SECRET
      ? { apiDatabasePassword: config.API_DATABASE_PASSWORD, jwtSecret: config.JWT_SECRET }
      : { ...(cluster || !config.DATABASE_URL ? await loadOrCreateSecrets(config.DATA_DIR) : randomSecrets()),
          ...(config.API_DATABASE_PASSWORD ? { apiDatabasePassword: config.API_DATABASE_PASSWORD } : {}),
          ...(config.JWT_SECRET ? { jwtSecret: config.JWT_SECRET } : {}) });

    const ownerPool = createPool(ownerUrl, 10, 'platform-owner');
    stops.push(() => ownerPool.end());
    if (!options.skipMigrations) {
      const applied = await migrate(ownerPool, { apiPassword: secrets.apiDatabasePassword });
      if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
    }
    const apiPool = createPool(withCredentials(ownerUrl, 'app_api', secrets.apiDatabasePassword), 20, 'platform-api');
    stops.push(() => apiPool.end());

    // The log holds secrets (password hashes), so only the owner connection touches it: the command
    // bus appends through it, projections read it; resolvers read `read.*` as app_api under RLS.
    const eventStore = createEventStore(config, ownerPool);
    stops.push(() => eventStore.close());

    const projections = new ProjectionRunner(ownerPool, eventStore, allProjections(), {
      // Exact lag from the events table; with EventStoreDB the runner counts by reading instead.
      ...(config.EVENTSTOREDB_URL ? {} : { countEventsAfter: postgresEventCounter(ownerPool) }),
      // While stopping, connections closing under a running batch are expected; the batch rolls back.
      onError: (err, context) => { if (!stopping) console.error(`[projections] ${context}: ${err.message}`); },
    });
    await projections.start();
    stops.push(() => projections.stop());

    const bus = new CommandBus(eventStore);
    const flags = new FeatureFlags(eventStore);
    await flags.start();
    stops.push(() => flags.stop());
    const auth = new AuthService({ config, secrets, apiPool, bus, projections });

    const services = { config, ownerPool, apiPool, eventStore, bus, projections, flags, auth, clock: () => new Date() } as Omit<Services, 'engine'> as Services;
    const engine = createWorkflowEngine({ config, bus, clock: services.clock, log }, ownerUrl);
    services.engine = engine;
    await engine.start();
    stops.push(() => engine.stop());

    let ready = false;
    const server = await buildServer({
      services,
      schema: await buildSchema(),
      persisted: await loadPersistedQueries(path.resolve(import.meta.dirname, '../web/persisted-queries.json')),
      webDir: options.webDir === undefined ? DEFAULT_WEB_DIR : options.webDir,
      isReady: () => ready,
    });
    stops.push(() => server.close());
    const address = await server.listen({ port: options.port ?? config.PORT, host: options.host ?? config.HOST });
    // Demo log-ins have published passwords: seeded by default only on the embedded database.
    const seed = options.seed ?? (config.SEED_DEMO ? config.SEED_DEMO === 'true' : !options.databaseUrl && !config.DATABASE_URL);
    const demo = seed ? await seedDemo(services) : null;
    ready = true;
    const port = new URL(address).port;
    return { url: `http://127.0.0.1:${port}`, services, server, demo, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
