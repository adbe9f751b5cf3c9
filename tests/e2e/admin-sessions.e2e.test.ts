/**
 * The admin session summary page in the browser (decision 0060): the ecosystem admin opens it from
 * their ecosystem's card, sees the sessions latest first with people and statuses, pages through
 * them, filters by status and term, selects a row and downloads the CSV of the same filters, and
 * cancels (with a reason) and restores two booked sessions with the count shown first; with none
 * chosen, cancels, restores and labels every session matching as a job (decision 0064), the count in
 * the dialog first. English at 1280 px, Spanish at 390 px, axe-clean; screenshots in dist/e2e-screenshots.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ensureUser, SYSTEM_ACTOR } from '../../api/auth/seed';
import { editProgram } from '../../domain/program/handlers';
import { bookSession, insertSessions } from '../../api/sessions-admin/testing';
import { startE2eApp, type E2eApp } from './support/app';
import { checkPage as check } from './support/check';

const ECOSYSTEM = 'Riverside Unified School District';
const DAY = 86_400_000;
let app: E2eApp;
let bandIds: string[];

beforeAll(async () => {
  app = await startE2eApp();
  const services = app.platform.services;
  const ecosystemId = app.platform.demo!.ecosystemId;
  const programs = await app.platform.pools.owner.query<{ id: string }>('SELECT id FROM read.programs WHERE ecosystem_id = $1 ORDER BY name', [ecosystemId]);
  const programId = programs.rows[0].id;
  const tutor = await ensureUser(services, { email: 'tess.sessiontutor@example.com', password: 'sessions-e2e-password-1', firstName: 'Tess', lastName: 'Tutor', roles: [{ ecosystemId, role: 'MEMBER' }] });
  const learner = await ensureUser(services, { email: 'lia.sessionlearner@example.com', password: 'sessions-e2e-password-1', firstName: 'Lia', lastName: 'Learner', roles: [{ ecosystemId, role: 'STUDENT' }] });
  const start = Date.UTC(2031, 2, 3, 16, 0);
  await insertSessions(app, [
    ...Array.from({ length: 27 }, (_, i) => ({
      ecosystemId, programId, subject: `Reading circle ${String(i + 1).padStart(2, '0')}`, startAt: new Date(start - i * DAY),
      sessionType: 'GROUP', people: [{ userId: tutor.userId, isLeader: true }, { userId: learner.userId, isLeader: false }],
    })),
    { ecosystemId, programId, subject: 'Geometry review', startAt: new Date(start + DAY), cancelled: true, people: [{ userId: learner.userId, isLeader: false }] },
  ]);
  // Booked through the Session aggregate, so the page's actions act on them; within a day, so a reason is asked for.
  for (const subject of ['Chess club A', 'Chess club B']) {
    await bookSession(app, { ecosystemId, programId, start: new Date(Date.now() + 6 * 3_600_000), subject, learnerId: learner.userId });
  }
  // Three days ahead (no reason needed), for the actions on all matching; the program defines a custom session property.
  for (const hour of [15, 16, 17]) {
    await bookSession(app, { ecosystemId, programId, start: new Date(Math.floor(Date.now() / DAY) * DAY + 3 * DAY + hour * 3_600_000), subject: 'Band practice', learnerId: learner.userId });
  }
  const room = { id: 'room', label: 'Room', description: null, internalKeyName: 'room', fieldType: 'TEXT', type: 'SESSION', required: false, options: [] };
  const edited = await services.bus.dispatch(editProgram, { programId, changes: { sessions: { customSessionProperties: [room] } } },
    { actor: SYSTEM_ACTOR, commandId: randomUUID(), now: new Date().toISOString() });
  if (edited.position) await services.projections.waitFor(edited.position, undefined, services.config.PROJECTION_WAIT_MS);
  bandIds = (await app.platform.pools.owner.query<{ id: string }>(`SELECT id FROM read.sessions WHERE subject = 'Band practice'`)).rows.map((r) => r.id);
}, 120_000);
afterAll(async () => { await app?.stop(); });

async function openSessions(page: Page, linkName: string): Promise<void> {
  await page.goto(`${app.url}/admin`);
  const link = page.getByRole('link', { name: linkName });
  await link.waitFor();
  await link.click();
}

describe('the admin session summary page', () => {
  it('lists, pages, filters, selects and downloads the ecosystem\'s sessions (English, 1280 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'ecosystemAdmin', width: 1280 });
    try {
      await openSessions(page, `Sessions of ${ECOSYSTEM}`);
      const table = page.getByRole('table', { name: 'Sessions' });
      await table.getByText('Geometry review').waitFor();
      const rows = table.getByRole('row');
      expect(await rows.count()).toBe(1 + 25);
      await rows.nth(1).getByText('Cancelled', { exact: true }).waitFor();
      await rows.nth(2).getByText('Leaders: Tess Tutor').waitFor();
      await rows.nth(2).getByText('Learners: Lia Learner').waitFor();
      await check(page, 'admin-sessions-1280-en');

      await page.getByRole('button', { name: 'Next page' }).click();
      await table.getByText('Reading circle 25').waitFor();
      // Reading circles 25-27, the two chess clubs and the three band practices.
      expect(await rows.count()).toBe(1 + 8);
      await page.getByText('Page 2').waitFor();

      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Cancelled' }).click();
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect.poll(async () => rows.count(), { timeout: 10_000 }).toBe(2);
      await page.getByText('Page 1').waitFor();
      const box = page.getByRole('checkbox', { name: /^Select Geometry review on/ });
      await box.check();
      expect(await box.isChecked()).toBe(true);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CSV' }).click();
      const csv = await readFile(await (await download).path(), 'utf8');
      const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toMatch(/^Date,Start,Time zone,Minutes,Subject,Program,/);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('Geometry review');

      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Cancelled' }).click();
      await page.getByRole('textbox', { name: 'Subject or person' }).fill('nobody-matches-this');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('No session matches these filters.').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('cancels two chosen sessions with a reason and restores them, the count shown first (English, 1280 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'ecosystemAdmin', width: 1280 });
    try {
      await openSessions(page, `Sessions of ${ECOSYSTEM}`);
      await page.getByRole('textbox', { name: 'Subject or person' }).fill('Chess club');
      await page.getByRole('button', { name: 'Apply' }).click();
      const table = page.getByRole('table', { name: 'Sessions' });
      await expect.poll(async () => table.getByRole('row').count(), { timeout: 10_000 }).toBe(3);
      for (const name of ['Chess club A', 'Chess club B']) await page.getByRole('checkbox', { name: new RegExp(`^Select ${name} on`) }).check();
      await page.getByRole('button', { name: 'Cancel selected (2)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel 2 sessions?' });
      await dialog.getByRole('button', { name: 'Cancel 2 sessions' }).click();
      await dialog.getByRole('alert').getByText('Please give a reason for cancelling a session that starts within 24 hours.').waitFor();
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('The room is closed');
      await check(page, 'admin-sessions-cancel-1280-en');
      await dialog.getByRole('button', { name: 'Cancel 2 sessions' }).click();
      await page.getByText('2 sessions cancelled.').waitFor();
      await expect.poll(async () => table.getByText('Cancelled', { exact: true }).count(), { timeout: 10_000 }).toBe(2);
      for (const name of ['Chess club A', 'Chess club B']) await page.getByRole('checkbox', { name: new RegExp(`^Select ${name} on`) }).check();
      await page.getByRole('button', { name: 'Restore selected (2)' }).click();
      await page.getByRole('dialog', { name: 'Restore 2 sessions?' }).getByRole('button', { name: 'Restore 2 sessions' }).click();
      await page.getByText('2 sessions restored.').waitFor();
      await expect.poll(async () => table.getByText('Upcoming', { exact: true }).count(), { timeout: 10_000 }).toBe(2);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('cancels and restores every session matching as a job, the count shown first (English, 1280 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'ecosystemAdmin', width: 1280 });
    try {
      await openSessions(page, `Sessions of ${ECOSYSTEM}`);
      await page.getByRole('textbox', { name: 'Subject or person' }).fill('Band practice');
      await page.getByRole('button', { name: 'Apply' }).click();
      const table = page.getByRole('table', { name: 'Sessions' });
      await expect.poll(async () => table.getByRole('row').count(), { timeout: 10_000 }).toBe(4);
      await page.getByRole('button', { name: 'Cancel all matching' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel all 3 matching sessions?' });
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('The hall is booked');
      await check(page, 'admin-sessions-cancel-all-1280-en');
      await dialog.getByRole('button', { name: 'Cancel all 3 matching' }).click();
      await page.getByText('Done: 3 sessions gone through.').waitFor({ timeout: 30_000 });
      await expect.poll(async () => table.getByText('Cancelled', { exact: true }).count(), { timeout: 10_000 }).toBe(3);
      await page.getByRole('button', { name: 'Restore all matching' }).click();
      await page.getByRole('dialog', { name: 'Restore all 3 matching sessions?' }).getByRole('button', { name: 'Restore all 3 matching' }).click();
      await expect.poll(async () => table.getByText('Upcoming', { exact: true }).count(), { timeout: 30_000 }).toBe(3);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sets a custom property on every session matching, in Spanish (390 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'ecosystemAdmin', width: 390, height: 844, locale: 'sp' });
    try {
      await openSessions(page, `Sesiones de ${ECOSYSTEM}`);
      await page.getByRole('textbox', { name: 'Asignatura o persona' }).fill('Band practice');
      await page.getByRole('button', { name: 'Aplicar' }).click();
      const list = page.getByRole('list', { name: 'Sesiones' });
      await expect.poll(async () => list.getByRole('listitem').count(), { timeout: 10_000 }).toBe(3);
      await page.getByRole('button', { name: 'Asignar una propiedad a todas las que coinciden' }).click();
      const dialog = page.getByRole('dialog', { name: '¿Asignar una propiedad a las 3 sesiones que coinciden?' });
      await dialog.getByRole('combobox', { name: 'Propiedad' }).click();
      await dialog.getByRole('option', { name: 'Room (room)' }).click();
      await dialog.getByRole('textbox', { name: 'Valor' }).fill('B12');
      await check(page, 'admin-sessions-label-all-390-sp');
      await dialog.getByRole('button', { name: 'Asignar a las 3 que coinciden' }).click();
      await page.getByText('Hecho: 3 sesiones recorridas.').waitFor({ timeout: 30_000 });
      await expect.poll(async () => {
        const r = await app.platform.pools.owner.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM read.sessions WHERE id = ANY($1::uuid[]) AND custom_properties @> '[{"key": "room", "value": "B12"}]'`, [bandIds]);
        return r.rows[0].n;
      }, { timeout: 10_000 }).toBe(3);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the sessions as cards on a phone, in Spanish (390 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'ecosystemAdmin', width: 390, height: 844, locale: 'sp' });
    try {
      await openSessions(page, `Sesiones de ${ECOSYSTEM}`);
      const list = page.getByRole('list', { name: 'Sesiones' });
      await list.getByText('Geometry review').waitFor();
      await list.getByText('Cancelada', { exact: true }).waitFor();
      expect(await list.getByRole('listitem').count()).toBe(25);
      await check(page, 'admin-sessions-390-sp');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
