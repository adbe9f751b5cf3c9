/**
 * /edit-profile in the browser (issue 7): at phone, tablet and desktop widths it fits, passes
 * axe-core and is screenshot to dist/e2e-screenshots/; an empty bio reads "(This user has not
 * written a bio yet.)"; a bad phone number is refused on its field before anything is sent; a saved
 * edit shows in the preview, the phone as (xxx) xxx-xxxx; the page reads in Spanish too.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './support/axe';
import { startE2eApp, type E2eApp } from './support/app';
import { layoutReport } from './support/layout';

const WIDTHS = [390, 768, 1280];
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../dist/e2e-screenshots');

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

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

describe('/edit-profile', () => {
  it('fits every width, passes axe, and shows the empty-bio sentence, in English and Spanish', async () => {
    const problems: string[] = [];
    for (const [name, locale, title, noBio] of [
      ['edit-profile', 'en', 'Edit profile', '(This user has not written a bio yet.)'],
      ['edit-profile-es', 'sp', 'Editar perfil', '(Esta persona aún no ha escrito una biografía.)'],
    ] as const) {
      for (const width of WIDTHS) {
        const { page, context, errors } = await app.open({ width, who: 'ecosystemAdmin', locale });
        try {
          await page.goto(`${app.url}/edit-profile`);
          await page.getByRole('heading', { level: 1, name: title }).waitFor();
          await page.getByText(noBio).waitFor();
          problems.push(...await problemsOf(page, name, width));
          if (errors.length > 0) problems.push(`${name} @${width}: page errors: ${errors.join('; ')}`);
        } finally {
          await context.close();
        }
      }
    }
    expect(problems.join('\n')).toBe('');
  });

  it('refuses a bad phone on its field, then saves bio and phone and shows them in the preview', async () => {
    const { page, context, errors } = await app.open({ width: 390, who: 'ecosystemAdmin' });
    try {
      await page.goto(`${app.url}/edit-profile`);
      await page.getByRole('heading', { level: 1, name: 'Edit profile' }).waitFor();
      const phone = page.getByRole('textbox', { name: 'Phone number' });
      await phone.fill('555-1234');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Enter 10 digits, such as (555) 123-4567; a leading 1 is allowed.').waitFor();
      expect(await phone.getAttribute('aria-invalid')).toBe('true');

      await phone.fill('1 555 123 4567');
      await page.getByRole('textbox', { name: 'Bio' }).fill('I coach chess on Saturdays.');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Profile saved.').waitFor();
      const preview = page.getByRole('region', { name: 'How others see you' });
      await preview.getByText('I coach chess on Saturdays.').waitFor();
      await preview.getByText('(555) 123-4567').waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'edit-profile-saved-390.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
