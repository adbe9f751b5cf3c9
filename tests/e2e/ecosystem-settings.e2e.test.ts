/**
 * An ecosystem's scheduling settings page in the browser (decision 0071), on the real back end: the
 * ecosystem admin opens it from their ecosystem's card, changes the start interval, a session
 * length and the supported hours and turns off overlap checks; the save sends only those parts, and
 * after a reload they are kept. A session length the server refuses shows the server's message on
 * that field, and nothing is written. A platform admin opens it in the internal admin panel; a tutor
 * of the same ecosystem gets the not-found page. English at 1280 px, Spanish at 390 px, axe-clean;
 * screenshots in dist/e2e-screenshots.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUser } from '../../api/auth/seed';
import { toGlobalId } from '../../api/relay';
import { loginToken, startE2eApp, type E2eApp } from './support/app';
import { checkPage } from './support/check';

const ECOSYSTEM = 'Riverside Unified School District';
const TUTOR = { email: 'tia.settingstutor@example.com', password: 'settings-e2e-password-1' };
let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
  const ecosystemId = app.platform.demo!.ecosystemId;
  await ensureUser(app.platform.services, { ...TUTOR, firstName: 'Tia', lastName: 'Tutor', roles: [{ ecosystemId, role: 'MEMBER' }] });
}, 120_000);
afterAll(async () => { await app?.stop(); });

async function openFromCard(page: Page, linkName: string): Promise<void> {
  await page.goto(`${app.url}/admin`);
  const link = page.getByRole('link', { name: linkName });
  await link.waitFor();
  await link.click();
}

/** The `ecosystemInput` of every save the page sends. */
function watchSaves(page: Page): Array<Record<string, unknown>> {
  const saves: Array<Record<string, unknown>> = [];
  page.on('request', (request) => {
    const body = request.method() === 'POST' && request.url().endsWith('/graphql') ? request.postDataJSON() as { variables?: { ecosystemInput?: Record<string, unknown> } } : null;
    if (body?.variables?.ecosystemInput) saves.push(body.variables.ecosystemInput);
  });
  return saves;
}

describe('the scheduling settings page', () => {
  it('keeps a changed interval, session length, supported hours and overlap checks, and shows the server\'s message on its field (English, 1280 px)', async () => {
    const { page, context, errors, consoleErrors } = await app.open({ who: 'ecosystemAdmin', width: 1280 });
    const saves = watchSaves(page);
    try {
      await openFromCard(page, `Scheduling settings of ${ECOSYSTEM}`);
      await page.getByRole('heading', { name: `Scheduling settings of ${ECOSYSTEM}` }).waitFor();
      await checkPage(page, 'ecosystem-settings-1280-en');

      const hourRows = page.getByRole('group', { name: /^Hours \d+$/ });
      const rowsBefore = await hourRows.count();
      await page.getByLabel('Sessions start at').selectOption('30');
      await page.getByRole('textbox', { name: 'Session length 1 (minutes)' }).fill('40');
      await page.getByRole('button', { name: 'Add hours' }).click();
      const added = page.getByRole('group', { name: `Hours ${rowsBefore + 1}` });
      await added.getByLabel('Day').selectOption('2');
      await added.getByLabel('From').fill('08:00');
      await added.getByLabel('Until').fill('12:30');
      const overlap = page.getByRole('switch', { name: 'Refuse sessions that overlap another session of the same person' });
      if (await overlap.isChecked()) await overlap.click();
      expect(await overlap.isChecked()).toBe(false);
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Scheduling settings saved.').waitFor();

      expect(saves).toHaveLength(1);
      expect(Object.keys(saves[0]).sort()).toEqual(['sessionSettings', 'supportedHours']);
      const sent = saves[0].sessionSettings as Record<string, unknown>;
      expect(Object.keys(sent).sort()).toEqual(['overlapChecksEnabled', 'sessionDurations', 'sessionInterval']);
      expect(sent.sessionInterval).toBe(30);
      expect((sent.sessionDurations as number[])[0]).toBe(40);

      await page.reload();
      await page.getByRole('heading', { name: `Scheduling settings of ${ECOSYSTEM}` }).waitFor();
      expect(await page.getByLabel('Sessions start at').inputValue()).toBe('30');
      expect(await page.getByRole('textbox', { name: 'Session length 1 (minutes)' }).inputValue()).toBe('40');
      expect(await page.getByRole('switch', { name: 'Refuse sessions that overlap another session of the same person' }).isChecked()).toBe(false);
      const kept = page.getByRole('group', { name: `Hours ${rowsBefore + 1}` });
      expect(await kept.getByLabel('Day').inputValue()).toBe('2');
      expect(await kept.getByLabel('From').inputValue()).toBe('08:00');
      expect(await kept.getByLabel('Until').inputValue()).toBe('12:30');

      // Too short for the server (spec section 5): its message, on the field it is about.
      const length = page.getByRole('textbox', { name: 'Session length 1 (minutes)' });
      await length.fill('10');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Sessions cannot be shorter than 15 minutes.').waitFor();
      expect(await length.getAttribute('aria-invalid')).toBe('true');
      expect(await length.getAttribute('aria-describedby')).toBeTruthy();
      const describedBy = await length.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${describedBy!.split(' ').find((id) => id.endsWith('error'))}"]`).textContent()).toBe('Sessions cannot be shorter than 15 minutes.');
      await page.getByText('Some settings were not saved. Fix the marked fields.').waitFor();
      await checkPage(page, 'ecosystem-settings-1280-en-refused');

      await page.reload();
      await page.getByRole('heading', { name: `Scheduling settings of ${ECOSYSTEM}` }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Session length 1 (minutes)' }).inputValue()).toBe('40');
      expect(errors).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('works in Spanish at 390 px', async () => {
    const { page, context, errors, consoleErrors } = await app.open({ who: 'ecosystemAdmin', width: 390, height: 844, locale: 'sp' });
    try {
      await openFromCard(page, `Ajustes de horarios de ${ECOSYSTEM}`);
      await page.getByRole('heading', { name: `Ajustes de horarios de ${ECOSYSTEM}` }).waitFor();
      await page.getByRole('button', { name: 'Añadir un límite semanal de horas' }).click();
      await page.getByRole('group', { name: 'Límite semanal de horas 1' }).waitFor();
      await checkPage(page, 'ecosystem-settings-390-es');
      await page.getByRole('button', { name: 'Quitar el límite semanal de horas 1' }).click();
      expect(await page.getByRole('group', { name: 'Límite semanal de horas 1' }).count()).toBe(0);
      expect(errors).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens for a platform admin in the internal admin panel', async () => {
    const ecosystemGlobalId = toGlobalId('Ecosystem', app.platform.demo!.ecosystemId);
    const { page, context, errors } = await app.open({ who: 'platformAdmin', width: 1280 });
    try {
      await page.goto(`${app.url}/internal-admin-panel/manage-ecosystems/${encodeURIComponent(ecosystemGlobalId)}/scheduling`);
      await page.getByRole('heading', { name: `Scheduling settings of ${ECOSYSTEM}` }).waitFor();
      expect(await page.getByRole('link', { name: 'Back to ecosystems' }).getAttribute('href')).toBe('/internal-admin-panel/manage-ecosystems');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('is not there for a tutor of the ecosystem', async () => {
    const ecosystemGlobalId = toGlobalId('Ecosystem', app.platform.demo!.ecosystemId);
    const { page, context } = await app.open({ width: 1280, accessToken: await loginToken(app.url, TUTOR.email, TUTOR.password) });
    try {
      await page.goto(`${app.url}/admin/ecosystems/${encodeURIComponent(ecosystemGlobalId)}/scheduling`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(await page.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
