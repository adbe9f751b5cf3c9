/**
 * `npm start`: the whole platform in one process. Ctrl-C (SIGINT) or SIGTERM stops the HTTP
 * server, workers, projections and the embedded PostgreSQL, in that order.
 */
import { ConfigError, loadConfig } from '../infra/config';
import { startPlatform } from './platform';
import type { DemoLogin } from './seed';

/**
 * Like GitLab's first start: the passwords of accounts this start created are shown once and kept
 * only as hashes, so a later start has nothing to show (decision 0011).
 */
function printNewLogins(logins: DemoLogin[]): void {
  if (!logins.length) return;
  console.log('\nNew log-ins, shown this once (only their hashes are kept, so note them now):');
  for (const login of logins) console.log(`  ${login.label.padEnd(18)} ${login.email}  password: ${login.password}`);
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const platform = await startPlatform({ config });
  console.log(`\nTutoring platform ready on ${platform.url} (GraphQL at ${platform.url}/graphql)`);
  printNewLogins(platform.newLogins);
  // One ordered shutdown, the embedded database last. Other listeners stay: under `tsx` the
  // child's own signal relay must see that this process handles the signal itself, or tsx exits
  // with 130 before the shutdown finishes (and leaves PostgreSQL running).
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping ...`);
    platform.stop().then(() => {
      console.log('Stopped.');
      process.exit(0);
    }, (err: unknown) => {
      console.error('Stop failed', err);
      process.exit(1);
    });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

// One paragraph that says what went wrong and what to do, never a stack.
main().catch((err: unknown) => {
  console.error(`Start-up failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
