/**
 * In-app notifications in the browser (docs/decisions/0073), as the seeded ecosystem admin gets
 * them: notifications posted through the command bus (as the notification reactor posts them)
 * change the header's bell count and show as toasts, at most 3 at once, without a reload; the list
 * at /notifications renders each in the reader's language and the notification's zone; marking one
 * and then all read brings the count down. Another person's notification never shows. English at
 * 1280 px, Spanish at 390 px, axe-clean. Screenshots go to dist/e2e-screenshots.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTestNotification } from '../../api/notifications/testing';
import { startE2eApp, type E2eApp } from './support/app';
import { checkPage as check, SCREENSHOTS } from './support/check';

let app: E2eApp;
let adminId: string;
let platformAdminId: string;

const PARAMS = { sessionSubject: 'Algebra', startAt: '2026-11-24T15:00:00.000Z', timeZoneId: 'America/New_York' };

beforeAll(async () => {
  app = await startE2eApp();
  const viewerOf = async (who: 'ecosystemAdmin' | 'platformAdmin') => (await app.platform.services.auth.authenticate(await app.token(who)))!.userId;
  adminId = await viewerOf('ecosystemAdmin');
  platformAdminId = await viewerOf('platformAdmin');
});
afterAll(async () => { await app?.stop(); });

const post = (recipientUserId: string, kind: string, params: Record<string, string> = PARAMS) =>
  postTestNotification(app.platform.services, { recipientUserId, ecosystemId: app.platform.demo!.ecosystemId, kind, params, link: '/sessions' });

const bell = (page: Page, name: string | RegExp) => page.getByRole('link', { name });
const visibleToasts = (page: Page) => page.locator('.mantine-Notification-root').count();

/** Toasts close by themselves after a few seconds; one sliding in or out is partly off screen, so checks wait for none. */
async function toastsGone(page: Page): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await visibleToasts(page)) > 0) {
    if (Date.now() > deadline) throw new Error('toasts still showing after 15 s');
    await page.waitForTimeout(200);
  }
}

describe('in-app notifications', () => {
  it('count up live in the bell, toast at most 3 at once, and are read from the list (English, 1280 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'ecosystemAdmin', width: 1280 });
    try {
      await page.goto(`${app.url}/`);
      await bell(page, 'Notifications, none unread').waitFor();
      // Give the stream its moment to open (its "connected" line) before posting.
      await page.waitForTimeout(500);

      await post(adminId, 'SESSION_CANCELLED');
      await bell(page, 'Notifications, 1 unread').waitFor();
      await page.getByText('Session cancelled: Algebra, Tue, Nov 24, 10:00 AM EST.').waitFor();
      await post(platformAdminId, 'SESSION_BOOKED');
      for (const kind of ['SESSION_BOOKED', 'SESSION_MOVED', 'SESSION_REMINDER', 'FEEDBACK_REQUESTED']) await post(adminId, kind);
      await bell(page, 'Notifications, 5 unread').waitFor();
      // Four new toasts came while the first may still show: never more than 3 at once.
      for (let i = 0; i < 10; i++) {
        expect(await visibleToasts(page)).toBeLessThanOrEqual(3);
        await page.waitForTimeout(100);
      }
      await check(page, 'notifications-bell-1280-en');

      await bell(page, 'Notifications, 5 unread').click();
      await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
      await page.getByText('5 unread').waitFor();
      const items = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
      await expect(items.count()).resolves.toBe(5);
      // Newest first, each in words; the platform admin's notification is not among them.
      await expect(items.first().textContent()).resolves.toContain('Please give your feedback on Algebra, Tue, Nov 24, 10:00 AM EST.');
      await expect(items.last().textContent()).resolves.toContain('Session cancelled: Algebra');
      await toastsGone(page);
      await check(page, 'notifications-list-1280-en');

      await page.getByRole('button', { name: 'Mark read: Session cancelled: Algebra, Tue, Nov 24, 10:00 AM EST.' }).click();
      await page.getByText('4 unread').waitFor();
      await bell(page, 'Notifications, 4 unread').waitFor();
      await page.getByRole('button', { name: 'Mark all read' }).click();
      await page.getByText('Nothing unread').waitFor();
      await bell(page, 'Notifications, none unread').waitFor();
      await expect(page.getByRole('button', { name: /^Mark read/ }).count()).resolves.toBe(0);

      // While the list is open, a new one joins it at the top without a reload.
      await post(adminId, 'SESSION_RESTORED');
      await page.getByText('1 unread').waitFor();
      await expect(items.first().textContent()).resolves.toContain('Session back on: Algebra');
      await toastsGone(page);
      await check(page, 'notifications-list-read-1280-en');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reads in Spanish on a phone, in the notification\'s zone (390 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'ecosystemAdmin', width: 390, height: 844, locale: 'sp' });
    try {
      await page.goto(`${app.url}/notifications`);
      await page.getByRole('heading', { level: 1, name: 'Notificaciones' }).waitFor();
      await page.getByText('1 sin leer').waitFor();
      await page.waitForTimeout(500);
      await post(adminId, 'SESSION_MOVED', { ...PARAMS, timeZoneId: 'Europe/Madrid' });
      await page.getByText('2 sin leer').waitFor();
      const first = page.getByRole('list', { name: 'Notificaciones' }).getByRole('listitem').first();
      await expect(first.textContent()).resolves.toMatch(/Sesión cambiada de hora: Algebra es ahora .*16:00/);
      await bell(page, 'Notificaciones, 2 sin leer').waitFor();
      // The new one's toast, in Spanish too (a full-page capture leaves fixed toasts out: this one shows the screen).
      await page.locator('.mantine-Notification-root').getByText('Sesión cambiada de hora: Algebra es ahora', { exact: false }).waitFor();
      await check(page, 'notifications-toast-390-sp');
      await page.screenshot({ path: path.join(SCREENSHOTS, 'notifications-toast-390-sp-screen.png') });
      await toastsGone(page);
      await check(page, 'notifications-list-390-sp');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
