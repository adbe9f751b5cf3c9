/**
 * The template previews in the browser (decision 0076), as the seeded platform admin uses them:
 * from the panel's menu to /internal-admin-panel/message-templates, the weekly parent report in
 * English in the platform's name, then in the demo ecosystem's name; in Spanish at 390 px (nothing
 * off screen); the HTML part drawn in its sandboxed frame under the app's Content-Security-Policy;
 * axe-clean. An ecosystem admin is sent out of the panel. Screenshots go to dist/e2e-screenshots.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app';
import { checkPage as check } from './support/check';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../../dist/e2e-screenshots');
let app: E2eApp;

beforeAll(async () => { app = await startE2eApp(); });
afterAll(async () => { await app?.stop(); });

describe('the message template previews', () => {
  it('show a template in English, in the platform\'s name and then an ecosystem\'s (1280 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'platformAdmin', width: 1280 });
    try {
      await page.goto(`${app.url}/internal-admin-panel`);
      await page.getByRole('link', { name: 'Message templates' }).click();
      await page.getByRole('heading', { level: 1, name: 'Message templates' }).waitFor();
      await page.getByLabel('Kind of message').selectOption({ label: 'Weekly report to parents' });
      await page.getByRole('heading', { level: 2, name: 'Tutoring Platform: weekly report (2027-03-08 – 2027-03-14)' }).waitFor();
      const frame = page.frameLocator('iframe[title="HTML part"]');
      await frame.getByRole('table', { name: /Sam <b>Student<\/b>: 1 attended/ }).waitFor();
      await expect(page.getByText('Tutoring Platform weekly report (2027-03-08 – 2027-03-14): Sam <b>Student</b>: 1 attended', { exact: false }).isVisible()).resolves.toBe(true);
      await check(page, 'message-templates-1280-en');

      await page.getByLabel('Ecosystem').selectOption({ label: 'Riverside Unified School District' });
      await page.getByRole('heading', { level: 2, name: 'Riverside Unified School District: weekly report (2027-03-08 – 2027-03-14)' }).waitFor();
      expect(new URL(page.url()).searchParams.get('kind')).toBe('WEEKLY_PARENT_REPORT');
      await check(page, 'message-templates-ecosystem-1280-en');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('work in Spanish on a phone (390 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'platformAdmin', width: 390, height: 844, locale: 'sp' });
    try {
      await page.goto(`${app.url}/internal-admin-panel/message-templates?kind=INVITE`);
      await page.getByRole('heading', { level: 1, name: 'Plantillas de mensajes' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Le invitan a unirse a Tutoring Platform' }).waitFor();
      await page.frameLocator('iframe[title="Parte HTML"]').getByRole('link', { name: 'Aceptar la invitación' }).waitFor();
      await check(page, 'message-templates-390-sp');
      await page.locator('iframe').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'message-templates-390-sp-html.png') });

      await page.getByLabel('Idioma del mensaje').selectOption({ label: 'Inglés' });
      await page.getByRole('heading', { level: 2, name: 'You are invited to join Tutoring Platform' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('are not there for an ecosystem admin: the panel sends them to their own area', async () => {
    const { page, context } = await app.open({ who: 'ecosystemAdmin', width: 1280 });
    try {
      await page.goto(`${app.url}/internal-admin-panel/message-templates`);
      await page.waitForURL((url) => !url.pathname.startsWith('/internal-admin-panel'));
      expect(await page.getByRole('heading', { name: 'Message templates' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
