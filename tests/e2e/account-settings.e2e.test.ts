/**
 * /account-settings and its pages in the browser (docs/decisions/0050, 0051): at phone and desktop
 * widths, in English and Spanish, each fits, passes axe-core and is screenshot to
 * dist/e2e-screenshots/. A walk as the demo ecosystem admin: a bad phone is refused on its field, a
 * good one shows as (xxx) xxx-xxxx; text messages then open on the notifications page and are saved;
 * "Not now" to the device's time zone is remembered; choosing Español switches the app at once and
 * survives a reload. An admin's change of time zone is announced once. On /edit-profile a file that
 * is not an image is refused, a photo is uploaded, shown, turned and removed. A student joins a
 * program of the demo ecosystem. A person changes their e-mail address: the new one waits with
 * "send again" until the link from the captured mail is opened, then the settings show it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUser, SYSTEM_ACTOR } from '../../api/auth/seed';
import { editProfile } from '../../domain/user/handlers';
import { startSmtpCapture, type SmtpCapture } from '../../infra/mail/testing/smtp-capture';
import { USERS_PROJECTION } from '../../projections/users';
import { axeViolations, describeViolations } from './support/axe';
import { loginToken, startE2eApp, type E2eApp } from './support/app';
import { layoutReport } from './support/layout';

const WIDTHS = [390, 1280];
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../dist/e2e-screenshots');

let app: E2eApp;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await startE2eApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://app.example.org' });
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await smtp?.close();
});

/** The path and query of the `nth` verification link mailed to `address`, to open on the test's own server. */
async function verificationLinkTo(address: string, nth: number): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const links = smtp.received.filter((m) => JSON.stringify(m.to).includes(address))
      .map((m) => /https:\/\/app\.example\.org(\/verify\/email[^\s<>"]+)/.exec(m.text ?? '')?.[1]).filter((l) => l !== undefined);
    if (links.length >= nth) return links[nth - 1];
    if (Date.now() > deadline) throw new Error(`no verification link number ${nth} to ${address}; mail: ${smtp.received.length}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function problemsOf(page: Page, name: string, width: number): Promise<string[]> {
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  const layout = await layoutReport(page);
  const problems: string[] = [];
  if (layout.scrollWidth > layout.innerWidth) problems.push(`scrolls sideways: ${layout.scrollWidth} > ${layout.innerWidth}`);
  if (layout.unreachable.length > 0) problems.push(`off screen: ${layout.unreachable.join(', ')}`);
  const violations = await axeViolations(page);
  if (violations.length > 0) problems.push(`axe:\n${describeViolations(violations)}`);
  return problems.map((p) => `${name} @${width}: ${p}`);
}

const PAGES = [
  ['account-settings', '/account-settings', 'Account settings', 'Configuración de la cuenta'],
  ['account-settings-notifications', '/account-settings/notifications', 'Notifications', 'Notificaciones'],
  ['account-settings-join-program', '/account-settings/join-program', 'Join a program', 'Unirse a un programa'],
] as const;

describe('/account-settings', () => {
  it('fits every width and passes axe, in English and Spanish', async () => {
    const problems: string[] = [];
    for (const [name, url, en, es] of PAGES) {
      for (const [locale, title] of [['en', en], ['sp', es]] as const) {
        for (const width of WIDTHS) {
          const { page, context, errors } = await app.open({ width, who: 'ecosystemAdmin', locale });
          try {
            await page.goto(`${app.url}${url}`);
            await page.getByRole('heading', { level: 1, name: title }).waitFor();
            problems.push(...await problemsOf(page, `${name}${locale === 'sp' ? '-es' : ''}`, width));
            if (errors.length > 0) problems.push(`${name} @${width}: page errors: ${errors.join('; ')}`);
          } finally {
            await context.close();
          }
        }
      }
    }
    expect(problems.join('\n')).toBe('');
  });

  it('walks contact info, notifications and language at phone width', async () => {
    const { page, context, errors } = await app.open({ width: 390, who: 'ecosystemAdmin' });
    try {
      await page.goto(`${app.url}/account-settings`);
      await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
      const phone = page.getByRole('textbox', { name: 'Phone number' });
      await phone.fill('555-1234');
      const contact = page.getByRole('region', { name: 'Contact info' });
      await contact.getByRole('button', { name: 'Save' }).click();
      await contact.getByText('Enter 10 digits, such as (555) 123-4567; a leading 1 is allowed.').waitFor();
      expect(await phone.getAttribute('aria-invalid')).toBe('true');
      await phone.fill('1 555 987 6543');
      await contact.getByRole('button', { name: 'Save' }).click();
      await contact.getByText('Shown as (555) 987-6543').waitFor();

      await page.goto(`${app.url}/account-settings/notifications`);
      const personal = page.getByRole('region', { name: 'Your sessions and messages' });
      await page.getByRole('region', { name: 'As staff or admin' }).waitFor();
      const reminderText = personal.getByRole('checkbox', { name: 'Text: Reminder before a session' });
      expect(await reminderText.isDisabled()).toBe(false);
      await reminderText.check();
      await personal.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Notification settings saved.').waitFor();
      await page.reload();
      await page.getByRole('region', { name: 'Your sessions and messages' }).getByRole('checkbox', { name: 'Text: Reminder before a session' }).waitFor();
      expect(await page.getByRole('checkbox', { name: 'Text: Reminder before a session' }).isChecked()).toBe(true);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'account-settings-notifications-saved-390.png'), fullPage: true });

      await page.goto(`${app.url}/account-settings`);
      // The browser reports UTC: the offer to use it goes away for the cooldown after "Not now", also after a reload.
      const zone = page.getByRole('region', { name: 'Time zone' });
      await zone.getByRole('button', { name: 'Not now' }).click();
      await zone.getByRole('button', { name: 'Not now' }).waitFor({ state: 'detached' });
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
      expect(await page.getByRole('button', { name: 'Use UTC' }).count()).toBe(0);
      await page.getByRole('combobox', { name: 'Language of the app and of the messages we send you' }).selectOption('sp');
      await page.getByRole('heading', { level: 1, name: 'Configuración de la cuenta' }).waitFor();
      await page.getByText('La aplicación ahora está en español.').waitFor();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Configuración de la cuenta' }).waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'account-settings-spanish-390.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('tells the person once that an admin changed their time zone', async () => {
    // The access token's subject is the demo admin's user id; the system stands in for another admin.
    const token = await app.token('ecosystemAdmin');
    const userId = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string }).sub;
    const { bus, projections, config } = app.platform.services;
    const result = await bus.dispatch(editProfile, { userId, changes: { timeZoneId: 'America/Chicago' } },
      { actor: SYSTEM_ACTOR, commandId: crypto.randomUUID(), now: new Date().toISOString() });
    if (result.position) await projections.waitFor(result.position, [USERS_PROJECTION], config.PROJECTION_WAIT_MS);

    const { page, context, errors } = await app.open({ width: 390, who: 'ecosystemAdmin' });
    try {
      await page.goto(`${app.url}/account-settings`);
      const dialog = page.getByRole('dialog', { name: 'Your time zone was changed' });
      await dialog.getByText('An admin of your organisation set your time zone to Central.').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'account-settings-timezone-dialog-390.png') });
      await dialog.getByRole('button', { name: 'OK' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
      await page.waitForTimeout(500);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('uploads a picture on /edit-profile, shows it, turns it, and refuses a file that is not an image', async () => {
    const { page, context, errors } = await app.open({ width: 390, who: 'ecosystemAdmin' });
    try {
      await page.goto(`${app.url}/edit-profile`);
      await page.getByRole('heading', { level: 1, name: 'Edit profile' }).waitFor();
      const file = page.locator('input[type=file]');
      await file.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not a picture') });
      await page.getByRole('alert').getByText('This file is not a picture we can use: upload a JPEG, PNG or WebP image.').waitFor();

      const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a9d8f' } }).jpeg().toBuffer();
      await file.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
      const image = page.getByRole('img', { name: 'Profile picture of Eli Rivera' });
      await image.waitFor();
      await page.waitForFunction(() => [...document.images].some((i) => i.alt.startsWith('Profile picture') && i.complete && i.naturalWidth === 512));
      await page.getByRole('button', { name: 'Rotate a quarter turn' }).click();
      await page.waitForFunction(() => [...document.images].some((i) => i.alt.startsWith('Profile picture') && i.style.transform === 'rotate(90deg)'));
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'edit-profile-picture-390.png'), fullPage: true });
      await page.reload();
      await page.waitForFunction(() => [...document.images].some((i) => i.alt.startsWith('Profile picture') && i.style.transform === 'rotate(90deg)'));
      await page.getByRole('button', { name: 'Remove picture' }).click();
      await image.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lets a student join a program of their ecosystem', async () => {
    const demo = app.platform.demo;
    if (!demo) throw new Error('the platform was started without its demo logins');
    const student = { email: 'join.student@demo.example.org', password: 'a student passphrase' };
    await ensureUser(app.platform.services, { ...student, firstName: 'Jo', lastName: 'Joiner', roles: [{ ecosystemId: demo.ecosystemId, role: 'STUDENT' }] });
    const { page, context, errors } = await app.open({ width: 390 });
    try {
      await page.goto(`${app.url}/login`);
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(student.email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(student.password);
      await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
      await page.goto(`${app.url}/account-settings/join-program`);
      await page.getByRole('heading', { level: 1, name: 'Join a program' }).waitFor();
      const buttons = page.getByRole('button', { name: /^Join / });
      await buttons.first().waitFor();
      const before = await buttons.count();
      const name = ((await buttons.first().getAttribute('aria-label')) ?? '').replace(/^Join /, '');
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'account-settings-join-program-student-390.png'), fullPage: true });
      await buttons.first().click();
      await page.getByText(`You joined ${name}.`).waitFor();
      expect(await buttons.count()).toBe(before - 1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('changes the e-mail address through the link sent to the new one', async () => {
    const demo = app.platform.demo;
    if (!demo) throw new Error('the platform was started without its demo logins');
    const person = { email: 'cam.before@demo.example.org', password: 'a contact passphrase' };
    await ensureUser(app.platform.services, { ...person, firstName: 'Cam', lastName: 'Changer', roles: [{ ecosystemId: demo.ecosystemId, role: 'STUDENT' }] });
    const token = await loginToken(app.url, person.email, person.password);
    const { page, context, errors } = await app.open({ width: 390, accessToken: token });
    try {
      await page.goto(`${app.url}/account-settings`);
      const contact = page.getByRole('region', { name: 'Contact info' });
      const form = contact.getByRole('form', { name: 'Change your email address' });
      await form.getByRole('textbox', { name: 'New email address' }).fill('cam.after@demo.example.org');
      await form.getByRole('button', { name: 'Change email' }).click();
      await form.getByText('Enter your current password.').waitFor();
      await form.getByLabel('Current password').fill('not my password');
      await form.getByRole('button', { name: 'Change email' }).click();
      await form.getByText('Your current password is incorrect.').waitFor();
      expect(await form.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');

      await form.getByLabel('Current password').fill(person.password);
      await form.getByRole('button', { name: 'Change email' }).click();
      await form.getByText('Check your inbox: we sent a link to cam.after@demo.example.org.').waitFor();
      await contact.getByText('Waiting for you to confirm cam.after@demo.example.org: open the link we sent there to start using it.').waitFor();
      await verificationLinkTo('cam.after@demo.example.org', 1);
      expect(await axeViolations(page)).toEqual([]);
      expect((await layoutReport(page)).scrollWidth).toBeLessThanOrEqual(390);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'account-settings-email-pending-390.png'), fullPage: true });

      await contact.getByRole('button', { name: 'Send again' }).click();
      await contact.getByText('We sent a new link. It can take a few minutes to arrive.').waitFor();
      const link = await verificationLinkTo('cam.after@demo.example.org', 2);
      await page.goto(`${app.url}${link}`);
      await page.getByText('Email address confirmed').waitFor();
      await page.goto(`${app.url}/account-settings`);
      await contact.getByText('cam.after@demo.example.org', { exact: true }).waitFor();
      await contact.getByText('Verified', { exact: true }).waitFor();
      expect(await contact.getByRole('button', { name: 'Send again' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
