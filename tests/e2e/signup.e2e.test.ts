/**
 * Sign-up in the browser (docs/decisions/0044), at phone width: the ecosystem's landing page, the
 * sign-up from ACCOUNT, log-in, the application saved as it is typed (and still there after a
 * reload), the waiver and the submission; the ecosystem admin approves it on the applications page;
 * the new tutor logs in on the ecosystem's own log-in page. Every page is axe-clean, fits 390 px
 * and leaves a screenshot. The ecosystem confirms addresses: the link comes from the recorded message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editEcosystem } from '../../domain/ecosystem/handlers';
import { SYSTEM_ACTOR } from '../../api/auth/seed';
import { toGlobalId } from '../../api/relay';
import { DEMO_PROFILE_ID } from '../../api/seed';
import { startE2eApp, type E2eApp } from './support/app';
import { checkPage as check } from './support/check';

const PHONE = { width: 390, height: 844 };
const EMAIL = 'tia.tutor@example.com';
const PASSWORD = 'a sturdy sign-up passphrase';

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
  const ecosystemId = app.platform.demo!.ecosystemId;
  await app.platform.services.bus.dispatch(editEcosystem, {
    ecosystemId, changes: { customSignupConfig: { tutor: { enabled: true, emailVerificationEnabled: true, approvalProcessEnabled: true }, parent: { enabled: true } } },
  }, { actor: SYSTEM_ACTOR, commandId: crypto.randomUUID(), now: new Date().toISOString() });
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

/** The verification link mailed to an address, from its recorded message (what the mailbox would show). */
async function verificationLink(address: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const r = await app.platform.services.ownerPool.query<{ text: string }>(
      "SELECT data->>'text' AS text FROM events WHERE type = 'MessageRecorded' AND data->>'to' = $1 AND data->>'kind' = 'VERIFY_EMAIL'", [address]);
    const match = /\/verify\/email\?token=[A-Za-z0-9_-]+/.exec(r.rows[0]?.text ?? '');
    if (match) return match[0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification link to ${address}`);
}

describe('sign-up', () => {
  it('a tutor signs up, fills in the application (kept across a reload), accepts the waiver and submits', async () => {
    const { page, context, errors } = await app.open(PHONE);
    try {
      await page.goto(`${app.url}/s/${DEMO_PROFILE_ID}`);
      await page.getByRole('heading', { level: 1, name: /Welcome to/ }).waitFor();
      await page.getByRole('heading', { name: 'How it works' }).waitFor();
      await check(page, 'signup-landing-390');
      await page.getByRole('link', { name: 'Apply to become a Leader' }).click();

      await page.getByRole('heading', { level: 1, name: /Sign up to/ }).waitFor();
      expect(await page.getByRole('radio', { name: 'A Leader' }).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Create my account' }).click();
      await page.getByText('This field is required.').first().waitFor();
      await check(page, 'signup-account-errors-390');
      await page.getByLabel('First name').fill('Tia');
      await page.getByLabel('Last name').fill('Tutor');
      await page.getByLabel('E-mail address').fill(EMAIL);
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByLabel('Type the password again').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create my account' }).click();
      await page.getByRole('heading', { level: 1, name: 'Check your e-mail' }).waitFor();
      await check(page, 'signup-check-email-390');
      const link = await verificationLink(EMAIL);

      await page.locator('#main').getByRole('link', { name: 'Log in' }).click();
      await page.getByLabel('Email').fill(EMAIL);
      await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
      await page.locator('#main').getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('heading', { level: 1, name: /Your application to/ }).waitFor();
      await page.getByLabel('Date of birth').fill('2001-04-05');
      await page.getByLabel('Phone number').fill('(555) 123-4567');
      await page.getByRole('checkbox', { name: 'Math' }).check();
      await page.getByLabel('When are you available?').fill('Weekday evenings');
      await page.getByLabel('About you').fill('I like algebra.');
      await expect.poll(() => page.getByTestId('autosave').textContent()).toBe('Saved');
      await check(page, 'signup-application-390');

      await page.reload();
      await page.getByRole('heading', { level: 1, name: /Your application to/ }).waitFor();
      expect(await page.getByLabel('About you').inputValue()).toBe('I like algebra.');
      expect(await page.getByLabel('Phone number').inputValue()).toBe('(555) 123-4567');
      expect(await page.getByRole('checkbox', { name: 'Math' }).isChecked()).toBe(true);

      await page.getByRole('link', { name: 'The waiver' }).click();
      await page.getByRole('heading', { level: 1, name: 'Waiver' }).waitFor();
      await page.getByRole('button', { name: 'I accept the waiver' }).click();
      await page.getByRole('status').filter({ hasText: 'your acceptance is recorded' }).waitFor();
      await check(page, 'signup-waiver-390');
      await page.getByRole('link', { name: 'Back to my application' }).click();
      await page.getByText('You accepted the waiver.').waitFor();
      // Not yet confirmed: the submission waits for the address, then goes through once the link is used.
      await page.getByRole('button', { name: 'Submit my application' }).click();
      await page.getByRole('alert').filter({ hasText: 'Please confirm your e-mail address' }).waitFor();
      await check(page, 'signup-unverified-390');
      await page.goto(`${app.url}${link}`);
      await page.getByRole('status').filter({ hasText: 'is confirmed' }).waitFor();
      await page.goto(`${app.url}/s/${DEMO_PROFILE_ID}/signup`);
      await page.getByRole('button', { name: 'Submit my application' }).click();
      await expect.poll(() => page.getByTestId('application-status').textContent()).toBe('Submitted: waiting for review');
      await check(page, 'signup-submitted-390');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the ecosystem admin approves it with a program; the tutor then logs in on the ecosystem\'s page', async () => {
    const ecosystemId = toGlobalId('Ecosystem', app.platform.demo!.ecosystemId);
    const admin = await app.open({ ...PHONE, who: 'ecosystemAdmin' });
    try {
      await admin.page.goto(`${app.url}/admin/ecosystems/${encodeURIComponent(ecosystemId)}/applications?status=SUBMITTED`);
      const card = admin.page.getByRole('article', { name: 'Tia Tutor' });
      await card.waitFor();
      await check(admin.page, 'applications-admin-390');
      await card.getByLabel('Program to lead in').click();
      await admin.page.getByRole('listbox').getByRole('option').first().click();
      await card.getByRole('button', { name: 'Approve' }).click();
      await card.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      await card.getByText('Approved').first().waitFor();
      await check(admin.page, 'applications-approved-390');
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.context.close();
    }

    const { page, context, errors } = await app.open(PHONE);
    try {
      await page.goto(`${app.url}/s/${DEMO_PROFILE_ID}/login`);
      await page.getByLabel('Email').fill(EMAIL);
      await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
      await page.locator('#main').getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(`${app.url}/`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the landing page reads in Spanish, at phone and desktop widths', async () => {
    for (const [width, height] of [[390, 844], [1280, 900]] as const) {
      const { page, context, errors } = await app.open({ width, height, locale: 'sp' });
      try {
        await page.goto(`${app.url}/s/${DEMO_PROFILE_ID}`);
        await page.getByRole('heading', { level: 1, name: /Bienvenido a/ }).waitFor();
        await page.getByRole('heading', { name: 'Cómo funciona' }).waitFor();
        await page.getByRole('link', { name: 'Solicitar ser Líder' }).waitFor();
        await check(page, `signup-landing-es-${width}`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('an unknown sign-up ticket shows the invalid-link page', async () => {
    const { page, context } = await app.open(PHONE);
    try {
      await page.goto(`${app.url}/su/h/not-a-real-ticket-000000000000`);
      await page.getByRole('heading', { level: 1, name: 'This Sign-Up Link Is Invalid' }).waitFor();
      expect(page.url()).toBe(`${app.url}/su/invalid`);
      await check(page, 'signup-invalid-ticket-390');
    } finally {
      await context.close();
    }
  });

  it('/signup and /signup/waiver lead to the organisation\'s own pages, by link or by the code typed', async () => {
    const { page, context, errors } = await app.open(PHONE);
    try {
      await page.goto(`${app.url}/signup?ecosystem=${DEMO_PROFILE_ID}&type=TUTOR`);
      await page.getByRole('heading', { level: 1, name: /Sign up to/ }).waitFor();
      expect(page.url()).toBe(`${app.url}/s/${DEMO_PROFILE_ID}/signup?type=TUTOR`);
      expect(await page.getByRole('radio', { name: 'A Leader' }).isChecked()).toBe(true);

      await page.goto(`${app.url}/signup`);
      await page.getByRole('heading', { level: 1, name: 'Sign up with your organisation' }).waitFor();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('This field is required.').waitFor();
      await page.getByLabel(/page address or code/).fill('https://elsewhere.example/about');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText(/That is not an address or code/).waitFor();
      await check(page, 'signup-find-organisation-390');
      await page.getByLabel(/page address or code/).fill(`https://elsewhere.example/s/${DEMO_PROFILE_ID.toUpperCase()}/`);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { level: 1, name: /Sign up to/ }).waitFor();
      expect(page.url()).toBe(`${app.url}/s/${DEMO_PROFILE_ID}/signup`);

      await page.goto(`${app.url}/signup/waiver`);
      await page.getByRole('heading', { level: 1, name: 'Your organisation\'s waiver' }).waitFor();
      await page.getByLabel(/page address or code/).fill(DEMO_PROFILE_ID);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { level: 1, name: 'Waiver', exact: true }).waitFor();
      expect(page.url()).toBe(`${app.url}/s/${DEMO_PROFILE_ID}/signup/waiver`);

      await page.goto(`${app.url}/s/${DEMO_PROFILE_ID}/how-it-works`);
      await page.getByRole('heading', { level: 1, name: /Welcome to/ }).waitFor();
      expect(page.url()).toBe(`${app.url}/s/${DEMO_PROFILE_ID}#how-it-works`);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
