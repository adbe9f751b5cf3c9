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
  await settledAnimations(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const layout = await layoutReport(page);
  expect(layout.scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(layout.innerWidth);
  expect(layout.unreachable, `${name} controls off screen`).toEqual([]);
  expect(describeViolations(await axeViolations(page)), name).toBe('');
}

/**
 * Waits until the page's finite animations and transitions have ended (a toast sliding in from the
 * side is off screen until it has), at most two seconds; endless ones (a loader's spin) are ignored.
 */
async function settledAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    const finite = document.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    return Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
}
