/**
 * The outbox in the browser (docs/decisions/0036), as the seeded platform admin uses it on a
 * platform with no SMTP_URL or SMS_URL: send a test message to yourself, see it stay in the outbox,
 * open it and read its text and HTML parts; in English at 1280 px and in Spanish at 390 px (cards,
 * nothing off screen), axe-clean on both pages. Screenshots go to dist/e2e-screenshots.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app';
import { checkPage as check } from './support/check';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../../dist/e2e-screenshots');
let app: E2eApp;

beforeAll(async () => { app = await startE2eApp(); });
afterAll(async () => { await app?.stop(); });

/** The delivery workflow runs after the mutation answers: reload until the message has left QUEUED. */
async function untilStatus(page: Page, status: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await page.getByText(status, { exact: true }).first().isVisible())) {
    if (Date.now() > deadline) throw new Error(`the message never showed "${status}"`);
    await page.waitForTimeout(300);
    await page.reload();
  }
}

describe('the outbox', () => {
  it('sends the platform admin a test message that stays in the outbox, and shows it (English, 1280 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'platformAdmin', width: 1280 });
    try {
      await page.goto(`${app.url}/internal-admin-panel`);
      await page.getByRole('link', { name: 'Outbox' }).click();
      await page.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor();
      await page.getByText('No messages yet.').waitFor();
      await check(page, 'outbox-empty-1280-en');

      await page.getByRole('button', { name: 'Send me a test message' }).click();
      await page.getByRole('heading', { level: 1, name: 'Test message from Tutoring Platform' }).waitFor();
      await untilStatus(page, 'Only in the outbox');
      await expect(page.getByText('This is a test message from Tutoring Platform.', { exact: false }).first().isVisible()).resolves.toBe(true);
      const frame = page.frameLocator('iframe[title="HTML part"]');
      await frame.getByText('This is a test message from Tutoring Platform. If you can read it, messages reach you.').waitFor();
      await check(page, 'outbox-message-1280-en');

      await page.getByRole('link', { name: 'Back to the outbox' }).click();
      const table = page.getByRole('table', { name: 'Outbox' });
      await table.waitFor();
      const row = table.getByRole('row').nth(1);
      await expect(row.getByRole('cell').nth(1).textContent()).resolves.toBe('Test message');
      await expect(row.getByRole('cell').nth(2).textContent()).resolves.toBe('E-mail');
      await expect(row.getByRole('cell').nth(3).textContent()).resolves.toBe('English');
      await expect(row.getByRole('cell').nth(4).textContent()).resolves.toBe('Only in the outbox');
      await check(page, 'outbox-list-1280-en');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('works in Spanish on a phone: cards, the newest message first, and the message in Spanish (390 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'platformAdmin', width: 390, height: 844, locale: 'sp' });
    try {
      await page.goto(`${app.url}/internal-admin-panel/outbox`);
      await page.getByRole('heading', { level: 1, name: 'Bandeja de salida' }).waitFor();
      await page.getByRole('button', { name: 'Enviarme un mensaje de prueba' }).click();
      await page.getByRole('heading', { level: 1, name: 'Mensaje de prueba de Tutoring Platform' }).waitFor();
      await untilStatus(page, 'Solo en la bandeja de salida');
      await page.frameLocator('iframe[title="Parte HTML"]').getByText('Este es un mensaje de prueba de Tutoring Platform.', { exact: false }).waitFor();
      await check(page, 'outbox-message-390-sp');
      // A full-page capture leaves a sandboxed frame below the fold blank: this one shows the HTML part itself.
      await page.locator('iframe').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'outbox-message-390-sp-html.png') });

      await page.getByRole('link', { name: 'Volver a la bandeja de salida' }).click();
      const cards = page.getByRole('list', { name: 'Bandeja de salida' }).getByRole('listitem');
      await cards.first().waitFor();
      await expect(cards.count()).resolves.toBeGreaterThanOrEqual(2);
      // Newest first: the Spanish message just sent, then the English one of the first test.
      await expect(cards.first().textContent()).resolves.toContain('Mensaje de prueba · Correo electrónico · Español');
      await expect(cards.nth(1).textContent()).resolves.toContain('Inglés');
      await check(page, 'outbox-list-390-sp');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('is not there for an ecosystem admin: the panel sends them to their own area', async () => {
    const { page, context } = await app.open({ who: 'ecosystemAdmin', width: 1280 });
    try {
      await page.goto(`${app.url}/internal-admin-panel/outbox`);
      await page.waitForURL((url) => !url.pathname.startsWith('/internal-admin-panel'));
      expect(await page.getByRole('heading', { name: 'Outbox' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
