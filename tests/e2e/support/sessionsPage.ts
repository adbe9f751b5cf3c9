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
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.click();
  // The option of this combobox's own list: under load another list may still be closing (its
  // transition), and an option of that one would be chosen instead, leaving this field empty.
  await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
  const listId = await box.getAttribute('aria-controls');
  const list = listId ? scope.page().locator(`[id="${listId}"]`) : scope.page().getByRole('listbox');
  await list.getByRole('option', { name: option, exact: typeof option === 'string' }).first().click();
}

export function sessionCard(page: Page, listName: string, subject: string): Locator {
  return page.getByRole('list', { name: listName }).getByRole('listitem').filter({ hasText: subject });
}

