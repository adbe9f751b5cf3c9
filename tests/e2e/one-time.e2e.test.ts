/**
 * One-time links in the browser (docs/decisions/0042): the e-mail verification link opened at
 * phone width, in English and Spanish, and the page without a token; a forgotten password reset
 * end to end, from the log-in page through the mail to logging in with the new password, and from an
 * ecosystem's log-in page, whose name the mail then bears. Mail is
 * captured by a local SMTP server; each page is axe-clean, fits 390 px and leaves a screenshot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Secret, codeAt } from '../../api/auth/factors/totp';
import { ensureUser } from '../../api/auth/seed';
import { DEMO_PROFILE_ID } from '../../api/seed';
import { requestEmailVerification } from '../../api/auth/one-time/verify-email';
import { contextFor } from '../../api/request-context';
import { startSmtpCapture, type SmtpCapture } from '../../infra/mail/testing/smtp-capture';
import { loadAccount } from '../../projections/users';
import { startE2eApp, type E2eApp } from './support/app';
import { checkPage as check } from './support/check';

const PHONE = { width: 390, height: 844 };
const PASSWORD = 'one-time e2e password';

let app: E2eApp;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await startE2eApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://app.example.org' });
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await smtp?.close();
});

/** The path and query of the newest mail's link to `route`, to open on the test's own address. */
async function linkFromMail(count: number, route: string): Promise<string> {
  const mail = (await smtp.waitFor(count))[count - 1];
  const match = new RegExp(`https://app\\.example\\.org(${route}[^\\s<>"]+)`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${route} link in: ${mail.text}`);
  return match[1];
}

function anonymousContext() {
  const headers = { bearer: null, platformMode: null, ecosystemProfileId: null, reviewAppSecret: null, idempotencyKey: null };
  return contextFor(app.platform.services, { viewer: null, headers, cookies: { get: () => undefined, set: () => undefined, clear: () => undefined },
    requestId: crypto.randomUUID(), clientIp: '127.0.0.1' });
}

describe('e-mail verification link', () => {
  for (const [locale, language, heading, done] of [
    ['en', 'en', 'Confirm your email address', 'Email address confirmed'],
    ['sp', 'es', 'Confirme su dirección de correo', 'Dirección de correo confirmada'],
  ] as const) {
    it(`confirms the address at 390 px (${locale}) and takes the token out of the address bar`, async () => {
      const email = `vera.${locale}@example.com`;
      const { userId } = await ensureUser(app.platform.services, { email, password: PASSWORD, firstName: 'Vera', lastName: 'Fied' });
      await requestEmailVerification(anonymousContext(), { userId, ecosystemId: null, language });
      const link = await linkFromMail(smtp.received.length + 1, '/verify/email');
      const { page, context, errors } = await app.open({ ...PHONE, locale });
      try {
        await page.goto(`${app.url}${link}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.getByText(done).waitFor();
        expect(new URL(page.url()).search).toBe('');
        await check(page, `verify-email-done-${locale}-390`);
        expect((await loadAccount(app.platform.services.apiPool, userId))?.emailVerified).toBe(true);

        await page.goto(`${app.url}/verify/email?token=${'A'.repeat(43)}`);
        await page.getByRole('alert').waitFor();
        await check(page, `verify-email-invalid-${locale}-390`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('without a token says where the link is', async () => {
    const { page, context } = await app.open(PHONE);
    try {
      await page.goto(`${app.url}/verify/email`);
      await page.getByRole('alert').filter({ hasText: 'This page needs the link from your email.' }).waitFor();
      await page.getByRole('link', { name: 'Go to log-in' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('forgotten password', () => {
  it('asks for a link on the log-in page, sets a new password from the mail, ends the old session and logs in with it', async () => {
    const email = 'rhea.browser@example.com';
    await ensureUser(app.platform.services, { email, password: PASSWORD, firstName: 'Rhea', lastName: 'Browser' });
    const oldSession = await app.platform.services.auth.login(email, PASSWORD);
    const { page, context, errors } = await app.open(PHONE);
    try {
      await page.goto(`${app.url}/login`);
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
      await check(page, 'forgot-password-390');
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      const mailsBefore = smtp.received.length;
      await page.getByRole('button', { name: 'Send the link' }).click();
      await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
      await check(page, 'forgot-password-sent-390');

      const link = await linkFromMail(mailsBefore + 1, '/reset-password/');
      await page.goto(`${app.url}${link}`);
      await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
      const newPassword = page.getByRole('textbox', { name: 'New password', exact: true });
      await newPassword.waitFor();
      await check(page, 'reset-password-390');
      await newPassword.fill('password123');
      await page.getByRole('textbox', { name: 'Type the new password again', exact: true }).fill('password123');
      await page.getByRole('button', { name: 'Save the new password' }).click();
      await page.getByRole('alert').waitFor();
      await check(page, 'reset-password-refused-390');
      await newPassword.fill('a fresh and quite long passphrase');
      await page.getByRole('textbox', { name: 'Type the new password again', exact: true }).fill('a fresh and quite long passphrase');
      await page.getByRole('button', { name: 'Save the new password' }).click();
      await page.getByText('Your password was changed.').waitFor();
      await check(page, 'reset-password-done-390');
      await expect(app.platform.services.auth.refresh(oldSession.tokens?.refreshToken ?? '')).rejects.toThrow();

      await page.getByRole('link', { name: 'Back to log-in' }).click();
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a fresh and quite long passphrase');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((url) => url.pathname === '/');

      await page.goto(`${app.url}${link}`);
      await page.getByText('This link does not work').waitFor();
      await check(page, 'reset-password-used-390');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("forgotten password from an ecosystem's log-in page", () => {
  it('passes the ecosystem on: the mail bears its name, and the page leads back to its log-in', async () => {
    const demo = app.platform.demo;
    if (!demo) throw new Error('the platform was started without its demo logins');
    const email = 'rhea.ecosystem@example.com';
    await ensureUser(app.platform.services, { email, password: PASSWORD, firstName: 'Rhea', lastName: 'Eco', roles: [{ ecosystemId: demo.ecosystemId, role: 'MEMBER' }] });
    const { page, context, errors } = await app.open(PHONE);
    try {
      await page.goto(`${app.url}/s/${DEMO_PROFILE_ID}/login`);
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
      expect(new URL(page.url()).searchParams.get('ecosystem')).toBe(DEMO_PROFILE_ID);
      await check(page, 'forgot-password-ecosystem-390');
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      const mailsBefore = smtp.received.length;
      await page.getByRole('button', { name: 'Send the link' }).click();
      await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
      const mail = (await smtp.waitFor(mailsBefore + 1))[mailsBefore];
      expect(mail.subject).toBe('Riverside Unified School District: reset your password');
      expect(mail.text).toContain('your Riverside Unified School District account');
      await page.getByRole('link', { name: 'Back to log-in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Log in to Riverside Unified School District' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('forgotten password in Spanish', () => {
  it('asks for the link and says when a link does not work, at 390 px', async () => {
    const { page, context, errors } = await app.open({ ...PHONE, locale: 'sp' });
    try {
      await page.goto(`${app.url}/forgot-password`);
      await page.getByRole('heading', { level: 1, name: 'Restablezca su contraseña' }).waitFor();
      await check(page, 'forgot-password-sp-390');
      await page.goto(`${app.url}/reset-password/${'A'.repeat(43)}`);
      await page.getByText('Este enlace no funciona').waitFor();
      await page.getByRole('link', { name: 'Pedir un enlace nuevo' }).waitFor();
      await check(page, 'reset-password-invalid-sp-390');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('log-in link', () => {
  it('is asked for on the log-in page and logs in once, after a press of the button', async () => {
    const email = 'lin.browser@example.com';
    await ensureUser(app.platform.services, { email, password: PASSWORD, firstName: 'Lin', lastName: 'Browser' });
    const { page, context, errors } = await app.open({ ...PHONE, locale: 'sp' });
    try {
      await page.goto(`${app.url}/login`);
      await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
      const mailsBefore = smtp.received.length;
      await page.getByRole('button', { name: 'Enviarme un enlace de acceso' }).click();
      await page.getByRole('status').filter({ hasText: 'ya va en camino un enlace para iniciar sesión' }).waitFor();
      await check(page, 'login-link-asked-sp-390');

      const link = await linkFromMail(mailsBefore + 1, '/login/');
      await page.goto(`${app.url}${link}`);
      await page.getByRole('heading', { level: 1, name: 'Inicie sesión con su enlace' }).waitFor();
      await check(page, 'login-link-sp-390');
      await page.getByRole('button', { name: 'Iniciar sesión' }).last().click();
      await page.waitForURL((url) => url.pathname === '/');

      await page.goto(`${app.url}${link}`);
      await page.getByRole('button', { name: 'Iniciar sesión' }).last().click();
      await page.getByRole('alert').filter({ hasText: 'Este enlace no es válido o ha caducado.' }).waitFor();
      await check(page, 'login-link-used-sp-390');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('new recovery codes', () => {
  it('are shown once on the multi-factor page after the password, and the count shows them', async () => {
    const email = 'rex.browser@example.com';
    const { auth } = app.platform.services;
    await ensureUser(app.platform.services, { email, password: PASSWORD, firstName: 'Rex', lastName: 'Browser' });
    const account = (await loadAccount(app.platform.services.apiPool, (await auth.login(email, PASSWORD)).user.id))!;
    const run = auth.runAs(account);
    const owner = { id: account.id, email, roles: [] };
    const enrolment = await auth.mfa.startTotp(owner, run);
    await auth.mfa.confirmTotp(owner, codeAt(base32Secret(enrolment.secret), new Date()), crypto.randomUUID(), '127.0.0.1', run);
    const session = await auth.loginMfa((await auth.login(email, PASSWORD)).userIdToken, (await auth.mfa.regenerateRecoveryCodes(owner, 'seed', run))[0]);
    const { page, context, errors } = await app.open({ ...PHONE, accessToken: session.tokens.accessToken });
    try {
      await page.goto(`${app.url}/account-settings/multi-factor-authentication`);
      await page.getByText('9 recovery codes left').waitFor();
      await page.getByRole('button', { name: 'New recovery codes' }).click();
      await page.getByText('Get new recovery codes').waitFor();
      await check(page, 'mfa-regenerate-390');
      await page.getByLabel('Or your password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Get new codes' }).click();
      const codes = page.getByTestId('recovery-codes').getByRole('listitem');
      await codes.first().waitFor();
      expect(await codes.count()).toBe(10);
      await check(page, 'mfa-regenerated-codes-390');
      await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
      await page.getByRole('button', { name: 'Done' }).click();
      await page.getByText('10 recovery codes left').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
