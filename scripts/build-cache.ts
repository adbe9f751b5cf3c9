/**
 * Content-hash build cache for `npm start` (docs/decisions/0027-restart-build-cache-and-flat-plans.md).
 * A build step (the generated resolver types, the web app) is skipped only when both hold:
 *  - the digest of every input file (plus facts such as the Node version) equals the one recorded
 *    after the step's last successful build, and
 *  - the digest of its outputs equals the one recorded then, so outputs another command rewrote
 *    (`npm run relay` on another branch, a hand edit, a deleted dist/) never pass for fresh.
 * Anything else rebuilds. The record is written only after a build succeeded, atomically, and only
 * if the inputs did not change while it ran.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';

export interface BuildStep {
  /** Key in the record, e.g. `web`. */
  name: string;
  /** The command that always builds it (`npm run build`). */
  command: readonly string[];
  /** Files or folders (walked recursively) relative to the root; a missing one counts as "missing". */
  inputs: readonly string[];
  /** Files or folders the step writes; they never count as inputs, even inside an input folder. */
  outputs: readonly string[];
  /** Outputs that must exist for the step to count as built at all. */
  required: readonly string[];
  /** Values besides files that change what the step produces (tool versions, environment). */
  facts: Readonly<Record<string, string>>;
}

export interface Digests {
  inputs: string;
  outputs: string;
}

export type BuildRecord = Record<string, Digests>;

/** A path relative to the root with `/` separators, whatever the platform. */
const rel = (root: string, file: string) => path.relative(root, file).split(path.sep).join('/');

/** Whether `file` (relative) is one of `outputs` or inside one; `**\/` in a pattern stands for any run of folders. */
export function isUnder(file: string, outputs: readonly string[]): boolean {
  return outputs.some((o) => (o.includes('**/') ? globRegExp(o).test(file) : file === o || file.startsWith(`${o}/`)));
}

function globRegExp(pattern: string): RegExp {
  const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${pattern.split('**/').map(escape).join('(?:.*/)?')}(?:/|$)`);
}

/** Every regular file under `entry` (itself when a file), sorted, relative to the root; null when absent. */
async function filesOf(root: string, entry: string, skip: readonly string[]): Promise<string[] | null> {
  const full = path.join(root, entry);
  let info;
  try {
    info = await stat(full);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  if (!info.isDirectory()) return isUnder(entry, skip) ? [] : [entry];
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const full = path.join(dir, e.name);
      const file = rel(root, full);
      if (isUnder(file, skip)) continue;
      // A symbolic link counts as what it points to: a linked source is a source.
      const kind = e.isSymbolicLink() ? await stat(full) : e;
      if (kind.isDirectory()) await walk(full);
      else if (kind.isFile()) found.push(file);
    }
  };
  await walk(full);
  return found;
}

/** The files `entries` name, in a fixed order; a missing entry appears as `{ missing }`. */
export async function listEntries(root: string, entries: readonly string[], skip: readonly string[]): Promise<Array<string | { missing: string }>> {
  const listed: Array<string | { missing: string }> = [];
  for (const entry of [...entries].sort()) {
    const files = await filesOf(root, entry, skip);
    listed.push(...(files ?? [{ missing: entry }]));
  }
  return listed;
}

/**
 * One digest over the named files' paths and contents (and `facts`), in a fixed order; `skip`
 * leaves outputs out of input folders. Exported for tests, which hash temporary trees.
 */
export async function digestOf(root: string, entries: readonly string[], skip: readonly string[], facts: Readonly<Record<string, string>> = {}): Promise<string> {
  const hash = createHash('sha256');
  for (const [key, value] of Object.entries(facts).sort(([x], [y]) => (x < y ? -1 : 1))) hash.update(`fact\0${key}\0${value}\n`);
  const listed = await listEntries(root, entries, skip);
  // Read in slices: in parallel for speed, but never so many open files that a low limit refuses them.
  const contents: Array<Buffer | null> = [];
  for (let i = 0; i < listed.length; i += 64) {
    contents.push(...await Promise.all(listed.slice(i, i + 64).map((f) => (typeof f === 'string' ? readFile(path.join(root, f)) : null))));
  }
  listed.forEach((f, i) => {
    const content = contents[i];
    if (typeof f !== 'string' || content === null) hash.update(`missing\0${typeof f === 'string' ? f : f.missing}\n`);
    else hash.update(`file\0${f}\0${createHash('sha256').update(content).digest('hex')}\n`);
  });
  return hash.digest('hex');
}

/**
 * The step's input and output digests. Outputs inside input folders (`web/src/**\/__generated__`)
 * are left out of the inputs and hashed with the other outputs.
 */
export async function digestsOf(root: string, step: BuildStep): Promise<Digests> {
  const plain = step.outputs.filter((o) => !o.includes('**/'));
  const globbed = step.outputs.filter((o) => o.includes('**/'));
  const inside = globbed.length === 0 ? [] : (await Promise.all(step.inputs.map((i) => filesOf(root, i, plain))))
    .flatMap((files) => files ?? []).filter((f) => isUnder(f, globbed));
  const [inputs, outputs] = await Promise.all([
    digestOf(root, step.inputs, step.outputs, step.facts),
    digestOf(root, [...plain, ...inside], []),
  ]);
  return { inputs, outputs };
}

export async function readRecord(file: string): Promise<BuildRecord> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    return isRecord(parsed) ? parsed : {};
  } catch (err) {
    // No record yet, or a torn or foreign one: either way nothing counts as built.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || err instanceof SyntaxError) return {};
    throw err;
  }
}

function isRecord(value: unknown): value is BuildRecord {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).every((d) => d && typeof d === 'object' && typeof (d as Digests).inputs === 'string' && typeof (d as Digests).outputs === 'string');
}

/** Replaces the record in one rename, so a reader sees the old record or the new one, never half. */
export async function writeRecord(file: string, record: BuildRecord): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, `${JSON.stringify(record, null, 2)}\n`);
    await rename(tmp, file);
  } finally {
    await rm(tmp, { force: true });
  }
}

async function exists(root: string, file: string): Promise<boolean> {
  return stat(path.join(root, file)).then(() => true, (err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return false;
    throw err;
  });
}

export type Outcome = 'skipped' | 'built' | 'built, not recorded (inputs changed during the build)';

export interface EnsureOptions {
  root: string;
  recordFile: string;
  /** Runs the step's real build; rejects when it fails. */
  build: (step: BuildStep) => Promise<void>;
  log?: (line: string) => void;
}

/** Builds `step` unless its inputs and outputs are exactly those of its last recorded build. */
export async function ensureBuilt(step: BuildStep, o: EnsureOptions): Promise<Outcome> {
  const before = await digestsOf(o.root, step);
  const recorded = (await readRecord(o.recordFile))[step.name];
  const present = (await Promise.all(step.required.map((f) => exists(o.root, f)))).every(Boolean);
  if (present && recorded && recorded.inputs === before.inputs && recorded.outputs === before.outputs) {
    o.log?.(`${step.name}: unchanged since its last build (${before.inputs.slice(0, 12)}), not rebuilt`);
    return 'skipped';
  }
  // Forget the old build first: if this one fails or is interrupted, nothing claims to be built.
  await forget(o.recordFile, step.name);
  o.log?.(`${step.name}: ${recorded ? 'sources or outputs changed' : 'no recorded build'}, building ...`);
  await o.build(step);
  const after = await digestsOf(o.root, step);
  if (after.inputs !== before.inputs) {
    o.log?.(`${step.name}: sources changed during the build; the next start builds again`);
    return 'built, not recorded (inputs changed during the build)';
  }
  await writeRecord(o.recordFile, { ...(await readRecord(o.recordFile)), [step.name]: after });
  return 'built';
}

async function forget(recordFile: string, name: string): Promise<void> {
  const record = await readRecord(recordFile);
  if (!(name in record)) return;
  delete record[name];
  await writeRecord(recordFile, record);
}
