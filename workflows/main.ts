/**
 * `npm run worker`: a Temporal worker process, to scale out beside the API (which can then run
 * with TEMPORAL_WORKER=off). It runs the platform's workflows and activities and nothing else:
 * no HTTP server, no projections (activities only dispatch commands and read the jobs read model
 * that the API process's projections keep). It needs the platform's database (DATABASE_URL, the
 * owner connection) and TEMPORAL_ADDRESS; it applies no migrations.
 */
import { CommandBus } from '../infra/commandbus';
import { ConfigError, loadConfig, type Config } from '../infra/config';
import { createPool } from '../infra/db/pool';
import { createEventStore } from '../infra/eventstore/factory';
import { createMessageDelivery } from './messages/delivery';
import { createWorkflowEngine } from './engine/factory';
import { inviteJobReads } from './invitations/reads';
import { reportReads } from './reports/reads';
import { bigJobSources } from './bigjobs/sources';
import { fileStorageFor } from '../infra/storage';
import { sessionTimerDeps } from './timers/reads';
import { unsubscribeUrls } from './messages/unsubscribe';
import { jobReads } from './reads';
import { SecretBox } from '../api/auth/factors/secret-box';
import { meetingRoomDeps } from './meetings/deps';

export const WORKER_NEEDS = `npm run worker runs Temporal workers for the platform, beside the API process.
It needs TEMPORAL_ADDRESS (the Temporal frontend, host:port) and DATABASE_URL (the platform
database's owner connection, the same one the API uses). The embedded database of a plain
\`npm start\` belongs to that one process: with it, keep the worker inside the API (the default)
instead of running this command.`;

function configOrExit(): Config & { TEMPORAL_ADDRESS: string; DATABASE_URL: string } {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(2);
  }
  const { TEMPORAL_ADDRESS, DATABASE_URL } = config;
  if (!TEMPORAL_ADDRESS || !DATABASE_URL) {
    console.error(WORKER_NEEDS);
    process.exit(2);
  }
  return { ...config, TEMPORAL_ADDRESS, DATABASE_URL };
}

async function main() {
  const config = configOrExit();
  const pool = createPool(config.DATABASE_URL, 5, 'workflows-worker');
  const eventStore = createEventStore(config, pool);
  const bus = new CommandBus(eventStore);
  const delivery = createMessageDelivery(bus, config);
  const invitations = { reads: inviteJobReads(pool, bus), config };
  // Meeting-provider credentials open only with the API's sealing key, which a separate worker gets as MFA_SECRET_KEY
  // (docs/decisions/0058); without it, room syncs fail here as misconfigured and are left to a worker that has it.
  const meetings = config.MFA_SECRET_KEY
    ? meetingRoomDeps({ pool, store: eventStore, bus, config, sealer: new SecretBox(config.MFA_SECRET_KEY), log: console.log })
    : undefined;
  // Unsubscribe links (decision 0072) verify only with the API's secret: a separate worker signs them with JWT_SECRET, else its e-mails go without.
  const unsubscribeUrl = config.JWT_SECRET ? unsubscribeUrls(config, config.JWT_SECRET) : undefined;
  const reports = { reads: reportReads(pool, bus), unsubscribeUrl, log: console.log };
  const bigJobs = { sources: bigJobSources(pool, bus), storage: fileStorageFor(config) };
  const timers = sessionTimerDeps(pool, bus, config, console.log, unsubscribeUrl);
  const engine = createWorkflowEngine({ config: { ...config, TEMPORAL_WORKER: 'on' }, bus, reads: jobReads(pool), delivery: delivery.deps, invitations, meetings, reports, bigJobs, timers },
    config.DATABASE_URL);
  await engine.start();
  console.log(`Worker ready: Temporal at ${config.TEMPORAL_ADDRESS}, namespace ${config.TEMPORAL_NAMESPACE}, task queue ${config.TEMPORAL_TASK_QUEUE}. Ctrl-C stops it.`);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the worker (running activities get a grace period) ...`);
    const stopAll = async () => {
      await engine.stop();
      await delivery.close();
      await eventStore.close();
      await pool.end();
    };
    stopAll().then(() => process.exit(0), (err: unknown) => {
      console.error('Stop failed:', err instanceof Error ? err.message : err);
      process.exit(1);
    });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error('Worker start-up failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
