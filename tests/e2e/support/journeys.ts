/**
 * Steps of the identity journeys (tests/e2e/identity-journeys.e2e.test.ts) as a person clicks
 * them, each page passing checkPage under the name `${shot}-<page>`: the log-in form, and a tutor's
 * sign-up on the demo ecosystem (docs/decisions/0044) from its landing page to the admin's approval.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
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
