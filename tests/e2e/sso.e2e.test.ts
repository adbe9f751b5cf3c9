/**
 * Single sign-on in the browser (docs/decisions/0046): the demo ecosystem admin, who has only a
 * password account, signs in on the ecosystem's log-in page through the local OpenID provider's own
 * log-in form (Clever), which links the provider account to theirs by its verified e-mail; then,
 * signed out, through the local SAML provider's form (Schoology); then sees both on
 * /account-settings/linked-accounts, removes one and links another from there while signed in (decision
 * 0047). At phone width, axe-clean, with screenshots.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROFILE_ID } from '../../api/seed';
import { startE2eApp, type E2eApp } from './support/app';
import { checkPage as check } from './support/check';
import { SAML_DISTRICT, startSsoProviders, type SsoProviders } from './support/sso';

const PHONE = { width: 390, height: 844 };

let app: E2eApp;
let providers: SsoProviders;
let oidc: SsoProviders['oidc'];
let adminEmail: string;

beforeAll(async () => {
  app = await startE2eApp();
  providers = await startSsoProviders(app);
  oidc = providers.oidc;
  adminEmail = app.platform.demo!.ecosystemAdmin.email;
  oidc.accounts.set('clever-admin', { email: adminEmail.toUpperCase(), email_verified: true });
  providers.saml.accounts.set('schoology-admin', { email: adminEmail, district: SAML_DISTRICT });
}, 240_000);

afterAll(async () => {
  await providers?.stop();
  await app?.stop();
});

/** Signed in: the app holds an access token and the home page's log-out control shows. */
async function signedIn(page: Page): Promise<void> {
  await page.waitForURL(`${app.url}/`);
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('accessToken'))).not.toBeNull();
}

describe('single sign-on', () => {
  it('signs in through the OpenID provider\'s own log-in page and links to the existing account', async () => {
    const { page, context, errors } = await app.open(PHONE);
    try {
      await page.goto(`${app.url}/s/${DEMO_PROFILE_ID}/login`);
      const clever = page.getByRole('link', { name: 'Sign in with Clever' });
      await clever.waitFor();
      await check(page, 'sso-login-options-390');
      await clever.click();
      await page.getByRole('heading', { name: 'Test identity provider' }).waitFor();
      await page.getByLabel('Account').fill('clever-admin');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await signedIn(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('signs in through the SAML provider\'s page, in Spanish too', async () => {
    const { page, context, errors } = await app.open({ ...PHONE, locale: 'sp' });
    try {
      await page.goto(`${app.url}/s/${DEMO_PROFILE_ID}/login`);
      const schoology = page.getByRole('link', { name: 'Iniciar sesión con Schoology' });
      await schoology.waitFor();
      await check(page, 'sso-login-options-es-390');
      await schoology.click();
      await page.getByRole('heading', { name: 'Test SAML identity provider' }).waitFor();
      await page.getByLabel('Account').fill('schoology-admin');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await signedIn(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a failed sign-in in words', async () => {
    const { page, context } = await app.open(PHONE);
    try {
      await page.goto(`${app.url}/clever/auth-fail?reason=NO_ACCOUNT`);
      await page.getByRole('heading', { level: 1, name: 'Sign-in failed' }).waitFor();
      await page.getByRole('alert').filter({ hasText: 'No account uses the e-mail address of this sign-in' }).waitFor();
      await check(page, 'sso-auth-fail-390');
    } finally {
      await context.close();
    }
  });

  it('lists the linked accounts and removes one', async () => {
    const { page, context, errors } = await app.open({ ...PHONE, who: 'ecosystemAdmin' });
    try {
      await page.goto(`${app.url}/account-settings/linked-accounts`);
      await page.getByRole('heading', { level: 1, name: 'Linked sign-in accounts' }).waitFor();
      const items = page.getByRole('list', { name: 'Linked sign-in accounts' }).getByRole('listitem');
      await expect.poll(() => items.count()).toBe(2);
      await check(page, 'sso-linked-accounts-390');
      await page.getByRole('button', { name: /Remove the Clever sign-in/ }).click();
      await expect.poll(() => items.count()).toBe(1);
      await expect.poll(() => items.first().textContent()).toContain('Schoology');
      await check(page, 'sso-linked-accounts-removed-390');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('links another provider account from the settings page while signed in, whatever its e-mail', async () => {
    oidc.accounts.set('clever-admin-school', { email: 'someone.else@district.example', email_verified: false });
    const { page, context, errors } = await app.open({ ...PHONE, who: 'ecosystemAdmin' });
    try {
      await page.goto(`${app.url}/account-settings/linked-accounts`);
      const items = page.getByRole('list', { name: 'Linked sign-in accounts' }).getByRole('listitem');
      await expect.poll(() => items.count()).toBe(1);
      await page.getByRole('heading', { name: 'Link another sign-in account' }).waitFor();
      await page.getByRole('button', { name: /^Link Clever for / }).click();
      await page.getByRole('heading', { name: 'Test identity provider' }).waitFor();
      await page.getByLabel('Account').fill('clever-admin-school');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${app.url}/account-settings/linked-accounts?linked=CLEVER`);
      await page.getByRole('status').filter({ hasText: 'Your Clever account is linked' }).waitFor();
      await expect.poll(() => items.count()).toBe(2);
      await expect.poll(() => page.getByRole('list', { name: 'Linked sign-in accounts' }).textContent()).toContain('someone.else@district.example');
      await check(page, 'sso-linked-accounts-added-390');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fits the desktop width too', async () => {
    const { page, context, errors } = await app.open({ width: 1280, height: 900, who: 'ecosystemAdmin' });
    try {
      await page.goto(`${app.url}/account-settings/linked-accounts`);
      await page.getByRole('list', { name: 'Linked sign-in accounts' }).getByRole('listitem').first().waitFor();
      await check(page, 'sso-linked-accounts-1280');
      await page.goto(`${app.url}/classlink/auth-fail?reason=WRONG_DISTRICT`);
      await page.getByRole('alert').filter({ hasText: 'another school district' }).waitFor();
      await check(page, 'sso-auth-fail-1280');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
