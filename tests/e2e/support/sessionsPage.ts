/**
 * What the sessions pages' browser tests share: the widths, the zone the journeys live in, and the
 * steps on the page (choosing in a Mantine select, a session's card, checking an opened dialog).
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { checkPage } from './check';

export const SIZES = [{ width: 390, height: 844 }, { width: 1280, height: 900 }] as const;
export const ZONE = 'America/New_York';

/**
 * checkPage once the dialog has finished opening (its close button stable where it lands), with
 * the toasts of earlier steps gone (they close after 4 s): at 1280 px they stand over the dialog's
 * close button.
 */
export async function checkDialog(page: Page, dialog: Locator, name: string): Promise<void> {
  await expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 12_000 }).toBe(0);
  await dialog.getByRole('button', { name: 'Close dialog' }).click({ trial: true });
  await checkPage(page, name);
}

export async function choose(scope: Locator, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await scope.page().getByRole('listbox').getByRole('option', { name: option, exact: typeof option === 'string' }).first().click();
}

export function sessionCard(page: Page, listName: string, subject: string): Locator {
  return page.getByRole('list', { name: listName }).getByRole('listitem').filter({ hasText: subject });
}

