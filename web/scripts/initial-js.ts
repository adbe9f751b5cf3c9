/**
 * The static part of what a route makes the browser load, read from the production build: the
 * entry chunk, the route's lazy chunk, and every chunk either imports statically, each counted
 * once, gzipped at level 6. It cannot see a chunk imported lazily but rendered at once, so it is a
 * lower bound and a quick look; the budget is asserted on what the browser really fetches
 * (tests/e2e/first-load.e2e.test.ts).
 *
 *   npx tsx web/scripts/initial-js.ts [route module, default src/pages/login/LoginPage.tsx]
 *
 * Reads dist/web/.vite/manifest.json, so run `npm run build` first.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const WEB_DIST = fileURLToPath(new URL('../../dist/web', import.meta.url));
export const LOGIN_ROUTE_MODULE = 'src/pages/login/LoginPage.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

export interface InitialJs {
  files: string[];
  gzipBytes: number;
  rawBytes: number;
}

export function readManifest(dist = WEB_DIST): Manifest {
  return JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The chunks `keys` load before running: themselves and their static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js')).sort();
}

export function initialJs(routeModule = LOGIN_ROUTE_MODULE, dist = WEB_DIST): InitialJs {
  const manifest = readManifest(dist);
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const files = staticClosure(manifest, [...entries, routeModule]);
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const file of files) {
    const content = readFileSync(path.join(dist, file));
    rawBytes += content.length;
    gzipBytes += gzipSync(content, { level: 6 }).length;
  }
  return { files, gzipBytes, rawBytes };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const result = initialJs(process.argv[2]);
  for (const file of result.files) console.log(`  ${file}`);
  console.log(`${result.files.length} files, ${(result.rawBytes / 1024).toFixed(1)} KiB, ${(result.gzipBytes / 1024).toFixed(1)} KiB gzipped`);
}
