/**
 * The one way browser tests get Chromium: CHROMIUM_PATH when set (and it must then exist), else
 * Debian's /usr/bin/chromium, else the headless Chromium that the @sparticuz/chromium package
 * ships (unpacked into the temporary folder on first use), so `npm test` needs nothing but Node.
 * CHROMIUM_SYSTEM_PATH overrides where the system browser is looked for ('' skips it), so the
 * package's path can be tried on a machine that has Debian's Chromium too.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export type ChromiumSource = 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium';

export interface FoundChromium {
  path: string;
  source: ChromiumSource;
}

export interface FindOptions {
  env?: Partial<Record<'CHROMIUM_PATH' | 'CHROMIUM_SYSTEM_PATH', string>>;
  exists?: (path: string) => boolean;
  /** The package's binary; unpacks it on first call. */
  packaged?: () => Promise<string>;
}

async function packagedChromium(): Promise<string> {
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}

export async function findChromium({ env = process.env, exists = existsSync, packaged = packagedChromium }: FindOptions = {}): Promise<FoundChromium> {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) {
    if (!exists(configured)) throw new Error(`CHROMIUM_PATH is ${configured}, but there is no file there.`);
    return { path: configured, source: 'CHROMIUM_PATH' };
  }
  const system = env.CHROMIUM_SYSTEM_PATH ?? SYSTEM_CHROMIUM;
  if (system && exists(system)) return { path: system, source: 'system' };
  return { path: await packaged(), source: '@sparticuz/chromium' };
}

export async function launchChromium(options: FindOptions = {}): Promise<{ browser: Browser; found: FoundChromium }> {
  const found = await findChromium(options);
  const browser = await chromium.launch({ executablePath: found.path, headless: true, args: CHROMIUM_FLAGS });
  return { browser, found };
}
