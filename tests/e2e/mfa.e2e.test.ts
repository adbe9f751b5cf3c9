/**
 * Multi-factor log-in in the browser (docs/decisions/0039): the demo ecosystem admin sets up an
 * authenticator app on /account-settings/multi-factor-authentication at phone width (the code is
 * computed here from the key the page shows, as the app would), saves the recovery codes, then
 * logs in again with a code. Each step is axe-clean, fits 390 px and leaves a screenshot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Secret, codeAt } from '../../api/auth/factors/totp';
import { startE2eApp, type E2eApp } from './support/app';
import { checkPage as check } from './support/check';
import { memberOfMfaEcosystem } from './support/mfa';

const PHONE = { width: 390, height: 844 };
const PAGE = '/account-settings/multi-factor-authentication';

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

/** axe-clean, no sideways scrolling, every control reachable; then a screenshot named `name`. */

describe('multi-factor authentication', () => {
  let secret: Buffer;

  it('is set up from the settings page: QR code, first code, recovery codes shown once', async () => {
    const { page, context, errors } = await app.open({ ...PHONE, who: 'ecosystemAdmin' });
    try {
      await page.goto(`${app.url}${PAGE}`);
      await page.getByRole('heading', { level: 1, name: 'Multi-factor authentication' }).waitFor();
      await expect.poll(() => page.getByTestId('mfa-status').textContent()).toContain('Off');
      await check(page, 'mfa-off-390');

      await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
      const key = page.getByTestId('mfa-secret');
      await key.waitFor();
      await page.getByRole('img', { name: 'QR code for setting up your authenticator app' }).waitFor();
      secret = base32Secret((await key.textContent())?.trim() ?? '');
      await check(page, 'mfa-setup-390');

      await page.getByRole('textbox', { name: '6-digit code' }).fill('000000');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
      await page.getByRole('textbox', { name: '6-digit code' }).fill(codeAt(secret, new Date()));
      await page.getByRole('button', { name: 'Confirm' }).click();
      const codes = page.getByTestId('recovery-codes').getByRole('listitem');
      await codes.first().waitFor();
      expect(await codes.count()).toBe(10);
      await check(page, 'mfa-recovery-codes-390');

      const done = page.getByRole('button', { name: 'Done' });
      expect(await done.isDisabled()).toBe(true);
      await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
      await done.click();
      await expect.poll(() => page.getByTestId('mfa-status').textContent()).toContain('On: every log-in asks');
      await page.getByText('10 recovery codes left').waitFor();
      await check(page, 'mfa-on-390');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('then asks for a code at log-in, and a code from the app logs in', async () => {
    const demo = app.platform.demo;
    if (!demo) throw new Error('the platform was started without its demo logins');
    const { page, context, errors } = await app.open(PHONE);
    try {
      await page.goto(`${app.url}/login`);
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(demo.ecosystemAdmin.email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.ecosystemAdmin.password);
      await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Verify your identity' }).waitFor();
      await check(page, 'mfa-login-code-390');

      await page.getByRole('textbox', { name: 'Authentication code' }).fill('123456');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
      // The set-up used this step's code: the app's next code (one step ahead, inside the drift window).
      await page.getByRole('textbox', { name: 'Authentication code' }).fill(codeAt(secret, new Date(Date.now() + 30_000)));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL(`${app.url}/`);
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
      await page.getByRole('heading', { level: 1, name: 'Autenticación multifactor' }).waitFor();
      await page.getByText('Le quedan 10 códigos de recuperación').waitFor();
      await check(page, 'mfa-on-390-es');
    } finally {
      await context.close();
    }
  });

  it('turns off with the password at desktop width (a wrong one refused)', async () => {
    const demo = app.platform.demo;
    if (!demo) throw new Error('the platform was started without its demo logins');
    const { page, context, errors } = await app.open({ width: 1280, height: 900, who: 'ecosystemAdmin' });
    try {
      await page.goto(`${app.url}${PAGE}`);
      await page.getByRole('button', { name: 'Turn off' }).click();
      await page.getByText('Turn off multi-factor authentication').waitFor();
      await page.getByLabel('Or your password').fill('not the password');
      await page.getByRole('button', { name: 'Turn off' }).click();
      await page.getByRole('alert').filter({ hasText: 'Your current password is incorrect.' }).waitFor();
      await check(page, 'mfa-turn-off-1280');
      await page.getByLabel('Or your password').fill(demo.ecosystemAdmin.password);
      await page.getByRole('button', { name: 'Turn off' }).click();
      await expect.poll(() => page.getByTestId('mfa-status').textContent()).toContain('Off');
      await check(page, 'mfa-off-1280');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('is set up inside the log-in when the person\'s ecosystem requires it', async () => {
    const member = { email: 'mfa.member@demo.example.org', password: 'a member passphrase', firstName: 'Mo', lastName: 'Member' };
    await memberOfMfaEcosystem(app, member);

    const { page, context, errors } = await app.open(PHONE);
    try {
      await page.goto(`${app.url}/login`);
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(member.email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password);
      await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Set up multi-factor authentication' }).waitFor();
      await page.getByRole('button', { name: 'An authenticator app' }).click();
      const key = page.getByTestId('mfa-secret');
      await key.waitFor();
      const own = base32Secret((await key.textContent())?.trim() ?? '');
      await check(page, 'mfa-login-setup-390');
      await page.getByRole('textbox', { name: '6-digit code' }).fill(codeAt(own, new Date()));
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByTestId('recovery-codes').getByRole('listitem').first().waitFor();
      await check(page, 'mfa-login-recovery-codes-390');
      await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('changes the password on /account-settings/password, refusing a wrong current one and a leaked new one', async () => {
    const demo = app.platform.demo;
    if (!demo) throw new Error('the platform was started without its demo logins');
    const { page, context, errors } = await app.open({ ...PHONE, who: 'ecosystemAdmin' });
    try {
      await page.goto(`${app.url}/account-settings/password`);
      await page.getByRole('heading', { level: 1, name: 'Password' }).waitFor();
      const current = page.getByRole('textbox', { name: 'Current password', exact: true });
      const next = page.getByRole('textbox', { name: 'New password', exact: true });
      const retyped = page.getByRole('textbox', { name: 'Type the new password again', exact: true });
      await current.fill('not the password');
      await next.fill('a brand new passphrase');
      await retyped.fill('a brand new passphrase');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByRole('alert').filter({ hasText: 'Your current password is incorrect.' }).waitFor();
      await current.fill(demo.ecosystemAdmin.password);
      await next.fill('password123');
      await retyped.fill('password123');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByRole('alert').filter({ hasText: 'too common' }).waitFor();
      await check(page, 'password-refused-390');
      await next.fill('a brand new passphrase');
      await retyped.fill('a brand new passphrase');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Your password was changed.').waitFor();
      expect(await current.inputValue()).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
