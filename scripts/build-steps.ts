/**
 * What `npm start` builds, and from what (scripts/build-cache.ts decides whether to). Inputs err on
 * the side of too much: a file listed needlessly costs a rebuild now and then, a file missing from
 * the list would let a stale build be served.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildStep } from './build-cache';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Beside the outputs: deleting dist/ also forgets every build. */
export const RECORD_FILE = path.join(ROOT, 'dist', '.build-hash');

/**
 * Facts every build depends on: the Node version, and what npm really installed (its hidden
 * lockfile lists every package's version, so a changed tool or library counts even if
 * package-lock.json was not touched). `env` names the variables that reach a build.
 */
function commonFacts(env: NodeJS.ProcessEnv, names: readonly string[]): Record<string, string> {
  const facts: Record<string, string> = { node: process.version };
  try {
    facts.installed = readFileSync(path.join(ROOT, 'node_modules', '.package-lock.json'), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    facts.installed = 'unknown';
  }
  for (const name of names) facts[`env ${name}`] = env[name] ?? '';
  return facts;
}

const PACKAGE_FILES = ['package.json', 'package-lock.json', 'tsconfig.json'];

/** `npm run codegen`: resolver types from the SDL (scripts/codegen.ts). */
export function codegenStep(env: NodeJS.ProcessEnv = process.env): BuildStep {
  return {
    name: 'codegen',
    command: ['npm', 'run', 'codegen'],
    inputs: ['scripts/codegen.ts', 'api/graphql/sdl.ts', 'schema', ...PACKAGE_FILES],
    outputs: ['api/__generated__'],
    required: ['api/__generated__/resolvers.ts'],
    facts: commonFacts(env, []),
  };
}

/**
 * `npm run build`: the Relay compiler (schema, artifacts, persisted documents) then Vite. The whole
 * web/ folder is input (sources, index.html, Vite config and plugins, the relay-schema script),
 * except what the build writes into it; Vite bakes NODE_ENV and VITE_* variables into the bundle.
 */
export function webStep(env: NodeJS.ProcessEnv = process.env): BuildStep {
  const viteVariables = Object.keys(env).filter((k) => k.startsWith('VITE_')).sort();
  return {
    name: 'web',
    command: ['npm', 'run', 'build'],
    inputs: ['web', 'schema', 'relay.config.json', ...PACKAGE_FILES],
    outputs: ['dist/web', 'dist/relay', 'web/persisted-queries.json', 'web/src/**/__generated__'],
    required: ['dist/web/index.html', 'web/persisted-queries.json', 'dist/relay/schema.graphql'],
    facts: commonFacts(env, ['NODE_ENV', ...viteVariables]),
  };
}

/** Runs a step's command with this process's output; rejects when it fails. */
export function runCommand(step: BuildStep, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const [program, ...args] = step.command;
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${step.command.join(' ')} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}
