/**
 * The log-in page's initial JavaScript stays within 150 KiB gzipped (issue 6): what the browser
 * must load from the production build before it can show /login, as web/scripts/initial-js.ts
 * measures it. A size, not a timing: it does not depend on the machine. `npm test` builds first;
 * run on its own, this builds when dist/web has no manifest yet.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initialJs, LOGIN_ROUTE_MODULE, readManifest, staticClosure, WEB_DIST, type Manifest } from './scripts/initial-js';

const BUDGET_BYTES = 150 * 1024;

beforeAll(() => {
  if (!existsSync(path.join(WEB_DIST, '.vite', 'manifest.json'))) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}, 180_000);

describe('initial JavaScript of the log-in page', () => {
  it('is at most 150 KiB gzipped', () => {
    const { gzipBytes, files } = initialJs(LOGIN_ROUTE_MODULE);
    expect(files.length).toBeGreaterThan(1);
    expect(gzipBytes, `login loads ${files.join(', ')}`).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it("carries neither Relay's runtime nor the toasts, nor another page's code", () => {
    const manifest = readManifest();
    const loaded = new Set(staticClosure(manifest, [...Object.keys(manifest).filter((k) => manifest[k].isEntry), LOGIN_ROUTE_MODULE]));
    const later = Object.entries(manifest)
      .filter(([key]) => /relay\/RelayOutlet|NotificationsHost|pages\/(home|ecosystems|programs|admin)\//.test(key))
      .map(([, chunk]) => chunk.file);
    expect(later.length).toBeGreaterThan(3);
    for (const file of later) expect(loaded.has(file), file).toBe(false);
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
