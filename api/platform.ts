/**
 * Wires one running platform: PostgreSQL (embedded unless a URL is given), migrations, the event
 * store, command bus, projections, workflow engine, feature flags, auth and the HTTP server.
 * `npm start` (api/main.ts), `npm run dev` and the integration and browser tests all start the
 * platform through this one function, so they exercise the same wiring.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../infra/config';
import { startEmbeddedPostgres, type EmbeddedCluster } from '../infra/db/embedded';
import { migrate } from '../infra/db/migrate';
import { createPool, withCredentials, type MeteredPool } from '../infra/db/pool';
import { loadOrCreateSecrets, randomSecrets, type Secrets, type StoredSecrets } from '../infra/secrets';
import { createEventStore } from '../infra/eventstore/factory';
import { CommandBus } from '../infra/commandbus';
import { ProjectionRunner } from '../projections/runner';
import { allProjections } from '../projections/registry';
import { allReactors } from '../projections/reactors/registry';
import { notificationDeps } from '../projections/reactors/notification-deps';
import { postgresEventCounter } from '../projections/status';
import { createWorkflowEngine } from '../workflows/engine/factory';
import { jobReads } from '../workflows/reads';
import { inviteJobReads } from '../workflows/invitations/reads';
import { reportReads, weeklyReportReads } from '../workflows/reports/reads';
import { unsubscribeUrls } from '../workflows/messages/unsubscribe';
import { bigJobSources } from '../workflows/bigjobs/sources';
import { fileStorageFor } from '../infra/storage';
import { sessionTimerDeps } from '../workflows/timers/reads';
import { createMessageDelivery } from '../workflows/messages/delivery';
import { meetingRoomDeps } from '../workflows/meetings/deps';
import { scheduleRecurringWorkflows } from '../workflows/schedules';
import { SsoService } from './sso/service';
import { SecretBox } from './auth/factors/secret-box';
import { MeetingCredentials } from '../infra/meetings/credentials';
import { AuthService } from './auth/service';
import { FeatureFlags } from './flags/service';
import { buildSchema } from './graphql/schema';
import { loadPersistedQueries } from './graphql/documents';
import { startMetricsServer } from './metrics';
import { buildServer } from './server';
import { seedAccounts, type DemoLogin, type DemoLogins, type PasswordMode } from './seed';
import type { Services } from './services';

export type PlatformSecrets = Omit<Secrets, 'mfaSecretKey'> & Partial<Pick<Secrets, 'mfaSecretKey'>>;

export interface PlatformOptions {
  /** Environment-derived configuration; defaults to loadConfig(process.env). */
  config?: Config;
  /** Owner connection URL; overrides config.DATABASE_URL (tests pass their cloned database). */
  databaseUrl?: string;
  /**
   * Password of app_api when the database is already migrated by someone else (tests). Without an
   * MFA key, second-factor secrets are sealed under one made up for this run.
   */
  secrets?: PlatformSecrets;
  /** Skip migrations (the test template is migrated once per run). */
  skipMigrations?: boolean;
  /** Seed the demo ecosystem; defaults to SEED_DEMO, else on for the embedded database only. */
  seed?: boolean;
  /**
   * Passwords of the accounts the start creates: 'random' (default; printed once by npm start) or
   * 'fixed', the published demo passwords, which only `npm run dev` and tests may ask for.
   */
  passwords?: PasswordMode;
  /** Built web app folder; null serves the API alone. */
  webDir?: string | null;
  port?: number;
  host?: string;
  log?: (line: string) => void;
}

export interface Platform {
  url: string;
  services: Services;
  /** The pools, measured (waits for a connection, queries sent): what /metrics shows. */
  pools: { api: MeteredPool; owner: MeteredPool };
  /** GET this for the metrics (api/metrics.ts) when METRICS_PORT is set, else null. */
  metricsUrl: string | null;
  server: FastifyInstance;
  /** The demo's log-ins, when this start knows their passwords (fixed, or created just now). */
  demo: DemoLogins | null;
  /** Log-ins whose password this start set, for npm start to print once. */
  newLogins: DemoLogin[];
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
    // The data folder's secrets serve the embedded database (whose owner password they hold) and
    // the default set-up; with an external DATABASE_URL, unconfigured ones live for this run only.
    let kept: StoredSecrets | null = null;
    if (!ownerUrl) {
      kept = await loadOrCreateSecrets(config.DATA_DIR);
      const dir = path.join(config.DATA_DIR, 'pg');
      log(`Starting embedded PostgreSQL for ${dir} ...`);
      cluster = await startEmbeddedPostgres({ dir, password: kept.databaseOwnerPassword, log });
      stops.push(() => cluster?.stop() ?? Promise.resolve());
      ownerUrl = cluster.url('postgres');
    }
    const base = kept ?? randomSecrets();
    const secrets: PlatformSecrets = options.secrets ?? {
      apiDatabasePassword: base.apiDatabasePassword,
      jwtSecret: base.jwtSecret,
      // Sealed secrets must open after a restart, so this key is kept in DATA_DIR even with an
      // external database (unless configured, which several replicas must do: docs/decisions/0039).
      mfaSecretKey: config.MFA_SECRET_KEY ?? (kept ?? await loadOrCreateSecrets(config.DATA_DIR)).mfaSecretKey,
      ...(config.API_DATABASE_PASSWORD ? { apiDatabasePassword: config.API_DATABASE_PASSWORD } : {}),
      ...(config.JWT_SECRET ? { jwtSecret: config.JWT_SECRET } : {}),
    };

    // Two pools, so that requests' reads can never take the connections that appends and the
    // projection workers need (docs/decisions/0025); sizes from DATABASE_POOL_*_MAX.
    const ownerPool = createPool(ownerUrl, config.DATABASE_POOL_OWNER_MAX, 'platform-owner');
    stops.push(() => ownerPool.end());
    if (!options.skipMigrations) {
      const applied = await migrate(ownerPool, { apiPassword: secrets.apiDatabasePassword });
      if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
    }
    const apiPool = createPool(withCredentials(ownerUrl, 'app_api', secrets.apiDatabasePassword), config.DATABASE_POOL_API_MAX, 'platform-api',
      { pipeline: true });
    stops.push(() => apiPool.end());
    const pools = { api: apiPool, owner: ownerPool };
    let metricsUrl: string | null = null;
    if (config.METRICS_PORT !== undefined) {
      const metrics = await startMetricsServer(config.METRICS_HOST, config.METRICS_PORT, pools);
      stops.push(() => metrics.close());
      metricsUrl = metrics.url;
      log(`Metrics on ${metricsUrl}`);
    }

    // The log holds secrets (password hashes), so only the owner connection touches it: the command
    // bus appends through it, projections read it; resolvers read `read.*` as app_api under RLS.
    const eventStore = createEventStore(config, ownerPool);
    stops.push(() => eventStore.close());

    const bus = new CommandBus(eventStore);
    let engineStarted = false;
    const projections = new ProjectionRunner(ownerPool, eventStore, allProjections(), {
      // Reactors act through the bus (docs/decisions/0069); they run wherever the projections run.
      // Notifications (decision 0072) record messages; message_delivery starts their workflows once the engine runs.
      reactors: {
        bus,
        reactors: allReactors({
          notifications: notificationDeps(ownerPool, config, secrets.jwtSecret),
          engine: () => {
            if (!engineStarted) throw new Error('the workflow engine is not started yet');
            return services.engine;
          },
        }),
      },
      // Exact lag from the events table; with EventStoreDB the runner counts by reading instead.
      ...(config.EVENTSTOREDB_URL ? {} : { countEventsAfter: postgresEventCounter(ownerPool) }),
      // While stopping, connections closing under a running batch are expected; the batch rolls back.
      onError: (err, context) => { if (!stopping) console.error(`[projections] ${context}: ${err.message}`); },
    });
    await projections.start();
    stops.push(() => projections.stop());

    const flags = new FeatureFlags(eventStore);
    await flags.start();
    stops.push(() => flags.stop());
    // The engine starts after auth; only the e-mail code factor needs it, when a request arrives.
    const auth = new AuthService({ config, secrets, apiPool, bus, projections, log, engine: () => services.engine });
    auth.maintenance.start();
    stops.push(() => auth.maintenance.stop());
    // Recent revocations and role changes are loaded before the server answers (decision 0023).
    await auth.start();
    stops.push(() => auth.stop());

    const sso = new SsoService({ apiPool, bus, auth, projections, waitMs: config.PROJECTION_WAIT_MS, mfaSecretKey: secrets.mfaSecretKey, log });
    // Meeting-provider credentials are sealed like single sign-on's client secrets (decision 0058).
    const sealer = new SecretBox(secrets.mfaSecretKey ?? randomBytes(32).toString('base64url'));
    const meetings = new MeetingCredentials(apiPool, sealer);
    const services = { config, ownerPool, apiPool, eventStore, bus, projections, flags, auth, sso, meetings, clock: () => new Date() } as Omit<Services, 'engine'> as Services;
    // Temporal when TEMPORAL_ADDRESS is set (with a worker here unless TEMPORAL_WORKER=off), else pg-boss.
    // E-mail and texts (docs/decisions/0036): SMTP_URL and SMS_URL, else the outbox.
    const delivery = createMessageDelivery(bus, config, services.clock);
    stops.push(() => delivery.close());
    for (const line of delivery.describe()) log(`Messages, ${line}`);
    const invitations = { reads: inviteJobReads(ownerPool, bus), config };
    const meetingRooms = meetingRoomDeps({ pool: ownerPool, store: eventStore, bus, config, sealer, clock: services.clock, log });
    // The timers' and weekly reports' e-mails carry the same unsubscribe links as the notification reactor's (decision 0072).
    const unsubscribeUrl = unsubscribeUrls(config, secrets.jwtSecret);
    const reports = { reads: reportReads(ownerPool, bus), weekly: weeklyReportReads(ownerPool), unsubscribeUrl, log };
    const bigJobs = { sources: bigJobSources(ownerPool, bus), storage: fileStorageFor(config) };
    const timers = sessionTimerDeps(ownerPool, bus, config, log, unsubscribeUrl);
    const engine = createWorkflowEngine({ config, bus, reads: jobReads(ownerPool), clock: services.clock, delivery: delivery.deps, invitations, meetings: meetingRooms, reports, bigJobs, timers, log }, ownerUrl);
    services.engine = engine;
    await engine.start();
    engineStarted = true;
    stops.push(() => engine.stop());
    await scheduleRecurringWorkflows(engine, config);
    if (engine.kind === 'temporal') {
      log(`Workflows on Temporal at ${config.TEMPORAL_ADDRESS} (task queue ${config.TEMPORAL_TASK_QUEUE}, ${config.TEMPORAL_WORKER === 'off' ? 'no worker in this process' : 'worker in this process'})`);
    }

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
    // The demo is seeded by default only on the embedded database (a trial on one machine).
    const seedDemo = options.seed ?? (config.SEED_DEMO ? config.SEED_DEMO === 'true' : cluster !== null);
    const seeded = await seedAccounts(services, { demo: seedDemo, passwords: options.passwords ?? 'random' });
    ready = true;
    const port = new URL(address).port;
    return { url: `http://127.0.0.1:${port}`, services, pools, metricsUrl, server, demo: seeded.demo, newLogins: seeded.newLogins, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
