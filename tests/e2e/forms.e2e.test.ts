/**
 * Forms on a phone (390 px): a submit refused for what was typed takes the reader to the problem.
 * In every form dialog (log-in, ecosystem, program, demo data) the first invalid field ends up
 * focused and on screen, even when the reader had scrolled down to the buttons
 * (web/src/components/focusInvalid.ts).
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp, type Who } from './support/app';

const ECOSYSTEM = 'Riverside Unified School District';
const PHONE = { width: 390, height: 664 };

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

/** What has focus: its accessible label, whether it is marked invalid, and whether it is inside the viewport. */
async function focused(page: Page): Promise<{ label: string; invalid: boolean; onScreen: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    if (!el || el === document.body) return { label: '', invalid: false, onScreen: false };
    const rect = el.getBoundingClientRect();
    const label = el.labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.tagName;
    return {
      label: label.replace(/\s*\*\s*$/, '').trim(),
      invalid: el.getAttribute('aria-invalid') === 'true',
      onScreen: rect.top >= 0 && rect.bottom <= window.innerHeight && rect.height > 0,
    };
  });
}

/** Submits with `submit` (scrolled into view first, as a reader on a phone would) and expects `label` to be where they land. */
async function expectLandsOn(page: Page, submit: Locator, label: string): Promise<void> {
  await submit.scrollIntoViewIfNeeded();
  await submit.click();
  await expect.poll(() => focused(page)).toEqual({ label, invalid: true, onScreen: true });
}

async function openAt(path: string, who?: Who): Promise<{ page: Page; close: () => Promise<void>; errors: string[] }> {
  const { page, context, errors } = await app.open({ ...PHONE, who });
  await page.goto(`${app.url}${path}`);
  return { page, close: () => context.close(), errors };
}

describe('a refused submit on a phone', () => {
  it('focuses the e-mail field of the log-in form', async () => {
    const { page, close, errors } = await openAt('/login');
    try {
      await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
      await expectLandsOn(page, page.getByRole('main').getByRole('button', { name: 'Log in' }), 'Email');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill('someone@example.org');
      await expectLandsOn(page, page.getByRole('main').getByRole('button', { name: 'Log in' }), 'Password');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('focuses the name of a new ecosystem, at the top of a long form, after Save at its bottom', async () => {
    const { page, close, errors } = await openAt('/internal-admin-panel/manage-ecosystems', 'platformAdmin');
    try {
      await page.getByRole('button', { name: 'Create ecosystem' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create ecosystem' });
      await dialog.waitFor();
      await expectLandsOn(page, dialog.getByRole('button', { name: 'Save' }), 'Name');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('focuses the name of a new program', async () => {
    const { page, close, errors } = await openAt('/internal-admin-panel/manage-ecosystems', 'platformAdmin');
    try {
      await page.getByRole('button', { name: `Actions for ${ECOSYSTEM}` }).click();
      await page.getByRole('menuitem', { name: 'Programs', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: `Programs of ${ECOSYSTEM}` }).waitFor();
      await page.getByRole('button', { name: 'Add program' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a program' });
      await dialog.waitFor();
      await expectLandsOn(page, dialog.getByRole('button', { name: 'Save' }), 'Program name');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('focuses the start date of demo data', async () => {
    const { page, close, errors } = await openAt('/internal-admin-panel/manage-ecosystems', 'platformAdmin');
    try {
      await page.getByRole('button', { name: `Actions for ${ECOSYSTEM}` }).click();
      await page.getByRole('menuitem', { name: 'Create demo data' }).click();
      const dialog = page.getByRole('dialog', { name: `Create demo data for ${ECOSYSTEM}` });
      await dialog.waitFor();
      await dialog.getByLabel('First demo session date').fill('');
      await expectLandsOn(page, dialog.getByRole('button', { name: 'Create demo data' }), 'First demo session date');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
