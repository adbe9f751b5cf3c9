/**
 * The ecosystem admins' single sign-on page (docs/decisions/0046) in the browser: at phone and
 * desktop widths, in English and Spanish, it fits and passes axe-core (screenshots in
 * dist/e2e-screenshots/). The demo ecosystem admin sets up Google with a client secret, sees it
 * listed with the secret only as "set", then changes the client id keeping the secret; the secret
 * never appears on the page, in its inputs, or in any answer the browser receives. Schoology by SAML
 * asks for its sign-in address and certificate instead of a secret, and shows the certificate back.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './support/axe';
import { startE2eApp, type E2eApp } from './support/app';
import { layoutReport } from './support/layout';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../../dist/e2e-screenshots');
const SECRET = 'never-shown-7f3a9c2e';

let app: E2eApp;
let ssoPath: string;

beforeAll(async () => {
  app = await startE2eApp();
  mkdirSync(SCREENSHOTS, { recursive: true });
  const demo = app.platform.demo;
  if (!demo) throw new Error('the platform was started without its demo logins');
  ssoPath = `/admin/ecosystems/${demo.ecosystemId}/sso`;
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

describe('single sign-on set-up', () => {
  it('fits every width and passes axe, in English and Spanish', async () => {
    const problems: string[] = [];
    for (const [locale, heading] of [['en', /^Single sign-on for /], ['sp', /^Inicio de sesión único para /]] as const) {
      for (const width of [390, 1280]) {
        const { page, context, errors } = await app.open({ width, who: 'ecosystemAdmin', locale });
        try {
          await page.goto(`${app.url}${ssoPath}`);
          await page.getByRole('heading', { level: 1, name: heading }).waitFor();
          await page.waitForTimeout(300);
          const name = `sso-setup${locale === 'sp' ? '-es' : ''}-${width}`;
          await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
          const layout = await layoutReport(page);
          if (layout.scrollWidth > layout.innerWidth) problems.push(`${name}: scrolls sideways`);
          if (layout.unreachable.length > 0) problems.push(`${name}: off screen: ${layout.unreachable.join(', ')}`);
          const violations = await axeViolations(page);
          if (violations.length > 0) problems.push(`${name}: axe:\n${describeViolations(violations)}`);
          if (errors.length > 0) problems.push(`${name}: page errors: ${errors.join('; ')}`);
        } finally {
          await context.close();
        }
      }
    }
    expect(problems.join('\n')).toBe('');
  });

  it('configures a provider, lists it, keeps its secret on a change and never shows the secret', async () => {
    const { page, context, errors } = await app.open({ width: 390, who: 'ecosystemAdmin' });
    const answers: string[] = [];
    page.on('response', (response) => { if (response.url().includes('/graphql')) void response.text().then((t) => answers.push(t), () => undefined); });
    try {
      await page.goto(`${app.url}/admin`);
      await page.getByRole('link', { name: /^Single sign-on for / }).first().click();
      await page.getByRole('heading', { level: 1, name: /^Single sign-on for / }).waitFor();
      const form = page.getByRole('form', { name: 'Set up a provider' });
      await form.getByRole('combobox', { name: 'Provider' }).selectOption('GOOGLE');
      await form.getByRole('textbox', { name: 'Issuer' }).fill('not a url');
      await form.getByRole('button', { name: 'Save provider' }).click();
      await form.getByText('Enter an address starting with https:// (or http:// for a local server).').waitFor();
      expect(await form.getByLabel('Client secret').getAttribute('aria-invalid')).toBe('true');

      await form.getByRole('textbox', { name: 'Issuer' }).fill('https://accounts.google.com');
      await form.getByRole('textbox', { name: 'Client id' }).fill('demo-google-client');
      await form.getByLabel('Client secret').fill(SECRET);
      await form.getByRole('combobox', { name: 'New accounts' }).selectOption('STUDENT');
      await form.getByRole('button', { name: 'Save provider' }).click();
      await page.getByText('Google was saved.').waitFor();

      const google = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Google', exact: true }) });
      await google.getByText('demo-google-client').waitFor();
      await google.getByText('Set (not shown)').waitFor();
      await google.getByText('Create as student').waitFor();
      expect(await form.getByRole('radio', { name: 'Keep the secret that is set' }).isChecked()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'sso-setup-saved-390.png'), fullPage: true });

      await google.getByRole('button', { name: 'Change Google' }).click();
      await form.getByRole('textbox', { name: 'Client id' }).fill('demo-google-client-2');
      await form.getByRole('button', { name: 'Save provider' }).click();
      await google.getByText('demo-google-client-2').waitFor();
      await google.getByText('Set (not shown)').waitFor();

      // Schoology by SAML: no client secret, the sign-in address and the certificate instead.
      await form.getByRole('combobox', { name: 'Provider' }).selectOption('SCHOOLOGY');
      expect(await form.getByRole('combobox', { name: 'Protocol' }).inputValue()).toBe('SAML');
      expect(await form.getByLabel('Client secret').count()).toBe(0);
      await form.getByRole('textbox', { name: 'Issuer' }).fill('urn:example:schoology-idp');
      await form.getByRole('textbox', { name: 'Client id' }).fill('urn:example:tutoring-sp');
      await form.getByRole('textbox', { name: 'SAML sign-in address' }).fill('https://idp.example.org/saml/sso');
      await form.getByRole('button', { name: 'Save provider' }).click();
      await form.getByText('Required.').waitFor();
      await form.getByRole('textbox', { name: 'Signing certificate (PEM)' }).fill('MIICexamplePublicCertificate');
      await form.getByRole('button', { name: 'Save provider' }).click();
      const schoology = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Schoology', exact: true }) });
      await schoology.getByText('https://idp.example.org/saml/sso').waitFor();
      expect(await schoology.getByText('Client secret').count()).toBe(0);
      await schoology.getByRole('button', { name: 'Change Schoology' }).click();
      expect(await form.getByRole('textbox', { name: 'Signing certificate (PEM)' }).inputValue()).toBe('MIICexamplePublicCertificate');

      await page.reload();
      await page.getByRole('listitem').filter({ hasText: 'demo-google-client-2' }).getByText('Set (not shown)').waitFor();
      expect(await page.content()).not.toContain(SECRET);
      expect(answers.length).toBeGreaterThan(0);
      expect(answers.filter((a) => a.includes(SECRET))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
