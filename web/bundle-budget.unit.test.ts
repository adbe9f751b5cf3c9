/**
 * The log-in page's initial JavaScript stays within 150 KiB gzipped (issue 6). The budget is
 * measured on what the browser really fetches, lazy chunks rendered at once included
 * (tests/e2e/first-load.e2e.test.ts); here, from the build manifest alone, its static part must fit
 * too, and the chunks that must stay out of it (Relay, the toasts, other pages) are checked to.
 * Sizes, not timings: they do not depend on the machine. `npm test` builds first; run on its own,
 * this builds when dist/web has no manifest yet.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initialJs, LOGIN_ROUTE_MODULE, readManifest, staticClosure, WEB_DIST, type Manifest } from './scripts/initial-js';

const BUDGET_BYTES = 150 * 1024;

beforeAll(() => {
  if (!existsSync(path.join(WEB_DIST, '.vite', 'manifest.json'))) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}, 180_000);

describe('initial JavaScript of the log-in page', () => {
  it('has a static part (entry, route and their imports) of at most 150 KiB gzipped', () => {
    const { gzipBytes, files } = initialJs(LOGIN_ROUTE_MODULE);
    expect(files.length).toBeGreaterThan(1);
    expect(gzipBytes, `login loads ${files.join(', ')}`).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it("carries neither Relay's runtime nor the toasts, nor another page's code, statically", () => {
    const manifest = readManifest();
    const loaded = new Set(staticClosure(manifest, [...Object.keys(manifest).filter((k) => manifest[k].isEntry), LOGIN_ROUTE_MODULE]));
    const later = Object.entries(manifest)
      .filter(([key]) => /relay\/RelayOutlet|NotificationsHost|@mantine\/notifications|pages\/(home|ecosystems|programs|admin|breadcrumbs)\//.test(key))
      .map(([, chunk]) => chunk.file);
    expect(later.length).toBeGreaterThan(3);
    for (const file of later) expect(loaded.has(file), file).toBe(false);
  });
});

describe('toasts', () => {
  it('are shown through components/toast.ts only: a page that used Mantine\'s store directly would show nothing before the host loads', () => {
    const direct = sourcesImporting(path.join(import.meta.dirname, 'src'), '@mantine/notifications')
      .map((file) => path.relative(import.meta.dirname, file))
      .filter((file) => !/components\/(toast|NotificationsHost)\.tsx?$/.test(file));
    expect(direct).toEqual([]);
  });
});

describe('the measure', () => {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
    '_react.js': { file: 'assets/react.js', imports: ['_shared.js'] },
    'src/pages/login/LoginPage.tsx': { file: 'assets/login.js', imports: ['_shared.js', '_form.js'] },
    '_form.js': { file: 'assets/form.js' },
    'src/pages/home/HomePage.tsx': { file: 'assets/home.js', imports: ['_relay.js'] },
    '_relay.js': { file: 'assets/relay.js' },
  };

  it('counts the entry, the route and their static imports once each, and nothing loaded on demand', () => {
    expect(staticClosure(manifest, ['index.html', 'src/pages/login/LoginPage.tsx']))
      .toEqual(['assets/form.js', 'assets/index.js', 'assets/login.js', 'assets/react.js', 'assets/shared.js']);
  });

  it('refuses a route the build does not have', () => {
    expect(() => staticClosure(manifest, ['src/pages/nowhere.tsx'])).toThrow('not in the build manifest');
  });
});

/** Source files under `dir` that import `specifier` (statically or not, types aside). */
function sourcesImporting(dir: string, specifier: string): string[] {
  const pattern = new RegExp(`(?<!import type [^;]*)from '${specifier}'|import\\('${specifier}'\\)`);
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__generated__' ? [] : sourcesImporting(file, specifier);
    return /\.tsx?$/.test(entry.name) && pattern.test(readFileSync(file, 'utf8')) ? [file] : [];
  });
}
