/**
 * How long `npm start` takes to answer /healthz after a crash (docs/decisions/0027):
 *   tsx scripts/restart-time.ts [--runs N] [--port P]
 * Starts `npm start` once to warm up (building what is not built yet), then N times: kill -9 of the
 * whole process tree (npm, tsx, the server; the embedded PostgreSQL, in its own process group, is
 * left running as a crash leaves it), start again, and time until /healthz answers 200. Uses the
 * checkout's DATA_DIR like npm start does. Not a test: the figure depends on the machine's load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { ROOT } from './build-steps';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, port: { type: 'string', default: '4127' } } });
const runs = Number(values.runs);
const url = `http://127.0.0.1:${values.port}/healthz`;
const TIMEOUT_MS = 120_000;

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1000) })).status === 200;
  } catch {
    return false;
  }
}

/** Starts `npm start` in its own process group and resolves with the milliseconds until healthy. */
async function startOnce(): Promise<{ child: ChildProcess; ms: number }> {
  const began = performance.now();
  const child = spawn('npm', ['start'], { cwd: ROOT, env: { ...process.env, PORT: values.port }, stdio: 'ignore', detached: true });
  let exited = false;
  child.on('exit', () => { exited = true; });
  while (!(await healthy())) {
    if (exited) throw new Error('npm start exited before it was healthy (run it by hand to see why)');
    if (performance.now() - began > TIMEOUT_MS) throw new Error(`not healthy after ${TIMEOUT_MS} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, ms: performance.now() - began };
}

function crash(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-(child.pid ?? 0), 'SIGKILL');
  });
}

if (await healthy()) throw new Error(`something already answers ${url}; pick another --port`);
let current = await startOnce();
console.log(`first start (builds what is not built): ${Math.round(current.ms)} ms`);
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  await crash(current.child);
  current = await startOnce();
  times.push(current.ms);
  console.log(`restart ${i + 1} after kill -9: healthy in ${Math.round(current.ms)} ms`);
}
// A clean stop at the end, so the embedded PostgreSQL stops too.
process.kill(-(current.child.pid ?? 0), 'SIGINT');
await new Promise((resolve) => current.child.once('exit', resolve));
const sorted = [...times].sort((a, b) => a - b);
console.log(`median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms, max ${Math.round(sorted.at(-1) ?? 0)} ms over ${runs} restarts`);
