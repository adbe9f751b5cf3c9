/**
 * Scheduled reports in the browser (decision 0068), as the seeded platform admin: from the internal
 * admin panel to the list, the form (a weekly report of the demo ecosystem's first program, Monday
 * 08:00 New York time), back to the list where it shows its schedule and next run, then archive it
 * (it leaves the active list and shows among the archived). English at 1280 px, Spanish at 390 px,
 * axe-clean; screenshots in dist/e2e-screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app';
import { checkPage as check } from './support/check';
import { choose } from './support/sessionsPage';

let app: E2eApp;

beforeAll(async () => { app = await startE2eApp(); }, 120_000);
afterAll(async () => { await app?.stop(); });

describe('scheduled reports', () => {
  it('creates a weekly report, lists it with its schedule and archives it (English, 1280 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'platformAdmin', width: 1280 });
    try {
      await page.goto(`${app.url}/internal-admin-panel`);
      await page.getByRole('link', { name: 'Scheduled reports' }).click();
      await page.getByRole('heading', { level: 1, name: 'Scheduled reports' }).waitFor();
      await page.getByText('No scheduled reports yet.').waitFor();
      await check(page, 'scheduled-reports-empty-1280-en');

      await page.getByRole('link', { name: 'New report' }).click();
      await page.getByRole('heading', { level: 1, name: 'New scheduled report' }).waitFor();
      const form = page.locator('form');
      await form.getByRole('textbox', { name: 'Report name' }).fill('Weekly sessions');
      await choose(form, 'Ecosystem', 'Riverside Unified School District');
      await form.getByRole('checkbox').first().check();
      await form.getByRole('textbox', { name: 'Recipients' }).fill('lead@example.com, ops@example.org');
      await choose(form, 'Day of the week', 'Monday');
      await choose(form, 'Hour', '08:00');
      const zone = form.getByRole('combobox', { name: 'Time zone', exact: true });
      await zone.fill('America/New_Y');
      await page.getByRole('option', { name: 'America/New_York', exact: true }).click();
      await check(page, 'scheduled-reports-form-1280-en');
      await form.getByRole('button', { name: 'Save report' }).click();

      const card = page.getByRole('listitem', { name: 'Weekly sessions' });
      await card.waitFor();
      await expect(card.getByText('Every Monday at 08:00 (America/New_York)').isVisible()).resolves.toBe(true);
      await expect(card.getByText('To: lead@example.com, ops@example.org').isVisible()).resolves.toBe(true);
      await expect(card.getByText(/^Next: /).isVisible()).resolves.toBe(true);
      await check(page, 'scheduled-reports-list-1280-en');

      await card.getByRole('button', { name: 'Archive Weekly sessions' }).click();
      await page.getByText('Weekly sessions is archived: it is no longer sent.').waitFor();
      await expect.poll(() => page.getByRole('listitem', { name: 'Weekly sessions' }).count()).toBe(0);
      await page.getByRole('checkbox', { name: 'Show archived reports' }).check();
      const archived = page.getByRole('listitem', { name: 'Weekly sessions' });
      await archived.getByText('Archived', { exact: true }).waitFor();
      await expect(archived.getByText(/^Next: /).count()).resolves.toBe(0);
      await check(page, 'scheduled-reports-archived-1280-en');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('works in Spanish on a phone: the list and the form fit 390 px', async () => {
    const { page, context, errors } = await app.open({ who: 'platformAdmin', width: 390, height: 844, locale: 'sp' });
    try {
      await page.goto(`${app.url}/internal-admin-panel/scheduled-reports`);
      await page.getByRole('heading', { level: 1, name: 'Informes programados' }).waitFor();
      await page.getByRole('checkbox', { name: 'Mostrar los informes archivados' }).check();
      await page.getByRole('listitem', { name: 'Weekly sessions' }).getByText('Cada lunes a las 08:00 (America/New_York)').waitFor();
      await check(page, 'scheduled-reports-list-390-sp');
      await page.getByRole('link', { name: 'Nuevo informe' }).click();
      await page.getByRole('heading', { level: 1, name: 'Nuevo informe programado' }).waitFor();
      await check(page, 'scheduled-reports-form-390-sp');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
