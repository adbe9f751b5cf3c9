/**
 * The sign-up leads page in the browser (docs/decisions/0045, amendment): the ecosystem admin opens
 * it from their ecosystem's card, sees the leads newest first with their fields and status, copies
 * an open lead's sign-up link and filters by status; a parent of the ecosystem sees no lead. English
 * at 1280 px, Spanish at 390 px, axe-clean; screenshots in dist/e2e-screenshots.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUser } from '../../api/auth/seed';
import { systemContext } from '../../api/request-context';
import { createSignupLeadMutation, markLeadUsed } from '../../api/signup/leads';
import { loginToken, startE2eApp, type E2eApp } from './support/app';
import { checkPage as check } from './support/check';

const PASSWORD = 'leads-e2e-password-1';
const ECOSYSTEM = 'Riverside Unified School District';
let app: E2eApp;
let parentToken: string;

beforeAll(async () => {
  app = await startE2eApp();
  const services = app.platform.services;
  const ecosystemId = app.platform.demo!.ecosystemId;
  const maker = await ensureUser(services, { email: 'lou.leadmaker@example.com', password: PASSWORD, firstName: 'Lou', lastName: 'Maker', roles: [{ ecosystemId, role: 'SUPER_ADMIN' }] });
  const ctx = systemContext(services, maker.userId);
  const lead = (firstName: string, extra: Record<string, unknown> = {}) => createSignupLeadMutation(ctx, {
    ecosystemId, firstName, lastName: 'Lead', email: `${firstName.toLowerCase()}.lead@example.com`, applicantType: 'PARENT', ...extra,
  });
  const used = await lead('Uma', { applicantType: 'TUTOR', subject: 'Chemistry' });
  await lead('Ola', { phoneNumber: '555-222-3333', clientProfileType: 'PARENT', subject: 'Algebra', leadSource: 'Spring fair' });
  const signedUp = await ensureUser(services, { email: 'uma.lead@example.com', password: PASSWORD, firstName: 'Uma', lastName: 'Lead', roles: [{ ecosystemId, role: 'MEMBER' }] });
  await markLeadUsed(ctx, used.ticketId, signedUp.userId);
  await ensureUser(services, { email: 'pam.leadparent@example.com', password: PASSWORD, firstName: 'Pam', lastName: 'Parent', roles: [{ ecosystemId, role: 'PARENT' }] });
  parentToken = await loginToken(app.url, 'pam.leadparent@example.com', PASSWORD);
}, 120_000);
afterAll(async () => { await app?.stop(); });

/** /admin, then the leads page of the demo ecosystem through its card's link. */
async function openLeads(page: Page, linkName: string, screenshot?: string): Promise<void> {
  await page.goto(`${app.url}/admin`);
  const link = page.getByRole('link', { name: linkName });
  await link.waitFor();
  if (screenshot) await check(page, screenshot);
  await link.click();
}

describe('the sign-up leads page', () => {
  it('lists the leads newest first with their fields, copies a sign-up link and filters by status (English, 1280 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'ecosystemAdmin', width: 1280 });
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
      await openLeads(page, `Sign-up leads of ${ECOSYSTEM}`);
      const list = page.getByRole('list', { name: 'Sign-up leads' });
      await list.getByRole('heading', { name: 'Ola Lead' }).waitFor();
      expect(await list.getByRole('heading').allTextContents()).toEqual(['Ola Lead', 'Uma Lead']);
      const ola = list.getByRole('listitem').filter({ hasText: 'Ola Lead' });
      for (const text of ['Open', 'ola.lead@example.com', '(555) 222-3333', 'Algebra', 'Spring fair']) await ola.getByText(text, { exact: true }).waitFor();
      const uma = list.getByRole('listitem').filter({ hasText: 'Uma Lead' });
      await uma.getByText('Used', { exact: true }).waitFor();
      expect(await uma.getByRole('textbox').count()).toBe(0);
      const link = ola.getByLabel('Sign-up page for Ola Lead');
      expect(await link.inputValue()).toMatch(/\/s\/[^/]+\/signup$/);
      await check(page, 'leads-1280-en');
      await ola.getByRole('button', { name: 'Copy sign-up link for Ola Lead' }).click();
      await page.getByText('The sign-up link is copied.').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());

      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Used' }).click();
      await page.waitForURL(/status=USED/);
      await expect.poll(async () => list.getByRole('heading').allTextContents(), { timeout: 10_000 }).toEqual(['Uma Lead']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the leads as cards on a phone, in Spanish (390 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'ecosystemAdmin', width: 390, height: 844, locale: 'sp' });
    try {
      await openLeads(page, `Contactos de registro de ${ECOSYSTEM}`, 'admin-card-leads-390-sp');
      const list = page.getByRole('list', { name: 'Contactos de registro' });
      await list.getByRole('heading', { name: 'Ola Lead' }).waitFor();
      await list.getByText('Usado', { exact: true }).waitFor();
      await list.getByRole('button', { name: 'Copiar enlace de registro para Ola Lead' }).waitFor();
      await check(page, 'leads-390-sp');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a parent of the ecosystem no lead', async () => {
    const { page, context } = await app.open({ accessToken: parentToken, width: 1280 });
    try {
      // The parent has no admin card; the page's own address shows them "not found" and no lead.
      await page.goto(`${app.url}/admin`);
      expect(await page.getByRole('link', { name: `Sign-up leads of ${ECOSYSTEM}` }).count()).toBe(0);
      const adminPage = await app.open({ who: 'ecosystemAdmin', width: 1280 });
      await openLeads(adminPage.page, `Sign-up leads of ${ECOSYSTEM}`);
      await adminPage.page.getByRole('heading', { name: 'Ola Lead' }).waitFor();
      const address = adminPage.page.url();
      await adminPage.context.close();
      await page.goto(address);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(await page.getByText('Ola Lead').count()).toBe(0);
      expect(await page.getByText('ola.lead@example.com').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
