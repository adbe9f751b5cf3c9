/**
 * Big jobs in the browser (decision 0075), as the seeded platform admin: from the internal admin
 * panel to /internal-admin-panel/ecosystem-jobs, start a people export of the demo ecosystem and
 * watch its card's progress reach the end (the page polls while a job runs), then its download
 * button; a program sessions report started the same way. English at 1280 px, Spanish at 390 px,
 * axe-clean; screenshots in dist/e2e-screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app';
import { checkPage as check } from './support/check';
import { choose } from './support/sessionsPage';

let app: E2eApp;

beforeAll(async () => { app = await startE2eApp(); }, 120_000);
afterAll(async () => { await app?.stop(); });

describe('ecosystem jobs', () => {
  it('starts a people export and watches its progress reach the end, then offers the file (English, 1280 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'platformAdmin', width: 1280 });
    try {
      await page.goto(`${app.url}/internal-admin-panel`);
      await page.getByRole('link', { name: 'Ecosystem jobs' }).click();
      await page.getByRole('heading', { level: 1, name: 'Ecosystem jobs' }).waitFor();
      await page.getByText('No jobs yet.').waitFor();
      await check(page, 'ecosystem-jobs-empty-1280-en');

      const form = page.locator('form');
      await choose(form, 'Ecosystem', 'Riverside Unified School District');
      await choose(form, 'What to make', 'People export');
      await form.getByRole('button', { name: 'Start' }).click();
      await page.getByText('People export started.').waitFor();

      const card = page.getByRole('listitem', { name: 'People export · Riverside Unified School District' });
      await card.waitFor();
      await card.getByText('Finished', { exact: true }).waitFor({ timeout: 30_000 });
      const progress = await card.getByText(/^\d+ of \d+$/).textContent();
      const [done, total] = (progress ?? '').split(' of ').map(Number);
      expect(total).toBeGreaterThan(0);
      expect(done).toBe(total);
      await expect(card.getByRole('progressbar').getAttribute('aria-valuenow')).resolves.toBe('100');
      await card.getByRole('button', { name: 'Download CSV' }).waitFor();
      await check(page, 'ecosystem-jobs-finished-1280-en');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('works in Spanish on a phone: a program sessions report is started and finishes, the page fits 390 px', async () => {
    const { page, context, errors } = await app.open({ who: 'platformAdmin', width: 390, height: 844, locale: 'sp' });
    try {
      await page.goto(`${app.url}/internal-admin-panel/ecosystem-jobs`);
      await page.getByRole('heading', { level: 1, name: 'Trabajos de los ecosistemas' }).waitFor();
      const form = page.locator('form');
      await choose(form, 'Ecosistema', 'Riverside Unified School District');
      await choose(form, 'Qué hacer', 'Informe de sesiones por programa');
      await form.getByLabel('Programas').click();
      await page.getByRole('listbox').getByRole('option').first().click();
      await page.keyboard.press('Escape');
      await form.getByLabel('Desde').fill('2026-01-01');
      await form.getByLabel('Hasta (sin incluir)').fill('2026-07-01');
      await form.getByRole('button', { name: 'Iniciar' }).click();
      const card = page.getByRole('listitem', { name: 'Informe de sesiones por programa · Riverside Unified School District' });
      await card.getByText('Terminado', { exact: true }).waitFor({ timeout: 30_000 });
      await card.getByText('1 de 1').waitFor();
      await check(page, 'ecosystem-jobs-390-sp');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
