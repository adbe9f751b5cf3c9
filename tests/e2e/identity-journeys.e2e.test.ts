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
 *   (f) a parent sees their child and not another family's: students.e2e opens /students directly
 *       (1280 and 390 px); here the parent logs in and follows the home page's link, at both widths.
 * Mail comes from a local SMTP server; TOTP codes are computed from the key the page shows.
 * Screenshots: dist/e2e-screenshots/journey-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUser, SYSTEM_ACTOR } from '../../api/auth/seed';
import { toGlobalId } from '../../api/relay';
import { DEMO_PROFILE_ID } from '../../api/seed';
import { editEcosystem } from '../../domain/ecosystem/handlers';
import { linkFamilyMember } from '../../domain/family/handlers';
import { FAMILIES_PROJECTION } from '../../projections/families';
import { startSmtpCapture, type SmtpCapture } from '../../infra/mail/testing/smtp-capture';
import { startE2eApp, type E2eApp } from './support/app';
import { checkPage } from './support/check';
import { linkMailedTo } from './support/mail';
import {
  approveApplication, applyAsTutor, enrolTotp, logIn, logInWithTotp, logOutToLogin, signUpAsTutor, switchToSpanish, type Person,
} from './support/journeys';
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
async function member(email: string, firstName: string, role: 'STUDENT' | 'PARENT', lastName = 'Journey'): Promise<Person & { userId: string }> {
  const person: Person = { email, firstName, lastName, password: `${firstName} walks the whole way` };
  const { userId } = await ensureUser(app.platform.services, { ...person, roles: [{ ecosystemId: app.platform.demo!.ecosystemId, role }] });
  return { ...person, userId };
}

/** A parent and their child, linked as a family of the demo ecosystem. */
async function family(tag: string): Promise<{ parent: Person; child: Person }> {
  const parent = await member(`pia.parent.${tag}@example.com`, 'Pia', 'PARENT', `Parent${tag}`);
  const child = await member(`kai.kid.${tag}@example.com`, 'Kai', 'STUDENT', `Kid${tag}`);
  const { bus, projections } = app.platform.services;
  const linked = await bus.dispatch(linkFamilyMember, { parentId: parent.userId, childId: child.userId, ecosystemId: app.platform.demo!.ecosystemId, relationship: 'PARENT' },
    { actor: SYSTEM_ACTOR, commandId: crypto.randomUUID(), now: new Date().toISOString() });
  if (linked.position) await projections.waitFor(linked.position, [FAMILIES_PROJECTION], 10_000);
  return { parent, child };
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
  it('(f) a parent logs in and finds their child from the home page, and no other family\'s', async () => {
    const { parent, child } = await family(`a${size.width}`);
    const other = await family(`b${size.width}`);
    const { page, context, errors } = await app.open(size);
    try {
      await page.goto(`${app.url}/login`);
      await logIn(page, parent);
      await page.getByText(`You are signed in as ${parent.email}.`).waitFor();
      await checkPage(page, `${shot('f')}-home`);
      await page.getByRole('main').getByRole('link', { name: 'Your children' }).click();
      await page.getByRole('list', { name: 'Your children' }).getByText(`${child.firstName} ${child.lastName}`).waitFor();
      expect(await page.getByText(`${other.child.firstName} ${other.child.lastName}`).count()).toBe(0);
      expect(await page.getByText(other.parent.email).count()).toBe(0);
      await checkPage(page, `${shot('f')}-children`);
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
