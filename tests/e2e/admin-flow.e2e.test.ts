/**
 * The platform admin's path through the real app in headless Chromium: log in, create an
 * ecosystem, run its demo data (offered as "create" while it has none and "delete" once it has
 * some, neither while it is archived), add a program, rename and archive it, read each step in
 * the breadcrumbs, switch to Spanish, log out. Then the seeded ecosystem admin, still in Spanish,
 * in their own area (/admin): their ecosystem, its programs in the default terms of the language,
 * and no platform-only controls.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp, type OpenPage } from './support/app';

let app: E2eApp;
let open: OpenPage;
let page: Page;

beforeAll(async () => {
  app = await startE2eApp();
  open = await app.open();
  page = open.page;
}, 240_000);

afterAll(async () => {
  await open?.context.close();
  await app?.stop();
});

/** Opens a row's actions menu (table row or phone card alike). */
async function openActions(name: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
}

async function rowAction(name: string, action: string): Promise<void> {
  await openActions(name);
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

async function menuItems(name: string): Promise<string[]> {
  await openActions(name);
  const items = page.getByRole('menuitem');
  await items.first().waitFor();
  const names = (await items.allTextContents()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  await items.first().waitFor({ state: 'detached' });
  return names;
}

describe('platform admin flow', () => {
  const ecosystem = `E2E Academy ${randomBytes(3).toString('hex')}`;

  it('logs in as the platform admin and lands on the internal admin panel', async () => {
    const demo = app.platform.demo;
    if (!demo) throw new Error('the platform was started without its demo logins');
    await page.goto(`${app.url}/login`);
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await expect(page.title()).resolves.toBe('Log in · Tutoring Platform');
    await expect(page.getByRole('textbox', { name: /Ecosystem/ }).count()).resolves.toBe(0);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(demo.platformAdmin.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.platformAdmin.password);
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
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

  it('offers to create demo data while there is none, and to delete it once there is', async () => {
    const before = await menuItems(ecosystem);
    expect(before).toContain('Create demo data');
    expect(before).not.toContain('Delete demo data');

    await rowAction(ecosystem, 'Create demo data');
    const dialog = page.getByRole('dialog', { name: `Create demo data for ${ecosystem}` });
    await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
    await expect(dialog.locator('input[type="date"]').inputValue()).resolves.toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await dialog.locator('input[type="date"]').fill('2026-12-01');
    await dialog.getByRole('button', { name: 'Create demo data' }).click();
    await page.getByText(`The demo data job of ${ecosystem} finished.`).waitFor({ timeout: 60_000 });

    await expect.poll(async () => {
      const items = await menuItems(ecosystem);
      return items.includes('Delete demo data') && !items.includes('Create demo data');
    }, { timeout: 15_000 }).toBe(true);
  });

  it('offers no demo-data action while the ecosystem is archived, and offers them again once unarchived', async () => {
    const archiveOrNot = async (action: 'Archive' | 'Unarchive', done: string) => {
      await rowAction(ecosystem, action);
      await page.getByRole('dialog', { name: `${action} ${ecosystem}?` }).getByRole('button', { name: action, exact: true }).click();
      await page.getByText(done).waitFor();
    };
    await archiveOrNot('Archive', `${ecosystem} was archived.`);
    await page.getByRole('row').filter({ hasText: ecosystem }).getByText('Archived').waitFor();
    const archived = await menuItems(ecosystem);
    expect(archived).toContain('Unarchive');
    expect(archived.filter((item) => /demo data/.test(item))).toEqual([]);

    await archiveOrNot('Unarchive', `${ecosystem} was unarchived.`);
    await expect.poll(() => menuItems(ecosystem)).toContain('Delete demo data');
  });

  it('adds a program, renames it and archives it, with Cancel labelled Cancel', async () => {
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
    // allTextContents does not wait: the dialog must be open before its buttons are listed.
    await confirm.getByRole('button', { name: 'Archive' }).waitFor();
    await expect(confirm.getByRole('button').allTextContents()).resolves.toEqual(expect.arrayContaining(['Cancel', 'Archive']));
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
    await page.getByRole('combobox', { name: 'Language' }).selectOption('sp');
    await page.getByRole('heading', { level: 1, name: `Historial de cambios de ${ecosystem}` }).waitFor();
    await page.getByRole('columnheader', { name: 'Cuándo' }).waitFor();
    await page.getByRole('cell', { name: 'Programa archivado', exact: true }).first().waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('es');
    await expect(page.evaluate(() => window.localStorage.getItem('locale'))).resolves.toBe('sp');
  });

  it('logs out', async () => {
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.getByRole('link', { name: 'Iniciar sesión' }).first().waitFor();
    await expect(page.evaluate(() => window.localStorage.getItem('accessToken'))).resolves.toBeNull();
    await page.goto(`${app.url}/internal-admin-panel`);
    await page.waitForURL(/\/login\?next=/);
    expect(open.errors).toEqual([]);
  });
});

describe('ecosystem admin, in Spanish', () => {
  it('works in their own area: their ecosystem, its programs in Spanish terms, and no platform-only controls', async () => {
    const demo = app.platform.demo;
    if (!demo) throw new Error('the platform was started without its demo logins');
    const name = 'Riverside Unified School District';
    await page.goto(`${app.url}/login`);
    await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
    await page.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill(demo.ecosystemAdmin.email);
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(demo.ecosystemAdmin.password);
    await page.getByRole('main').getByRole('button', { name: 'Iniciar sesión' }).click();

    await page.getByRole('heading', { level: 2, name: 'Sus ecosistemas' }).waitFor();
    await expect(page.getByRole('link', { name: 'Panel de administración interna' }).count()).resolves.toBe(0);
    await page.getByRole('navigation').getByRole('link', { name: 'Administración' }).click();
    await page.getByRole('heading', { level: 1, name: 'Administración del ecosistema' }).waitFor();
    await page.getByRole('heading', { level: 2, name }).waitFor();
    await page.getByRole('link', { name: `Historial de cambios de ${name}` }).waitFor();

    await page.getByRole('link', { name: `Programas de ${name}` }).click();
    await page.getByRole('heading', { level: 1, name: `Programas de ${name}` }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/ecosystems\/[^/]+\/programs$/);
    await page.getByText('los roles Líder y Aprendiz', { exact: false }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Reading Buddies' }).waitFor();

    await page.getByRole('link', { name: 'Volver a los ecosistemas' }).click();
    await page.getByRole('heading', { level: 1, name: 'Administración del ecosistema' }).waitFor();
    await expect(page.getByRole('button', { name: 'Crear ecosistema' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: `Editar ${name}` }).click();
    await page.getByRole('dialog', { name: `Editar ${name}` }).getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByText('Archivar').count()).resolves.toBe(0);
    await expect(page.getByText('datos de demostración').count()).resolves.toBe(0);
    expect(open.errors).toEqual([]);
  });
});
