/**
 * What a reader on a narrow screen needs: the page does not scroll sideways, and every control
 * (link, button, field, menu item) is on screen, or inside a box that scrolls by itself (a wide
 * table) where scrolling that box brings it into view. Checked in the page, at its current size.
 */
import type { Page } from 'playwright-core';

export interface LayoutReport {
  scrollWidth: number;
  innerWidth: number;
  /** Controls that no scrolling brings into view, described for the failure message. */
  unreachable: string[];
  /** How many controls were checked (a page with none would check nothing). */
  controls: number;
}

export function layoutReport(page: Page): Promise<LayoutReport> {
  return page.evaluate(() => {
    const SELECTOR = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="menuitem"], [role="tab"], [tabindex]:not([tabindex="-1"])';
    const hidden = (el: Element) => Boolean(el.closest('[aria-hidden="true"], [inert], .skip-link'));
    const rendered = (el: Element) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return style.visibility !== 'hidden' && style.display !== 'none' && box.width > 0 && box.height > 0;
    };
    /** The nearest ancestor that scrolls sideways by itself, if any. */
    const scroller = (el: Element): Element | null => {
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        const overflow = getComputedStyle(node).overflowX;
        if ((overflow === 'auto' || overflow === 'scroll') && node.scrollWidth > node.clientWidth) return node;
      }
      return null;
    };
    const width = window.innerWidth;
    const controls = [...document.querySelectorAll(SELECTOR)].filter((el) => !hidden(el) && rendered(el));
    const unreachable = controls.filter((el) => {
      const box = el.getBoundingClientRect();
      const box2 = scroller(el)?.getBoundingClientRect();
      // Inside a sideways-scrolling box: reachable when that box itself is on screen.
      const frame = box2 ? { left: box2.left, right: box2.right } : { left: box.left, right: box.right };
      return frame.left < -1 || frame.right > width + 1;
    }).map((el) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, unreachable, controls: controls.length };
  });
}
