/**
 * The sessions page (/sessions, issue 8, docs/decisions/0059) in the browser at 390 and 1280 px,
 * with checkPage (screenshot, no sideways scroll, every control reachable, axe-core) on each state.
 * A list that fails to load shows the spec's own words (SPEC section 8) while the rest of the page
 * works: the failure is made by answering that list's persisted query with a GraphQL error.
 * Screenshots: dist/e2e-screenshots/sessions-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { persistedId, startE2eApp, type E2eApp } from './support/app';
import { checkPage } from './support/check';

const SIZES = [{ width: 390, height: 844 }, { width: 1280, height: 900 }] as const;

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

/** Answers the named persisted operations with a GraphQL error; everything else goes to the server. */
async function failOperations(page: Page, operations: readonly string[]): Promise<void> {
  const ids = new Set(operations.map(persistedId));
  await page.route('**/graphql', async (route) => {
    const body = route.request().postDataJSON() as { doc_id?: string } | null;
    if (!body?.doc_id || !ids.has(body.doc_id)) return route.continue();
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ errors: [{ message: 'The list is not available' }] }) });
  });
}

describe.each(SIZES)('the sessions page at $width px', (size) => {
  const shot = (name: string) => `sessions-${name}-${size.width}`;

  it('shows each list\'s own error text when it fails to load, in English and Spanish, and the rest of the page', async () => {
    for (const [locale, words] of [
      ['en', { title: 'Sessions', upcoming: 'Error Fetching Upcoming Sessions', dropIn: 'Error Fetching Upcoming Drop-In Sessions', completed: 'There was an issue fetching your completed sessions!', help: 'How to schedule' }],
      ['sp', { title: 'Sesiones', upcoming: 'Error al obtener las próximas sesiones', dropIn: 'Error al obtener las próximas sesiones abiertas', completed: '¡Hubo un problema al obtener sus sesiones completadas!', help: 'Cómo programar' }],
    ] as const) {
      const { page, context, errors } = await app.open({ ...size, who: 'ecosystemAdmin', locale });
      try {
        await failOperations(page, ['sessionOperationsListQuery', 'sessionOperationsDropInQuery']);
        await page.goto(`${app.url}/sessions`);
        await page.getByRole('heading', { level: 1, name: words.title }).waitFor();
        // The calendar's own request fails too, and says so with the upcoming list's words.
        await expect.poll(() => page.getByText(words.upcoming, { exact: true }).count()).toBe(2);
        await page.getByText(words.dropIn, { exact: true }).waitFor();
        await page.getByText(words.completed, { exact: true }).waitFor();
        await page.getByRole('heading', { level: 2, name: words.help }).waitFor();
        await checkPage(page, shot(`errors-${locale}`));
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
