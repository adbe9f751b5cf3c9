/**
 * The Content-Security-Policy against the real production build in headless Chromium: the app
 * renders and works (log-in, the admin panel) with no policy violation at all, Mantine's injected
 * styles apply, and an inline script is blocked.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_WEB_DIR, startPlatform, type Platform } from '../platform';
import { configSchema } from '../../infra/config';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { CHROMIUM_FLAGS, findChromium } from '../../tests/e2e/support/chromium';


let db: TestDatabase;
let platform: Platform;
let context: BrowserContext;
let userDataDir: string;
let page: Page;
const violations: string[] = [];

beforeAll(async () => {
  if (!existsSync(path.join(DEFAULT_WEB_DIR, 'index.html'))) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  db = await createTestDatabase();
  platform = await startPlatform({
    config: configSchema.parse({ NODE_ENV: 'test', PERSISTED_QUERIES: 'only', PROJECTION_WAIT_MS: '10000' }),
    databaseUrl: db.url,
    secrets: { apiDatabasePassword: inject('apiDbPassword'), jwtSecret: randomBytes(32).toString('hex') },
    skipMigrations: true, seed: true, webDir: DEFAULT_WEB_DIR, port: 0, host: '127.0.0.1', log: () => undefined,
  });
  userDataDir = await mkdtemp(path.join(tmpdir(), 'csp-chromium-'));
  context = await chromium.launchPersistentContext(userDataDir, { executablePath: (await findChromium()).path, headless: true, args: CHROMIUM_FLAGS });
  page = context.pages()[0] ?? await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('console', (message) => { if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text()); });
  // Every violation, whatever the console says, as the browser reports it to the page.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
}, 180_000);

afterAll(async () => {
  await context?.close();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
  await platform?.stop();
  await db?.drop();
});

describe('the Content-Security-Policy in the browser', () => {
  it('lets the production app log in and show the admin panel without a single violation', async () => {
    const demo = platform.demo;
    if (!demo) throw new Error('the platform was started without its demo log-ins');
    await page.goto(`${platform.url}/login`);
    await page.getByRole('textbox', { name: /e-?mail/i }).first().fill(demo.platformAdmin.email);
    await page.locator('input[type="password"]').first().fill(demo.platformAdmin.password);
    await page.locator('button[type="submit"]').first().click();
    await page.waitForURL(/internal-admin-panel/);
    await page.getByRole('heading').first().waitFor();
    // Mantine's run-time <style> elements applied: its CSS variables are defined on the root.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-body').trim())).not.toBe('');
    expect(violations).toEqual([]);
  });

  it('blocks an inline script', async () => {
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true;';
      document.body.appendChild(script);
    });
    expect(await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan ?? false)).toBe(false);
    await expect.poll(() => violations.some((v) => v.includes('script-src'))).toBe(true);
  });
});
