/**
 * `npm start`: builds what changed since the last build (the resolver types, the web app), then
 * runs the platform (api/main.ts) in this same process, so a restart pays for one Node and tsx
 * start-up, not three. Unchanged sources cost a hash of the files (tens of milliseconds); see
 * scripts/build-cache.ts and docs/decisions/0027. `npm run build` and `npm run codegen` still build
 * unconditionally.
 */
import { ensureBuilt } from './build-cache';
import { codegenStep, RECORD_FILE, ROOT, runCommand, webStep } from './build-steps';

const log = (line: string) => console.log(`[build] ${line}`);

try {
  for (const step of [codegenStep(), webStep()]) {
    await ensureBuilt(step, { root: ROOT, recordFile: RECORD_FILE, build: (s) => runCommand(s), log });
  }
} catch (err) {
  console.error(`Start-up failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
// The platform defaults to production (persisted documents only); set after the builds so they see
// the environment exactly as `npm run build` would.
process.env.NODE_ENV ||= 'production';
await import('../api/main');
