/**
 * The platform admin's path through the real app in headless Chromium: log in, create an
 * ecosystem, add a program, rename and archive it, read each step in the breadcrumbs, switch to
 * Spanish, log out. Then the seeded ecosystem admin, still in Spanish: their ecosystem on the home
 * page, its programs in the default terms of the language, and no platform-only controls. The
 * server runs the production build (dist/web, built here when missing) with persisted queries
 * enforced, on its own cloned database.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { DEFAULT_WEB_DIR, startPlatform, type Platform } from '../../api/platform';
import { configSchema } from '../../infra/config';
import { createTestDatabase, type TestDatabase } from '../setup/db';

const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

let db: TestDatabase;
let platform: Platform;
let context: BrowserContext;
let userDataDir: string;
let page: Page;
const pageErrors: string[] = [];

function ensureWebBuild(): void {
  if (existsSync(path.join(DEFAULT_WEB_DIR, 'index.html'))) return;
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

beforeAll(async () => {
  ensureWebBuild();
  db = await createTestDatabase();
  platform = await startPlatform({
    config: configSchema.parse({ NODE_ENV: 'test', PERSISTED_QUERIES: 'only', PROJECTION_WAIT_MS: '10000' }),
    databaseUrl: db.url,
    secrets: { apiDatabasePassword: inject('apiDbPassword'), jwtSecret: randomBytes(32).toString('hex') },
    skipMigrations: true,
    seed: true,
    webDir: DEFAULT_WEB_DIR,
    port: 0,
    host: '127.0.0.1',
    log: () => undefined,
  });
  userDataDir = await mkdtemp(path.join(tmpdir(), 'e2e-chromium-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_FLAGS, locale: 'en-US',
  });
  page = context.pages()[0] ?? await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));

}, 180_000);

afterAll(async () => {
  await context?.close();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
  await platform?.stop();
  await db?.drop();
});

/** Opens a table row's actions menu and picks one item. */
async function rowAction(rowName: string, action: string): Promise<void> {
  await page.getByRole('row').filter({ hasText: rowName }).getByRole('button', { name: `Actions for ${rowName}` }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

describe('platform admin flow', () => {
  const ecosystem = `E2E Academy ${randomBytes(3).toString('hex')}`;

  it('logs in as the platform admin and lands on the internal admin panel', async () => {
    const demo = platform.demo;
    if (!demo) throw new Error('the platform was started without its demo logins');
    await page.goto(`${platform.url}/login`);
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await expect(page.title()).resolves.toBe('Log in · Tutoring Platform');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(demo.platformAdmin.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.platformAdmin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Internal admin panel' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/internal-admin-panel');
  });

  it('creates an ecosystem', async () => {
    await page.getByRole('link', { name: 'Manage ecosystems' }).click();
    await page.getByRole('heading', { level: 1, name: 'Manage ecosystems' }).waitFor();
    await page.getByRole('button', { name: 'Create ecosystem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create ecosystem' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe(await dialog.getByRole('textbox', { name: 'Name', exact: true }).getAttribute('id'));
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(ecosystem);
    await dialog.getByRole('textbox', { name: 'Short name', exact: true }).fill('e2e');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('row').filter({ hasText: ecosystem }).waitFor();
  });

  it('adds a program, renames it and archives it', async () => {
    await rowAction(ecosystem, 'Programs');
    await page.getByRole('heading', { level: 1, name: `Programs of ${ecosystem}` }).waitFor();
    await page.getByRole('button', { name: 'Add program' }).click();
    const add = page.getByRole('dialog', { name: 'Add a program' });
    await add.getByRole('textbox', { name: 'Program name', exact: true }).fill('Reading Buddies');
    await add.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('row').filter({ hasText: 'Reading Buddies' }).waitFor();

    await rowAction('Reading Buddies', 'Rename');
    const rename = page.getByRole('dialog', { name: 'Rename Reading Buddies' });
    await rename.getByRole('textbox', { name: 'Program name', exact: true }).fill('Reading Champions');
    await rename.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('rowheader', { name: 'Reading Champions' }).waitFor();
    await expect(page.getByRole('rowheader', { name: 'Reading Buddies' }).count()).resolves.toBe(0);
    // The menu item that opened the dialog is gone: focus returns to the row's actions button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Actions for Reading Champions');

    await rowAction('Reading Champions', 'Archive');
    const confirm = page.getByRole('dialog', { name: 'Archive Reading Champions?' });
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('row').filter({ hasText: 'Reading Champions' }).getByText('Archived').waitFor();
  });

  it('shows each step in the breadcrumbs', async () => {
    await page.getByRole('link', { name: 'Breadcrumbs' }).click();
    await page.getByRole('heading', { level: 1, name: `Breadcrumbs of ${ecosystem}` }).waitFor();
    const table = page.getByRole('table');
    for (const step of ['Ecosystem created', 'Program created', 'Program renamed', 'Program archived']) {
      await table.getByRole('cell', { name: step, exact: true }).first().waitFor();
    }
    await table.getByText('Reading Champions').first().waitFor();
  });

  it('switches to Spanish and shows Spanish labels', async () => {
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await page.getByRole('heading', { level: 1, name: `Historial de cambios de ${ecosystem}` }).waitFor();
    await page.getByRole('columnheader', { name: 'Cuándo' }).waitFor();
    await page.getByRole('cell', { name: 'Programa archivado', exact: true }).first().waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('es');
    await expect(page.evaluate(() => window.localStorage.getItem('locale'))).resolves.toBe('sp');
  });

  it('logs out', async () => {
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(`${platform.url}/`);
    await page.getByRole('link', { name: 'Iniciar sesión' }).first().waitFor();
    await expect(page.evaluate(() => window.localStorage.getItem('accessToken'))).resolves.toBeNull();
    await page.goto(`${platform.url}/internal-admin-panel`);
    await page.waitForURL(/\/login\?next=/);
    expect(pageErrors).toEqual([]);
  });
});

describe('ecosystem admin, in Spanish', () => {
  it('finds their ecosystem on the home page, its programs in Spanish terms, and no platform-only controls', async () => {
    const demo = platform.demo;
    if (!demo) throw new Error('the platform was started without its demo logins');
    const name = 'Riverside Unified School District';
    await page.goto(`${platform.url}/login`);
    await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
    await page.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill(demo.ecosystemAdmin.email);
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(demo.ecosystemAdmin.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();

    await page.getByRole('heading', { level: 2, name: 'Sus ecosistemas' }).waitFor();
    await page.getByText(name, { exact: true }).waitFor();
    await page.getByRole('link', { name: `Historial de cambios de ${name}` }).waitFor();
    await expect(page.getByRole('link', { name: 'Panel de administración interna' }).count()).resolves.toBe(0);

    await page.getByRole('link', { name: `Programas de ${name}` }).click();
    await page.getByRole('heading', { level: 1, name: `Programas de ${name}` }).waitFor();
    await page.getByText('los roles Líder y Aprendiz', { exact: false }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Reading Buddies' }).waitFor();

    await page.getByRole('link', { name: 'Volver a los ecosistemas' }).click();
    await page.getByRole('heading', { level: 1, name: 'Gestionar ecosistemas' }).waitFor();
    await page.getByRole('row').filter({ hasText: name }).waitFor();
    await expect(page.getByRole('button', { name: 'Crear ecosistema' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: `Acciones para ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Editar', exact: true }).waitFor();
    await expect(page.getByRole('menuitem', { name: 'Archivar', exact: true }).count()).resolves.toBe(0);
    await expect(page.getByRole('menuitem', { name: 'Crear datos de demostración', exact: true }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    expect(pageErrors).toEqual([]);
  });
});
