/**
 * Issue 7's browser journeys, each walked in ONE test as a person clicks it, at 390 and 1280 px,
 * with checkPage (screenshot, no sideways scroll, every control reachable, axe-core) on every page
 * it passes. Where the other e2e files already prove a journey whole, they are named here instead:
 *   (a) invite -> activate -> log in with TOTP -> Spanish -> log out: only in pieces elsewhere
 *       (invitations, mfa, account-settings, admin-flow), so whole here, at both widths;
 *   (e) the invalid invite link: the same person opens their used link again (and a mistyped one)
 *       at the end of (a), at both widths (invitations.e2e also has it at 390 and 1280 px);
 *   (d) reset password: one-time.e2e walks it whole at 390 px; here at 1280 px;
 *   (c) SSO through the local OpenID and SAML providers, linking to an existing account by its
 *       e-mail: sso.e2e at 390 px (the demo admin); here at 1280 px (a member), both providers;
 *   (b) sign-up with e-mail verification and approval: signup.e2e at 390 px (the link read from
 *       the recorded message); here at 1280 px, the link from the captured mail;
 *   (f) a parent sees their child and not another family's: students.e2e at 1280 and 390 px.
 * Mail comes from a local SMTP server; TOTP codes are computed from the key the page shows.
 * Screenshots: dist/e2e-screenshots/journey-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Secret, codeAt } from '../../api/auth/factors/totp';
import { ensureUser, SYSTEM_ACTOR } from '../../api/auth/seed';
import { toGlobalId } from '../../api/relay';
import { DEMO_PROFILE_ID } from '../../api/seed';
import { editEcosystem } from '../../domain/ecosystem/handlers';
import { startSmtpCapture, type SmtpCapture } from '../../infra/mail/testing/smtp-capture';
import { startE2eApp, type E2eApp } from './support/app';
import { checkPage } from './support/check';
import { linkMailedTo } from './support/mail';
import { approveApplication, applyAsTutor, logIn, signUpAsTutor, type Person } from './support/journeys';
import { SAML_DISTRICT, startSsoProviders, type SsoProviders } from './support/sso';

const SIZES = [{ width: 390, height: 844 }, { width: 1280, height: 900 }] as const;
const JOIN_LINK = /\/join\/[A-Za-z0-9_-]{43}/;
const RESET_LINK = /\/reset-password\/[A-Za-z0-9_-]+/;
const VERIFY_LINK = /\/verify\/email\?token=[A-Za-z0-9_-]+/;
const DESKTOP = SIZES[1];

let app: E2eApp;
let smtp: SmtpCapture;
let sso: SsoProviders;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await startE2eApp({ SMTP_URL: smtp.url });
  sso = await startSsoProviders(app);
  // Sign-up as a tutor confirms the address and waits for an admin's approval.
  await app.platform.services.bus.dispatch(editEcosystem, {
    ecosystemId: app.platform.demo!.ecosystemId,
    changes: { customSignupConfig: { tutor: { enabled: true, emailVerificationEnabled: true, approvalProcessEnabled: true }, parent: { enabled: true } } },
  }, { actor: SYSTEM_ACTOR, commandId: crypto.randomUUID(), now: new Date().toISOString() });
}, 240_000);

afterAll(async () => {
  await sso?.stop();
  await app?.stop();
  await smtp?.close();
});

/** A person with a password account, a member of the demo ecosystem in `role`. */
async function member(email: string, firstName: string, role: 'STUDENT' | 'PARENT'): Promise<Person> {
  const person: Person = { email, firstName, lastName: 'Journey', password: `${firstName} walks the whole way` };
  await ensureUser(app.platform.services, { ...person, roles: [{ ecosystemId: app.platform.demo!.ecosystemId, role }] });
  return person;
}

/** The admin sends one invitation from the ecosystem's invite page; answers the link mailed to the person. */
async function invite(page: Page, person: Person, shot: string): Promise<string> {
  const ecosystemId = toGlobalId('Ecosystem', app.platform.demo!.ecosystemId);
  await page.goto(`${app.url}/admin/ecosystems/${ecosystemId}/invite`);
  await page.getByRole('heading', { level: 1, name: /^Invite people to / }).waitFor();
  await checkPage(page, `${shot}-invite`);
  await page.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await page.getByRole('textbox', { name: 'First name' }).fill(person.firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(person.lastName);
  await page.getByRole('button', { name: 'Send the invitation', exact: true }).click();
  await page.getByText(`Invitation sent to ${person.email}.`).waitFor();
  await checkPage(page, `${shot}-invite-sent`);
  return linkMailedTo(smtp, { to: person.email, path: JOIN_LINK });
}

/** /join/:token: the password typed twice activates the account and signs the person in. */
async function activate(page: Page, link: string, person: Person, shot: string): Promise<void> {
  await page.goto(`${app.url}${link}`);
  await page.getByRole('heading', { level: 1, name: /^Join / }).waitFor();
  await checkPage(page, `${shot}-join`);
  await page.getByLabel('Choose a password').fill(person.password);
  await page.getByLabel('Type the password again').fill(person.password);
  await page.getByRole('button', { name: 'Activate my account' }).click();
  await page.waitForURL(`${app.url}/`);
  await page.getByText(`You are signed in as ${person.email}.`).waitFor();
  await checkPage(page, `${shot}-home`);
}

/** From the home page to the multi-factor page: an authenticator app set up, recovery codes shown once. */
async function enrolTotp(page: Page, shot: string): Promise<Buffer> {
  await page.getByRole('link', { name: 'Multi-factor authentication' }).click();
  await page.getByRole('heading', { level: 1, name: 'Multi-factor authentication' }).waitFor();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const key = page.getByTestId('mfa-secret');
  await key.waitFor();
  await page.getByRole('img', { name: 'QR code for setting up your authenticator app' }).waitFor();
  const secret = base32Secret((await key.textContent())?.trim() ?? '');
  await checkPage(page, `${shot}-mfa-setup`);
  await page.getByRole('textbox', { name: '6-digit code' }).fill(codeAt(secret, new Date()));
  await page.getByRole('button', { name: 'Confirm' }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await codes.first().waitFor();
  expect(await codes.count()).toBe(10);
  await checkPage(page, `${shot}-mfa-recovery-codes`);
  await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByText('10 recovery codes left').waitFor();
  // Shown once: after a reload only their number is left.
  await page.reload();
  await page.getByText('10 recovery codes left').waitFor();
  expect(await page.getByTestId('recovery-codes').count()).toBe(0);
  await checkPage(page, `${shot}-mfa-on`);
  return secret;
}

/** The header's log-out control, then the home page's way to the log-in page. */
async function logOutToLogin(page: Page, words: { logOut: string; home: string; toLogin: string; loginTitle: string }, shot: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: words.logOut }).click();
  await page.waitForURL(`${app.url}/`);
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('accessToken'))).toBeNull();
  await page.getByRole('heading', { level: 1, name: words.home }).waitFor();
  await checkPage(page, `${shot}-logged-out`);
  await page.getByRole('main').getByRole('link', { name: words.toLogin }).click();
  await page.getByRole('heading', { level: 1, name: words.loginTitle }).waitFor();
}

/** Password, then the authenticator app's code (the next one: set-up spent this step's). */
async function logInWithTotp(page: Page, person: Person, secret: Buffer, shot: string): Promise<void> {
  await logOutToLogin(page, { logOut: 'Log out', home: 'Welcome', toLogin: 'Log in to continue', loginTitle: 'Log in' }, shot);
  await checkPage(page, `${shot}-login`);
  await logIn(page, person);
  await page.getByRole('heading', { level: 1, name: 'Verify your identity' }).waitFor();
  await checkPage(page, `${shot}-login-code`);
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(codeAt(secret, new Date(Date.now() + 30_000)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(`${app.url}/`);
  await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
}

/** Spanish chosen at /account-settings; the other pages then read in Spanish too. */
async function switchToSpanish(page: Page, shot: string): Promise<void> {
  await page.getByRole('main').getByRole('link', { name: 'Account settings' }).click();
  await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
  await page.getByRole('combobox', { name: 'Language of the app and of the messages we send you' }).selectOption('sp');
  await page.getByRole('heading', { level: 1, name: 'Configuración de la cuenta' }).waitFor();
  await page.getByText('La aplicación ahora está en español.').waitFor();
  // The invite link reached the address: nothing asks the person to verify it again.
  await page.getByRole('region', { name: 'Datos de contacto' }).getByText('Verificado', { exact: true }).waitFor();
  await checkPage(page, `${shot}-settings-es`);
  await page.getByRole('main').getByRole('link', { name: 'Autenticación multifactor' }).click();
  await page.getByRole('heading', { level: 1, name: 'Autenticación multifactor' }).waitFor();
  await page.getByText('Le quedan 10 códigos de recuperación').waitFor();
  await checkPage(page, `${shot}-mfa-es`);
}

describe.each(SIZES)('identity journeys at $width px', (size) => {
  const shot = (journey: string) => `journey-${journey}-${size.width}`;

  it('(a) invite -> activate -> log in with TOTP -> Spanish -> log out; (e) the used and a mistyped invite link are invalid', async () => {
    const person: Person = {
      email: `ivy.invitee.${size.width}@example.com`, firstName: 'Ivy', lastName: `Invitee${size.width}`, password: `violet-harbour-lantern-${size.width}`,
    };
    const admin = await app.open({ ...size, who: 'ecosystemAdmin' });
    const link = await invite(admin.page, person, shot('a')).finally(() => admin.context.close());
    expect(admin.errors).toEqual([]);

    const { page, context, errors } = await app.open(size);
    try {
      await activate(page, link, person, shot('a'));
      const secret = await enrolTotp(page, shot('a'));
      await page.getByRole('banner').getByRole('link', { name: 'Home' }).click();
      await logInWithTotp(page, person, secret, shot('a'));
      await switchToSpanish(page, shot('a'));
      await logOutToLogin(page, { logOut: 'Cerrar sesión', home: 'Bienvenido', toLogin: 'Inicie sesión para continuar', loginTitle: 'Iniciar sesión' }, `${shot('a')}-es`);
      await checkPage(page, `${shot('a')}-login-es`);

      await page.goto(`${app.url}${link}`);
      await page.getByRole('heading', { level: 1, name: 'Este enlace de invitación no es válido' }).waitFor();
      await checkPage(page, `${shot('e')}-used-es`);
      await page.goto(`${app.url}${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`);
      await page.getByRole('heading', { level: 1, name: 'Este enlace de invitación no es válido' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** Whole at 390 px in one-time.e2e, sso.e2e and signup.e2e: here at 1280 px. */
describe('identity journeys at 1280 px', () => {
  const shot = (journey: string) => `journey-${journey}-1280`;

  it('(d) a forgotten password is reset from the mailed link, and the new one logs in', async () => {
    const person = await member('rita.reset@example.com', 'Rita', 'STUDENT');
    const { page, context, errors } = await app.open(DESKTOP);
    try {
      await page.goto(`${app.url}/login`);
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
      await checkPage(page, `${shot('d')}-forgot`);
      await page.getByRole('textbox', { name: 'Email' }).fill(person.email);
      await page.getByRole('button', { name: 'Send the link' }).click();
      await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
      await checkPage(page, `${shot('d')}-sent`);
      await page.goto(`${app.url}${await linkMailedTo(smtp, { to: person.email, path: RESET_LINK })}`);
      await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
      await checkPage(page, `${shot('d')}-new-password`);
      person.password = 'a fresh desktop passphrase';
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill(person.password);
      await page.getByRole('textbox', { name: 'Type the new password again', exact: true }).fill(person.password);
      await page.getByRole('button', { name: 'Save the new password' }).click();
      await page.getByText('Your password was changed.').waitFor();
      await checkPage(page, `${shot('d')}-done`);
      await page.getByRole('link', { name: 'Back to log-in' }).click();
      await logIn(page, person);
      await page.getByText(`You are signed in as ${person.email}.`).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('(c) signs in through the OpenID provider and then the SAML provider, both linked to the existing account', async () => {
    const person = await member('sol.sso@example.com', 'Sol', 'STUDENT');
    sso.oidc.accounts.set('clever-sol', { email: person.email, email_verified: true });
    sso.saml.accounts.set('schoology-sol', { email: person.email, district: SAML_DISTRICT });
    const { page, context, errors } = await app.open(DESKTOP);
    const linked = page.getByRole('list', { name: 'Linked sign-in accounts' }).getByRole('listitem');
    try {
      for (const [provider, heading, account] of [['Clever', 'Test identity provider', 'clever-sol'], ['Schoology', 'Test SAML identity provider', 'schoology-sol']] as const) {
        await page.goto(`${app.url}/s/${DEMO_PROFILE_ID}/login`);
        await page.getByRole('link', { name: `Sign in with ${provider}` }).waitFor();
        await checkPage(page, `${shot('c')}-login-${provider.toLowerCase()}`);
        await page.getByRole('link', { name: `Sign in with ${provider}` }).click();
        await page.getByRole('heading', { name: heading }).waitFor();
        await page.getByLabel('Account').fill(account);
        await page.getByRole('button', { name: 'Sign in' }).click();
        // The existing account, not a new one: the home page greets the person by their address.
        await page.getByText(`You are signed in as ${person.email}.`).waitFor();
        await page.getByRole('main').getByRole('link', { name: 'Linked sign-in accounts' }).click();
        await linked.filter({ hasText: provider }).waitFor();
        await checkPage(page, `${shot('c')}-linked-${provider.toLowerCase()}`);
        await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
        await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('(b) a tutor signs up, confirms the address from the mail, applies; the admin approves; the tutor logs in', async () => {
    const person: Person = { email: 'tess.signup@example.com', firstName: 'Tess', lastName: 'Signup', password: 'a desktop sign-up passphrase' };
    const { page, context, errors } = await app.open(DESKTOP);
    try {
      await signUpAsTutor(app, page, person, shot('b'));
      // The mail's link opens in a tab of its own; the person then comes back to log in.
      const mailTab = await context.newPage();
      await mailTab.goto(`${app.url}${await linkMailedTo(smtp, { to: person.email, path: VERIFY_LINK })}`);
      await mailTab.getByText('Email address confirmed').waitFor();
      await checkPage(mailTab, `${shot('b')}-confirmed`);
      await mailTab.close();
      await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
      await logIn(page, person);
      await applyAsTutor(page, shot('b'));
      const admin = await app.open({ ...DESKTOP, who: 'ecosystemAdmin' });
      await approveApplication(app, admin.page, person, shot('b')).finally(() => admin.context.close());
      expect(admin.errors).toEqual([]);
      await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
      await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
      await page.goto(`${app.url}/s/${DEMO_PROFILE_ID}/login`);
      await logIn(page, person);
      await page.getByText(`You are signed in as ${person.email}.`).waitFor();
      await checkPage(page, `${shot('b')}-home`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
