/**
 * What a page really makes the browser fetch on a first visit: every JavaScript response of a
 * fresh context (no cache), from the request for the page until no new script has arrived for a
 * while after it showed, including chunks imported lazily but rendered at once. Each body is
 * gzipped at level 6 (zlib's default, which servers use), so the figure does not depend on
 * whether this server answered with brotli, gzip or nothing.
 */
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

export interface LoadedScript {
  url: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface FirstLoad {
  scripts: LoadedScript[];
  gzipBytes: number;
}

const isScript = (response: Response) =>
  response.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(response.url()).pathname);

/** Opens `url` in `page` (a fresh context), waits for `ready`, then until `quietMs` pass without a new script. */
export async function measureFirstLoad(page: Page, url: string, ready: (page: Page) => Promise<unknown>, quietMs = 2000): Promise<FirstLoad> {
  const bodies: Array<Promise<LoadedScript>> = [];
  let lastScriptAt = Date.now();
  page.on('response', (response) => {
    if (!isScript(response)) return;
    lastScriptAt = Date.now();
    bodies.push(response.body().then((body) => ({ url: response.url(), rawBytes: body.length, gzipBytes: gzipSync(body, { level: 6 }).length })));
  });
  await page.goto(url);
  await ready(page);
  lastScriptAt = Date.now();
  while (Date.now() - lastScriptAt < quietMs) await page.waitForTimeout(250);
  const scripts = await Promise.all(bodies);
  const unique = [...new Map(scripts.map((s) => [s.url, s])).values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { scripts: unique, gzipBytes: unique.reduce((sum, s) => sum + s.gzipBytes, 0) };
}

export function describeLoad(load: FirstLoad): string {
  const lines = load.scripts.map((s) => `  ${(s.gzipBytes / 1024).toFixed(1).padStart(6)} KiB  ${new URL(s.url).pathname}`);
  return `${load.scripts.length} scripts, ${load.gzipBytes} bytes (${(load.gzipBytes / 1024).toFixed(1)} KiB) gzipped at level 6\n${lines.join('\n')}`;
}
