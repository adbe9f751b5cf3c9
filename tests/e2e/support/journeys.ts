/**
 * Steps of the identity journeys (tests/e2e/identity-journeys.e2e.test.ts) as a person clicks
 * them, each page passing checkPage under the name `${shot}-<page>`: the log-in form; an
 * authenticator app set up and used to log in (docs/decisions/0039); the switch to Spanish; a
 * tutor's sign-up on the demo ecosystem (docs/decisions/0044) from its landing page to the admin's
 * approval.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { base32Secret, codeAt } from '../../../api/auth/factors/totp';
import { toGlobalId } from '../../../api/relay';
import { DEMO_PROFILE_ID } from '../../../api/seed';
import type { E2eApp } from './app';
import { checkPage } from './check';

export interface Person { email: string; firstName: string; lastName: string; password: string }

/** The log-in form of the page `page` is on (the ecosystem's or the platform's). */
export async function logIn(page: Page, person: Person): Promise<void> {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
}

/** The tutor's sign-up from the ecosystem's landing page; answers once the "check your e-mail" page shows. */
export async function signUpAsTutor(app: E2eApp, page: Page, person: Person, shot: string): Promise<void> {
  await page.goto(`${app.url}/s/${DEMO_PROFILE_ID}`);
  await page.getByRole('heading', { level: 1, name: /Welcome to/ }).waitFor();
  await checkPage(page, `${shot}-landing`);
  await page.getByRole('link', { name: 'Apply to become a Leader' }).click();
  await page.getByRole('heading', { level: 1, name: /Sign up to/ }).waitFor();
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('E-mail address').fill(person.email);
  await page.getByLabel(/^Password/).fill(person.password);
  await page.getByLabel('Type the password again').fill(person.password);
  await checkPage(page, `${shot}-account`);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await page.getByRole('heading', { level: 1, name: 'Check your e-mail' }).waitFor();
  await checkPage(page, `${shot}-check-email`);
}

/** Logged in, the applicant fills in the application, accepts the waiver and submits it. */
export async function applyAsTutor(page: Page, shot: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: /Your application to/ }).waitFor();
  await page.getByLabel('Date of birth').fill('2000-02-03');
  await page.getByLabel('Phone number').fill('(555) 765-4321');
  await page.getByRole('checkbox', { name: 'Math' }).check();
  await page.getByLabel('When are you available?').fill('Saturday mornings');
  await page.getByLabel('About you').fill('I tutor geometry.');
  await expect.poll(() => page.getByTestId('autosave').textContent()).toBe('Saved');
  await checkPage(page, `${shot}-application`);
  await page.getByRole('link', { name: 'The waiver' }).click();
  await page.getByRole('button', { name: 'I accept the waiver' }).click();
  await page.getByRole('status').filter({ hasText: 'your acceptance is recorded' }).waitFor();
  await checkPage(page, `${shot}-waiver`);
  await page.getByRole('link', { name: 'Back to my application' }).click();
  await page.getByRole('button', { name: 'Submit my application' }).click();
  await expect.poll(() => page.getByTestId('application-status').textContent()).toBe('Submitted: waiting for review');
  expect(await page.getByLabel('Phone number').inputValue()).toBe('(555) 765-4321');
  await checkPage(page, `${shot}-submitted`);
}

/** The ecosystem admin approves the application with the first program on the applications page. */
export async function approveApplication(app: E2eApp, page: Page, person: Person, shot: string): Promise<void> {
  const ecosystemId = toGlobalId('Ecosystem', app.platform.demo!.ecosystemId);
  await page.goto(`${app.url}/admin/ecosystems/${encodeURIComponent(ecosystemId)}/applications?status=SUBMITTED`);
  const card = page.getByRole('article', { name: `${person.firstName} ${person.lastName}` });
  await card.waitFor();
  await checkPage(page, `${shot}-applications`);
  await card.getByLabel('Program to lead in').click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await card.getByRole('button', { name: 'Approve' }).click();
  await card.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  await card.getByText('Approved').first().waitFor();
  await checkPage(page, `${shot}-approved`);
}

/** From the home page to the multi-factor page: an authenticator app set up, recovery codes shown once. */
export async function enrolTotp(page: Page, shot: string): Promise<Buffer> {
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
export async function logOutToLogin(page: Page, words: { logOut: string; home: string; toLogin: string; loginTitle: string }, shot: string): Promise<void> {
  // Log-out loads the home page afresh, also when it is the page the person is on.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('banner').getByRole('button', { name: words.logOut }).click();
  await reloaded;
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).toBeNull();
  await page.getByRole('heading', { level: 1, name: words.home }).waitFor();
  await checkPage(page, `${shot}-logged-out`);
  await page.getByRole('main').getByRole('link', { name: words.toLogin }).click();
  await page.getByRole('heading', { level: 1, name: words.loginTitle }).waitFor();
}

/** Password, then the authenticator app's code (the next one: set-up spent this step's). */
export async function logInWithTotp(page: Page, person: Person, secret: Buffer, shot: string): Promise<void> {
  await logOutToLogin(page, { logOut: 'Log out', home: 'Welcome', toLogin: 'Log in to continue', loginTitle: 'Log in' }, shot);
  await checkPage(page, `${shot}-login`);
  await logIn(page, person);
  await page.getByRole('heading', { level: 1, name: 'Verify your identity' }).waitFor();
  await checkPage(page, `${shot}-login-code`);
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(codeAt(secret, new Date(Date.now() + 30_000)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
}

/** Spanish chosen at /account-settings; the other pages then read in Spanish too. */
export async function switchToSpanish(page: Page, shot: string): Promise<void> {
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
