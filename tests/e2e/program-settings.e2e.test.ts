/**
 * A program's session settings page on the real back end (decision 0070). The demo ecosystem's admin
 * opens it from the program's row on the programs page, sees the server refuse a join time over its
 * limit on that field, turns on the tutors' own check-in, sets the join time and adds a custom
 * session property, and after a reload finds them kept (English, 1280 px). On a phone in Spanish
 * (390 px) a choice property is added and removed again. A tutor of the program gets the not-found
 * page. checkPage on each state; screenshots: dist/e2e-screenshots/program-settings-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUser } from '../../api/auth/seed';
import { toGlobalId } from '../../api/relay';
import { getProgramsByEcosystemId } from '../../projections/tenants/queries';
import { loginToken, startE2eApp, type E2eApp } from './support/app';
import { checkPage } from './support/check';

let app: E2eApp;
let program: { id: string; name: string };
let settingsUrl: string;

beforeAll(async () => {
  app = await startE2eApp();
  const ecosystemId = app.platform.demo!.ecosystemId;
  const [first] = await getProgramsByEcosystemId(app.platform.services.ownerPool, ecosystemId, { limit: 1, after: null, includeArchived: false });
  program = { id: first!.id, name: first!.name };
  settingsUrl = `${app.url}/admin/ecosystems/${toGlobalId('Ecosystem', ecosystemId)}/programs/${toGlobalId('Program', program.id)}/session-settings`;
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

const minutes = (page: Page, name: RegExp) => page.getByRole('textbox', { name });

describe('a program\'s session settings page', () => {
  it('an admin changes settings from the programs page and finds them kept after a reload (English, 1280 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'ecosystemAdmin', width: 1280 });
    try {
      await page.goto(`${app.url}/admin/ecosystems/${toGlobalId('Ecosystem', app.platform.demo!.ecosystemId)}/programs`);
      await page.getByRole('button', { name: `Actions for ${program.name}` }).click();
      await page.getByRole('menuitem', { name: 'Session settings' }).click();
      await page.getByRole('heading', { level: 1, name: `Session settings of ${program.name}` }).waitFor();
      await checkPage(page, 'program-settings-1280-en');

      const joinTime = minutes(page, /^Minutes before the start/);
      // The server's refusal of a join time over its limit shows on that field.
      await joinTime.fill('500');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText(/at most 120/).first().waitFor();
      expect(await joinTime.getAttribute('aria-invalid')).toBe('true');
      await checkPage(page, 'program-settings-refused-1280-en');

      await joinTime.fill('25');
      await page.getByRole('checkbox', { name: /checks themselves in and out/ }).check();
      await page.getByRole('button', { name: 'Add a property' }).click();
      await page.getByRole('textbox', { name: /^Label/ }).fill('Room');
      await page.getByRole('textbox', { name: /^Key/ }).fill('room');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByRole('status').getByText('The session settings were saved.').waitFor();

      await page.reload();
      await page.getByRole('heading', { level: 1, name: `Session settings of ${program.name}` }).waitFor();
      expect(await minutes(page, /^Minutes before the start/).inputValue()).toBe('25');
      expect(await page.getByRole('checkbox', { name: /checks themselves in and out/ }).isChecked()).toBe(true);
      expect(await page.getByRole('textbox', { name: /^Label/ }).inputValue()).toBe('Room');
      expect(await page.getByRole('textbox', { name: /^Key/ }).inputValue()).toBe('room');
      await checkPage(page, 'program-settings-saved-1280-en');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('adds and removes a choice property on a phone (Spanish, 390 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'ecosystemAdmin', width: 390, height: 844, locale: 'sp' });
    try {
      await page.goto(settingsUrl);
      await page.getByRole('heading', { level: 1, name: `Configuración de sesiones de ${program.name}` }).waitFor();
      await page.getByRole('button', { name: 'Añadir una propiedad' }).click();
      const labels = page.getByRole('textbox', { name: /^Etiqueta/ });
      await labels.last().fill('Nivel');
      await page.getByRole('textbox', { name: /^Clave/ }).last().fill('level');
      const fieldType = page.getByRole('combobox', { name: 'Tipo de campo', exact: true }).last();
      await fieldType.click();
      await expect.poll(() => fieldType.getAttribute('aria-expanded')).toBe('true');
      await page.locator(`[id="${await fieldType.getAttribute('aria-controls')}"]`).getByRole('option', { name: 'Una opción', exact: true }).click();
      await page.getByRole('textbox', { name: /^Opciones, una por línea/ }).fill('Inicial\nAvanzado');
      await page.getByRole('button', { name: 'Guardar configuración' }).click();
      await page.getByRole('status').getByText('Se guardó la configuración de sesiones.').waitFor();
      await checkPage(page, 'program-settings-390-sp');

      await page.reload();
      expect(await page.getByRole('textbox', { name: /^Opciones, una por línea/ }).inputValue()).toBe('Inicial\nAvanzado');
      await page.getByRole('button', { name: 'Quitar Nivel' }).click();
      await page.getByRole('button', { name: 'Guardar configuración' }).click();
      await page.getByRole('status').getByText('Se guardó la configuración de sesiones.').waitFor();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: `Configuración de sesiones de ${program.name}` }).waitFor();
      expect(await page.getByRole('button', { name: 'Quitar Nivel' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a tutor of the program has no such page', async () => {
    const ecosystemId = app.platform.demo!.ecosystemId;
    const email = 'tina.settings@example.com';
    const password = 'Tutor has no settings page';
    await ensureUser(app.platform.services, { email, password, firstName: 'Tina', lastName: 'Tutor', roles: [{ ecosystemId, role: 'LEADER', programId: program.id }] });
    const { page, context, errors } = await app.open({ accessToken: await loginToken(app.url, email, password), width: 390, height: 844 });
    try {
      await page.goto(settingsUrl);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      expect(await page.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
      await checkPage(page, 'program-settings-tutor-390-en');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
