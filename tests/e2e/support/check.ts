/**
 * The checks every page of the browser tests passes: a screenshot for people to look at (taken
 * first, so it is there when a check below fails), no sideways scroll, every control reachable, and
 * no axe-core violation.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations, describeViolations } from './axe';
import { layoutReport } from './layout';

export const SCREENSHOTS = path.resolve(import.meta.dirname, '../../../dist/e2e-screenshots');

export async function checkPage(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  // From the top: a page left scrolled down draws its sticky header across the middle of a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const layout = await layoutReport(page);
  expect(layout.scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(layout.innerWidth);
  expect(layout.unreachable, `${name} controls off screen`).toEqual([]);
  expect(describeViolations(await axeViolations(page)), name).toBe('');
}
