/**
 * Invitations in the browser (docs/decisions/0040): the demo ecosystem admin invites a person from
 * the invite page; the e-mail reaches a local SMTP server; the admin sends it again from the list of pending
 * invitations; the person opens the newest link, chooses a
 * password (typed twice) and is logged in; the used link, and a mistyped one, show "This Invite
 * Link Is Invalid" (also in Spanish). A CSV file with a bad row imports nothing and lists the
 * problem; the fixed file invites everyone. A file of 300 rows is invited by a background job whose
 * progress shows on the page, also after leaving it and coming back, until every e-mail is sent.
 * Each page is axe-clean, fits 390 px and leaves screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../../api/relay';
import { startSmtpCapture, type SmtpCapture } from '../../infra/mail/testing/smtp-capture';
import { startE2eApp, type E2eApp } from './support/app';
import { checkPage as check } from './support/check';
import { linkMailedTo } from './support/mail';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const INVITEE = 'nora.newcomer@example.com';

let app: E2eApp;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await startE2eApp({ SMTP_URL: smtp.url });
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await smtp?.close();
});

/** The path of the invite link in the `count`-th mail to `to` (the link's host is the server's own). */
const joinPath = (to: string, count: number) => linkMailedTo(smtp, { to, path: /\/join\/[A-Za-z0-9_-]{43}/, nth: count });

describe('invitations', () => {
  let link = '';

  it('an admin invites a person from the invite page', async () => {
    const ecosystemId = toGlobalId('Ecosystem', app.platform.demo!.ecosystemId);
    const { page, context, errors } = await app.open({ ...PHONE, who: 'ecosystemAdmin' });
    try {
      await page.goto(`${app.url}/admin/ecosystems/${ecosystemId}/invite`);
      await page.getByRole('heading', { level: 1, name: /^Invite people to / }).waitFor();
      await page.getByRole('button', { name: 'Send the invitation', exact: true }).click();
      await page.getByText('Enter a valid email address.').waitFor();
      await check(page, 'invite-form-errors-390');
      await page.getByRole('textbox', { name: 'Email' }).fill(INVITEE);
      await page.getByRole('textbox', { name: 'First name' }).fill('Nora');
      await page.getByRole('textbox', { name: 'Last name' }).fill('Newcomer');
      await page.getByRole('button', { name: 'Send the invitation', exact: true }).click();
      await page.getByText(`Invitation sent to ${INVITEE}.`).waitFor();
      await check(page, 'invite-form-sent-390');
      const first = await joinPath(INVITEE, 1);
      // The new invitation waits in the list below; sending it again replaces its link.
      await page.getByRole('button', { name: 'Send again to Nora Newcomer' }).click();
      await page.getByText(`A new link was sent to ${INVITEE}; the earlier one no longer works.`).waitFor();
      await page.getByText('Sent 2 times').waitFor();
      await check(page, 'invite-pending-390');
      link = await joinPath(INVITEE, 2);
      expect(link).not.toBe(first);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the person opens the link, chooses a password and is logged in; the link then is invalid', async () => {
    const { page, context, errors } = await app.open(PHONE);
    try {
      await page.goto(`${app.url}${link}`);
      await page.getByRole('heading', { level: 1, name: /^Join / }).waitFor();
      await page.getByText('n•••@example.com', { exact: false }).waitFor();
      await check(page, 'join-390');
      await page.getByLabel('Choose a password').fill('violet-harbour-lantern-42');
      await page.getByLabel('Type the password again').fill('violet-harbour-lantern-41');
      await page.getByRole('button', { name: 'Activate my account' }).click();
      await page.getByText('The two passwords are not the same.').waitFor();
      await check(page, 'join-mismatch-390');
      await page.getByLabel('Type the password again').fill('violet-harbour-lantern-42');
      await page.getByRole('button', { name: 'Activate my account' }).click();
      await page.waitForURL(`${app.url}/`);
      await expect.poll(() => page.evaluate(() => window.localStorage.getItem('accessToken'))).toBeTruthy();

      await page.goto(`${app.url}${link}`);
      await page.getByRole('heading', { level: 1, name: 'This Invite Link Is Invalid' }).waitFor();
      await page.getByText('may already have been used, or it may have been mistyped').waitFor();
      await check(page, 'join-invalid-390');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an admin imports a CSV file: a bad row imports nothing and is listed; the fixed file invites everyone', async () => {
    const ecosystemId = toGlobalId('Ecosystem', app.platform.demo!.ecosystemId);
    const { page, context, errors } = await app.open({ ...PHONE, who: 'ecosystemAdmin' });
    const file = (rows: string[]) => ({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(['email,firstName,lastName,role', ...rows].join('\n')) });
    try {
      await page.goto(`${app.url}/admin/ecosystems/${ecosystemId}/invite`);
      await page.getByRole('heading', { level: 2, name: 'Invite from a file' }).waitFor();
      await page.locator('input[type="file"]').setInputFiles(file(['csv.one@example.com,Cas,One,STUDENT', `${INVITEE},Nora,Again,STUDENT`]));
      await page.getByRole('button', { name: 'Check and send the invitations' }).click();
      await page.getByText('Nothing was imported: 1 problem to fix').waitFor();
      await page.getByText('Row 3, email: This person is already a member of this ecosystem.').waitFor();
      await check(page, 'invite-file-problems-390');
      await page.locator('input[type="file"]').setInputFiles(file(['csv.one@example.com,Cas,One,STUDENT', 'csv.two@example.com,Cas,Two,PARENT']));
      await page.getByRole('button', { name: 'Check and send the invitations' }).click();
      await page.getByText('2 invitations sent.').waitFor();
      await check(page, 'invite-file-sent-390');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  /** The same job's result on the page in Spanish at desktop width (another browser: the job's id is stored there by hand). */
  async function inSpanish(ecosystemId: string, jobId: string | null): Promise<void> {
    expect(jobId).toBeTruthy();
    const { page, context, errors } = await app.open({ ...DESKTOP, who: 'ecosystemAdmin', locale: 'sp' });
    try {
      await page.goto(`${app.url}/admin/ecosystems/${ecosystemId}/invite`);
      await page.evaluate(([key, id]) => window.localStorage.setItem(key, id), [`invite-file-job:${ecosystemId}`, jobId ?? '']);
      await page.reload();
      await page.getByText('300 invitaciones enviadas.').waitFor();
      await check(page, 'invite-file-job-done-es-1280');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }

  it('an admin imports a file of 300 rows: its progress shows, survives leaving the page, and everyone is mailed', async () => {
    const ecosystemId = toGlobalId('Ecosystem', app.platform.demo!.ecosystemId);
    const { page, context, errors } = await app.open({ ...PHONE, who: 'ecosystemAdmin' });
    const rows = Array.from({ length: 300 }, (_, i) => `bulk.${i}@example.com,Bulk,Person ${i},${i % 2 ? 'PARENT' : 'STUDENT'}`);
    const file = { name: 'many.csv', mimeType: 'text/csv', buffer: Buffer.from(['email,firstName,lastName,role', ...rows].join('\n')) };
    try {
      await page.goto(`${app.url}/admin/ecosystems/${ecosystemId}/invite`);
      await page.getByRole('heading', { level: 2, name: 'Invite from a file' }).waitFor();
      await page.locator('input[type="file"]').setInputFiles(file);
      await page.getByRole('button', { name: 'Check and send the invitations' }).click();
      await page.getByText(/^Inviting \d+ of 300$/).waitFor({ timeout: 60_000 });
      await check(page, 'invite-file-job-progress-390');
      // Leave the page and come back: the job is found again, still running or already done.
      await page.goto(`${app.url}/`);
      await page.goto(`${app.url}/admin/ecosystems/${ecosystemId}/invite`);
      await page.getByText(/^Inviting \d+ of 300$|^300 invitations sent\.$/).waitFor({ timeout: 60_000 });
      await page.getByText('300 invitations sent.').waitFor({ timeout: 180_000 });
      await check(page, 'invite-file-job-done-390');
      await inSpanish(ecosystemId, await page.evaluate((key) => window.localStorage.getItem(key), `invite-file-job:${ecosystemId}`));
      await expect.poll(() => new Set(smtp.received.map((m) => JSON.stringify(m.to ?? '')).filter((to) => to.includes('bulk.'))).size,
        { timeout: 120_000, interval: 500 }).toBe(300);
      await page.getByRole('button', { name: 'Close' }).click();
      await page.getByText('300 invitations sent.').waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 420_000);

  it('a mistyped link shows the invalid page, in Spanish too and at desktop width', async () => {
    const { page, context, errors } = await app.open({ ...DESKTOP, locale: 'sp' });
    try {
      await page.goto(`${app.url}/join/${'x'.repeat(43)}`);
      await page.getByRole('heading', { level: 1, name: 'Este enlace de invitación no es válido' }).waitFor();
      await check(page, 'join-invalid-es-1280');
      await page.goto(`${app.url}/join`);
      await page.getByRole('heading', { level: 1, name: 'Este enlace de invitación no es válido' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
