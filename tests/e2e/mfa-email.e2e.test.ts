/**
 * The e-mail code second factor in the browser (docs/decisions/0043), mail captured over SMTP: the
 * demo ecosystem admin chooses e-mailed codes on /account-settings/multi-factor-authentication at
 * phone width, confirms with the mailed code, saves the recovery codes, then logs in again with the
 * code the log-in mails. Each step is axe-clean, fits 390 px and leaves a screenshot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../infra/mail/testing/smtp-capture';
import { startE2eApp, type E2eApp } from './support/app';
import { checkPage as check } from './support/check';

const PHONE = { width: 390, height: 844 };
const PAGE = '/account-settings/multi-factor-authentication';

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

/** The 6-digit code of the `count`th mail, once it has arrived. */
async function codeFromMail(count: number): Promise<string> {
  const mail = (await smtp.waitFor(count))[count - 1];
  const match = /\b(\d{6})\b/.exec(mail.text ?? '');
  if (!match) throw new Error(`no code in: ${mail.text}`);
  return match[1];
}

describe('multi-factor authentication by e-mailed code', () => {
  it('is set up from the settings page with a mailed code, recovery codes shown once', async () => {
    const { page, context, errors } = await app.open({ ...PHONE, who: 'ecosystemAdmin' });
    try {
      await page.goto(`${app.url}${PAGE}`);
      await expect.poll(() => page.getByTestId('mfa-status').textContent()).toContain('Off');
      await check(page, 'mfa-email-off-390');
      const before = smtp.received.length;
      await page.getByRole('button', { name: 'Get codes by email' }).click();
      await page.getByText('Get log-in codes by email').waitFor();
      const code = await codeFromMail(before + 1);
      await check(page, 'mfa-email-setup-390');

      await page.getByRole('textbox', { name: '6-digit code' }).fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
      await page.getByRole('textbox', { name: '6-digit code' }).fill(code);
      await page.getByRole('button', { name: 'Confirm' }).click();
      const codes = page.getByTestId('recovery-codes').getByRole('listitem');
      await codes.first().waitFor();
      expect(await codes.count()).toBe(10);
      await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
      await page.getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => page.getByTestId('mfa-status').textContent()).toContain('a code we email to you');
      await check(page, 'mfa-email-on-390');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('then mails a code at log-in, and that code logs in', async () => {
    const demo = app.platform.demo;
    if (!demo) throw new Error('the platform was started without its demo logins');
    const { page, context, errors } = await app.open(PHONE);
    try {
      const before = smtp.received.length;
      await page.goto(`${app.url}/login`);
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(demo.ecosystemAdmin.email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.ecosystemAdmin.password);
      await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Verify your identity' }).waitFor();
      await page.getByText('We emailed you a 6-digit code').waitFor();
      const code = await codeFromMail(before + 1);
      await check(page, 'mfa-email-login-390');
      // Within the cool-down a resend is refused with the server's words; the mailed code still works.
      await page.getByRole('button', { name: 'Send a new code' }).click();
      await page.getByRole('alert').filter({ hasText: 'You can ask for another in' }).waitFor();
      await page.getByRole('textbox', { name: 'Authentication code' }).fill(code);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reads in Spanish', async () => {
    const { page, context } = await app.open({ ...PHONE, who: 'ecosystemAdmin', locale: 'sp' });
    try {
      await page.goto(`${app.url}${PAGE}`);
      await expect.poll(() => page.getByTestId('mfa-status').textContent()).toContain('le enviamos por correo');
      await check(page, 'mfa-email-on-390-es');
    } finally {
      await context.close();
    }
  });
});
