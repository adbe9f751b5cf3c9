/**
 * npm start's build cache (scripts/build-cache.ts): a changed input always rebuilds, unchanged
 * inputs and outputs skip, outputs rewritten by anything else rebuild, and a build that fails or
 * races an edit records nothing. Trees live in temporary folders.
 */
import { cp, mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { digestOf, digestsOf, ensureBuilt, isUnder, listEntries, readRecord, type BuildStep } from '../scripts/build-cache';
import { codegenStep, ROOT, webStep } from '../scripts/build-steps';

let root: string;
beforeEach(async () => { root = await mkdtemp(path.join(tmpdir(), 'build-cache-')); });
afterEach(async () => { await rm(root, { recursive: true, force: true }); });

async function put(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), content);
}

const step: BuildStep = {
  name: 'web', command: ['true'], inputs: ['src', 'index.html'], outputs: ['out', 'src/**/__generated__'],
  required: ['out/index.html'], facts: { node: 'v20' },
};

/** A fake build: writes the outputs from the inputs, counting its runs. */
function fakeBuild(onBuild: () => Promise<void> = async () => undefined) {
  const runs = { count: 0 };
  const build = async () => {
    runs.count += 1;
    await onBuild();
    await put('out/index.html', `built from ${await readFile(path.join(root, 'index.html'), 'utf8')}`);
    await put('src/pages/__generated__/Q.graphql.ts', 'artifact');
  };
  return { runs, build };
}

const recordFile = () => path.join(root, 'out-record', '.build-hash');

describe('digests', () => {
  beforeEach(async () => {
    await put('index.html', '<html>');
    await put('src/a.ts', 'a');
    await put('src/pages/b.tsx', 'b');
  });

  it('are stable for an unchanged tree and change with any edit, addition, removal or fact', async () => {
    const first = await digestOf(root, step.inputs, step.outputs, step.facts);
    expect(await digestOf(root, step.inputs, step.outputs, step.facts)).toBe(first);
    await put('src/pages/b.tsx', 'b2');
    const edited = await digestOf(root, step.inputs, step.outputs, step.facts);
    expect(edited).not.toBe(first);
    await put('src/pages/c.tsx', '');
    const added = await digestOf(root, step.inputs, step.outputs, step.facts);
    expect(added).not.toBe(edited);
    await unlink(path.join(root, 'src/pages/c.tsx'));
    expect(await digestOf(root, step.inputs, step.outputs, step.facts)).toBe(edited);
    expect(await digestOf(root, step.inputs, step.outputs, { node: 'v22' })).not.toBe(edited);
  });

  it('leave outputs inside input folders out of the inputs and hash them as outputs', async () => {
    const before = await digestsOf(root, step);
    await put('src/pages/__generated__/Q.graphql.ts', 'artifact');
    const after = await digestsOf(root, step);
    expect(after.inputs).toBe(before.inputs);
    expect(after.outputs).not.toBe(before.outputs);
  });

  it('count a renamed file and a missing input entry', async () => {
    const before = await digestOf(root, step.inputs, step.outputs);
    await cp(path.join(root, 'src/a.ts'), path.join(root, 'src/a2.ts'));
    await unlink(path.join(root, 'src/a.ts'));
    const renamed = await digestOf(root, step.inputs, step.outputs);
    expect(renamed).not.toBe(before);
    await unlink(path.join(root, 'index.html'));
    expect(await digestOf(root, step.inputs, step.outputs)).not.toBe(renamed);
  });

  it('match output patterns at any depth, and nothing else', () => {
    const outputs = ['dist/web', 'web/src/**/__generated__'];
    expect(isUnder('web/src/__generated__/A.graphql.ts', outputs)).toBe(true);
    expect(isUnder('web/src/pages/x/__generated__/A.graphql.ts', outputs)).toBe(true);
    expect(isUnder('dist/web/index.html', outputs)).toBe(true);
    expect(isUnder('dist/webby', outputs)).toBe(false);
    expect(isUnder('web/src/pages/generated.ts', outputs)).toBe(false);
    expect(isUnder('web/index.html', outputs)).toBe(false);
  });

  it('change whenever any one input file changes (property)', async () => {
    const name = fc.constantFrom('src/a.ts', 'src/pages/b.tsx', 'index.html', 'src/deep/er/c.ts');
    await fc.assert(fc.asyncProperty(name, fc.string({ maxLength: 20 }), async (file, content) => {
      const before = await digestOf(root, step.inputs, step.outputs);
      const old = await readFile(path.join(root, file), 'utf8').catch(() => null);
      await put(file, content);
      const after = await digestOf(root, step.inputs, step.outputs);
      expect(after === before).toBe(old === content);
    }), { numRuns: 60 });
  });
});

describe('ensureBuilt', () => {
  beforeEach(async () => {
    await put('index.html', 'v1');
    await put('src/a.ts', 'a');
  });

  const ensure = (build: () => Promise<void>) => ensureBuilt(step, { root, recordFile: recordFile(), build });

  it('builds the first time, skips an unchanged tree, and rebuilds after a source edit', async () => {
    const { runs, build } = fakeBuild();
    expect(await ensure(build)).toBe('built');
    expect(await ensure(build)).toBe('skipped');
    expect(runs.count).toBe(1);
    await put('index.html', 'v2');
    expect(await ensure(build)).toBe('built');
    expect(await readFile(path.join(root, 'out/index.html'), 'utf8')).toBe('built from v2');
    expect(await ensure(build)).toBe('skipped');
    expect(runs.count).toBe(2);
  });

  it('rebuilds when the outputs were changed or removed by anything else', async () => {
    const { runs, build } = fakeBuild();
    await ensure(build);
    await put('out/index.html', 'built from another branch');
    expect(await ensure(build)).toBe('built');
    await rm(path.join(root, 'out'), { recursive: true });
    expect(await ensure(build)).toBe('built');
    await rm(path.join(root, 'src/pages/__generated__'), { recursive: true });
    expect(await ensure(build)).toBe('built');
    expect(runs.count).toBe(4);
  });

  it('records nothing when the build fails, so the next start builds again', async () => {
    const { build } = fakeBuild();
    await ensure(build);
    await put('index.html', 'v2');
    await expect(ensure(async () => { throw new Error('vite failed'); })).rejects.toThrow('vite failed');
    expect(await readRecord(recordFile())).toEqual({});
    // The old outputs are still there, yet they are not taken for a build of v2.
    expect(await ensure(build)).toBe('built');
  });

  it('does not record a build whose sources changed while it ran', async () => {
    const racing = fakeBuild(() => put('src/a.ts', 'edited during the build'));
    expect(await ensure(racing.build)).toBe('built, not recorded (inputs changed during the build)');
    expect(await readRecord(recordFile())).toEqual({});
    const { runs, build } = fakeBuild();
    expect(await ensure(build)).toBe('built');
    expect(runs.count).toBe(1);
  });

  it('treats a torn or foreign record as no build', async () => {
    const { runs, build } = fakeBuild();
    await ensure(build);
    await writeFile(recordFile(), '{"web": {"inputs": ');
    expect(await ensure(build)).toBe('built');
    expect(runs.count).toBe(2);
  });
});

describe("the repository's build steps", () => {
  it('hash every source the builds read and none of their outputs', async () => {
    const files = (await listEntries(ROOT, webStep().inputs, webStep().outputs)).filter((f): f is string => typeof f === 'string');
    for (const f of ['web/index.html', 'web/vite.config.ts', 'web/messages-plugin.ts', 'web/scripts/relay-schema.ts', 'web/src/main.tsx',
      'relay.config.json', 'schema/base.graphql', 'schema/tenants.graphql', 'package-lock.json', 'package.json']) {
      expect(files).toContain(f);
    }
    expect(files.filter((f) => f.includes('__generated__') || f === 'web/persisted-queries.json')).toEqual([]);
    const codegen = (await listEntries(ROOT, codegenStep().inputs, codegenStep().outputs)).filter((f): f is string => typeof f === 'string');
    expect(codegen).toEqual(expect.arrayContaining(['scripts/codegen.ts', 'api/graphql/sdl.ts', 'schema/base.graphql', 'package-lock.json']));
  });

  it('count the installed packages, the Node version and the variables Vite bakes in', () => {
    const facts = webStep({ NODE_ENV: 'production', VITE_API: 'x' }).facts;
    expect(facts.node).toBe(process.version);
    expect(facts.installed.length).toBeGreaterThan(1000);
    expect(facts['env VITE_API']).toBe('x');
    expect(webStep({ NODE_ENV: 'development' }).facts['env NODE_ENV']).toBe('development');
  });

  it('see an edited schema file in a copy of the codegen inputs', async () => {
    for (const f of ['scripts/codegen.ts', 'api/graphql/sdl.ts', 'schema', 'package.json', 'package-lock.json', 'tsconfig.json']) {
      await cp(path.join(ROOT, f), path.join(root, f), { recursive: true });
    }
    const s = codegenStep();
    const before = await digestsOf(root, s);
    await writeFile(path.join(root, 'schema/base.graphql'), `${await readFile(path.join(root, 'schema/base.graphql'), 'utf8')}\n# edited\n`);
    const after = await digestsOf(root, s);
    expect(after.inputs).not.toBe(before.inputs);
    expect(after.outputs).toBe(before.outputs);
  });
});
