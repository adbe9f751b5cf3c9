/**
 * The real platform for browser tests: the production build of the web app (dist/web, built when
 * missing) served with persisted queries enforced, on its own cloned database with the seeded demo,
 * and one Chromium (support/chromium.ts). Pages open in fresh contexts at a chosen width, language
 * and user, so tests do not see each other's storage.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { DEFAULT_WEB_DIR, startPlatform, type Platform } from '../../../api/platform';
import { configSchema } from '../../../infra/config';
import { createTestDatabase, type TestDatabase } from '../../setup/db';
import { launchChromium, type FoundChromium } from './chromium';

export type Who = 'platformAdmin' | 'ecosystemAdmin';

export interface PageOptions {
  width?: number;
  height?: number;
  /** Signed in as this demo user (by its access token in localStorage), else signed out. */
  who?: Who;
  /** Signed in with this access token instead (a person the test made). */
  accessToken?: string;
  /** The interface language stored before the first page (SPEC's `en` or `sp`). */
  locale?: 'en' | 'sp';
}

export interface OpenPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught errors in the page since it opened. */
  errors: string[];
  /** What the page logged as errors (console.error, and failed loads the browser reports there). */
  consoleErrors: string[];
}

export interface E2eApp {
  platform: Platform;
  url: string;
  chromium: FoundChromium;
  token(who: Who): Promise<string>;
  open(options?: PageOptions): Promise<OpenPage>;
  stop(): Promise<void>;
}

function ensureWebBuild(): void {
  if (existsSync(path.join(DEFAULT_WEB_DIR, 'index.html'))) return;
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

/** The persisted id of a web operation: production accepts nothing else. */
export function persistedId(operationName: string): string {
  const file = path.resolve(import.meta.dirname, '../../../web/persisted-queries.json');
  const entries = Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
  const found = entries.find(([, text]) => new RegExp(`^(query|mutation) ${operationName}\\b`).test(text.trim()));
  if (!found) throw new Error(`no persisted operation ${operationName}`);
  return found[0];
}

export async function loginToken(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ doc_id: persistedId('useLoginPaasMutation'), variables: { email, password, ecosystemId: null } }),
  });
  const body = (await res.json()) as { data?: { loginPaas?: { token?: string | null } } };
  const token = body.data?.loginPaas?.token;
  if (!token) throw new Error(`log-in failed for ${email}: ${JSON.stringify(body)}`);
  return token;
}

/** `overrides`: environment-style configuration for this app (`SMTP_URL` to capture its mail). */
export async function startE2eApp(overrides: Record<string, string> = {}): Promise<E2eApp> {
  ensureWebBuild();
  const db: TestDatabase = await createTestDatabase();
  const platform = await startPlatform({
    // The session timers' tick (decision 0074) would act on the real clock: off unless a test asks for it.
    config: configSchema.parse({ NODE_ENV: 'test', PERSISTED_QUERIES: 'only', PROJECTION_WAIT_MS: '10000', SESSION_TIMERS_CRON: 'off', ...overrides }),
    databaseUrl: db.url,
    secrets: { apiDatabasePassword: inject('apiDbPassword'), jwtSecret: randomBytes(32).toString('hex') },
    skipMigrations: true,
    seed: true,
    webDir: DEFAULT_WEB_DIR,
    port: 0,
    host: '127.0.0.1',
    log: () => undefined,
  });
  const { browser, found }: { browser: Browser; found: FoundChromium } = await launchChromium();
  console.log(`browser tests: Chromium ${browser.version()} from ${found.source} (${found.path})`);
  const tokens = new Map<Who, Promise<string>>();
  const token = (who: Who) => {
    const demo = platform.demo;
    if (!demo) throw new Error('the platform was started without its demo logins');
    if (!tokens.has(who)) tokens.set(who, loginToken(platform.url, demo[who].email, demo[who].password));
    return tokens.get(who) as Promise<string>;
  };

  return {
    platform,
    url: platform.url,
    chromium: found,
    token,
    async open({ width = 1280, height = 900, who, accessToken, locale } = {}) {
      const access = accessToken ?? (who ? await token(who) : null);
      const localStorage = [
        ...(access ? [{ name: 'accessToken', value: access }] : []),
        ...(locale ? [{ name: 'locale', value: locale }] : []),
      ];
      const context = await browser.newContext({
        viewport: { width, height }, locale: 'en-US',
        storageState: { cookies: [], origins: [{ origin: platform.url, localStorage }] },
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const errors: string[] = [];
      const consoleErrors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => { if (message.type() === 'error') consoleErrors.push(message.text()); });
      return { page, context, errors, consoleErrors };
    },
    async stop() {
      await browser.close();
      await platform.stop();
      await db.drop();
    },
  };
}
