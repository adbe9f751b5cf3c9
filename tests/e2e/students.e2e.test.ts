/**
 * /students in the browser (decisions 0048, 0049): a parent sees their own child and not another
 * family's; an ecosystem admin selects two people and archives them, the number shown before it
 * runs. English at 1280 px and Spanish at 390 px (cards, nothing off screen), axe-clean.
 * Screenshots go to dist/e2e-screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUser, SYSTEM_ACTOR } from '../../api/auth/seed';
import { linkFamilyMember } from '../../domain/family/handlers';
import { FAMILIES_PROJECTION } from '../../projections/families';
import { USERS_PROJECTION } from '../../projections/users';
import { loginToken, startE2eApp, type E2eApp } from './support/app';
import { checkPage as check } from './support/check';

const PASSWORD = 'students-e2e-password-1';
let app: E2eApp;
let parentToken: string;

beforeAll(async () => {
  app = await startE2eApp();
  const services = app.platform.services;
  const ecosystemId = app.platform.demo!.ecosystemId;
  const person = (email: string, firstName: string, lastName: string, role: 'PARENT' | 'STUDENT') =>
    ensureUser(services, { email, password: PASSWORD, firstName, lastName, roles: [{ ecosystemId, role }] });
  const parent = await person('pam.parent@example.com', 'Pam', 'Parent', 'PARENT');
  const child = await person('kit.kid@example.com', 'Kit', 'Kid', 'STUDENT');
  const otherParent = await person('oz.other@example.com', 'Oz', 'Other', 'PARENT');
  const otherChild = await person('ola.otherkid@example.com', 'Ola', 'Otherkid', 'STUDENT');
  await person('ann.archive@example.com', 'Ann', 'Archive', 'STUDENT');
  await person('ben.archive@example.com', 'Ben', 'Archive', 'STUDENT');
  await person('cy.bulk@example.com', 'Cy', 'Bulk', 'STUDENT');
  await person('dee.bulk@example.com', 'Dee', 'Bulk', 'STUDENT');
  for (const [p, c] of [[parent, child], [otherParent, otherChild]]) {
    const r = await services.bus.dispatch(linkFamilyMember, { parentId: p.userId, childId: c.userId, ecosystemId, relationship: 'PARENT' },
      { actor: SYSTEM_ACTOR, commandId: crypto.randomUUID(), now: new Date().toISOString() });
    if (r.position) await services.projections.waitFor(r.position, [FAMILIES_PROJECTION, USERS_PROJECTION], 10_000);
  }
  parentToken = await loginToken(app.url, 'pam.parent@example.com', PASSWORD);
}, 120_000);
afterAll(async () => { await app?.stop(); });

describe('the students page', () => {
  it('shows a parent their own child and not another family\'s (English, 1280 px)', async () => {
    const { page, context, errors } = await app.open({ accessToken: parentToken, width: 1280 });
    try {
      await page.goto(`${app.url}/students`);
      const children = page.getByRole('list', { name: 'Your children' });
      await children.getByText('Kit Kid').waitFor();
      expect(await page.getByText('Ola Otherkid').count()).toBe(0);
      expect(await page.getByRole('table').count()).toBe(0);
      await check(page, 'students-parent-1280-en');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a parent their child in Spanish on a phone (390 px)', async () => {
    const { page, context } = await app.open({ accessToken: parentToken, width: 390, height: 844, locale: 'sp' });
    try {
      await page.goto(`${app.url}/students`);
      await page.getByRole('list', { name: 'Sus hijos' }).getByText('Kit Kid').waitFor();
      expect(await page.getByText('Ola Otherkid').count()).toBe(0);
      await check(page, 'students-parent-390-sp');
    } finally {
      await context.close();
    }
  });

  it('lets an admin archive two people, showing how many before it runs (English, 1280 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'ecosystemAdmin', width: 1280 });
    try {
      await page.goto(`${app.url}/students`);
      await page.getByLabel('Name or e-mail').fill('archive');
      await page.getByRole('button', { name: 'Show' }).click();
      const table = page.getByRole('table', { name: 'People of the ecosystem' });
      await table.getByText('Ann Archive').waitFor();
      await check(page, 'students-admin-1280-en');
      await page.getByRole('checkbox', { name: 'Select Ann Archive' }).check();
      await page.getByRole('checkbox', { name: 'Select Ben Archive' }).check();
      await page.getByRole('button', { name: 'Archive selected (2)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Archive 2 people?' });
      await dialog.waitFor();
      // The dialog fades in: let it finish before the screenshot and the contrast check.
      await page.waitForTimeout(400);
      await check(page, 'students-admin-confirm-1280-en');
      await dialog.getByRole('button', { name: 'Archive 2 people' }).click();
      await page.getByText('2 people archived.').waitFor();
      await expect.poll(async () => table.getByText('Archived', { exact: true }).count(), { timeout: 10_000 }).toBe(2);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('archives everyone matching as a job: the number first, then its progress (English, 1280 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'ecosystemAdmin', width: 1280 });
    try {
      await page.goto(`${app.url}/students`);
      await page.getByLabel('Name or e-mail').fill('bulk');
      await page.getByRole('button', { name: 'Show' }).click();
      const table = page.getByRole('table', { name: 'People of the ecosystem' });
      await table.getByText('Dee Bulk').waitFor();
      await page.getByRole('button', { name: 'Archive everyone matching…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Archive all 2 people matching these filters?' });
      await dialog.waitFor();
      await page.waitForTimeout(400);
      await check(page, 'students-admin-all-confirm-1280-en');
      await dialog.getByRole('button', { name: 'Archive 2 people' }).click();
      await page.getByText('Everyone matching is archived.').waitFor({ timeout: 30_000 });
      await page.getByRole('status').getByText('Archived 2 of 2').waitFor();
      await expect.poll(async () => table.getByText('Archived', { exact: true }).count(), { timeout: 10_000 }).toBe(2);
      await check(page, 'students-admin-all-done-1280-en');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the roster as cards in Spanish on a phone (390 px)', async () => {
    const { page, context } = await app.open({ who: 'ecosystemAdmin', width: 390, height: 844, locale: 'sp' });
    try {
      await page.goto(`${app.url}/students`);
      await page.getByRole('list', { name: 'Personas del ecosistema' }).getByText('Kit Kid').waitFor();
      await check(page, 'students-admin-390-sp');
    } finally {
      await context.close();
    }
  });
});
