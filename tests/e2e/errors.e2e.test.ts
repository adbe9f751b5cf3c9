/**
 * What a reader sees when things go wrong, in the real app: no answer from the server reads as a
 * sentence in their language; a failed search keeps the page and shows its error in place; every
 * bad id in a URL (malformed, unknown, another tenant's) shows the same not-found page; the client
 * tells the server its language on every request; and an ecosystem admin who opens the platform's
 * panel lands in their own area.
 */
import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { persistedId, startE2eApp, type E2eApp } from './support/app';

const ECOSYSTEM = 'Riverside Unified School District';
const OFFLINE_EN = "We couldn't reach the server. Check your connection and try again.";
const OFFLINE_ES = 'No pudimos conectar con el servidor. Compruebe su conexión y vuelva a intentarlo.';

let app: E2eApp;
let ecosystemId: string;
let otherTenantId: string;

const globalId = (uuid: string) => Buffer.from(`Ecosystem:${uuid}`).toString('base64url');
const offline = (page: Page) => page.route('**/graphql', (route) => route.abort('internetdisconnected'));

async function createEcosystem(name: string): Promise<string> {
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await app.token('platformAdmin')}` },
    body: JSON.stringify({
      doc_id: persistedId('useCreateEcosystemMutation'),
      variables: { ecosystemInput: { name, organizationType: 'NON_PROFIT' }, connections: [] },
    }),
  });
  const body = (await res.json()) as { data?: { createEcosystem?: { id: string } } };
  if (!body.data?.createEcosystem) throw new Error(`createEcosystem failed: ${JSON.stringify(body)}`);
  return body.data.createEcosystem.id;
}

beforeAll(async () => {
  app = await startE2eApp();
  const r = await app.platform.services.ownerPool.query<{ id: string }>('SELECT id FROM read.ecosystems WHERE name = $1', [ECOSYSTEM]);
  ecosystemId = globalId(r.rows[0].id);
  otherTenantId = await createEcosystem('Another Tenant Academy');
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

describe('no answer from the server', () => {
  it('reads as a sentence in the interface language on the log-in page', async () => {
    for (const [locale, sentence, button] of [['en', OFFLINE_EN, 'Log in'], ['sp', OFFLINE_ES, 'Iniciar sesión']] as const) {
      const { page, context } = await app.open({ locale });
      await page.goto(`${app.url}/login`);
      await offline(page);
      await page.locator('input[type="email"]').fill('someone@example.org');
      await page.locator('input[type="password"]').fill('a password');
      await page.getByRole('button', { name: button, exact: true }).last().click();
      await expect.poll(() => page.getByRole('alert').textContent()).toContain(sentence);
      await expect(page.getByText('Failed to fetch').count()).resolves.toBe(0);
      await context.close();
    }
  });

  it('leaves a failed search on the page, with its error in place and a way to try again', async () => {
    const { page, context, errors } = await app.open({ who: 'platformAdmin' });
    await page.goto(`${app.url}/internal-admin-panel/manage-ecosystems`);
    await page.getByText(ECOSYSTEM).first().waitFor();
    await offline(page);
    await page.getByRole('searchbox', { name: 'Search ecosystems' }).fill('zzz');
    const alert = page.getByRole('alert');
    await alert.getByText('The search failed').waitFor();
    await expect(alert.textContent()).resolves.toContain(OFFLINE_EN);
    await page.getByRole('heading', { level: 1, name: 'Manage ecosystems' }).waitFor();
    await expect(page.getByRole('searchbox', { name: 'Search ecosystems' }).inputValue()).resolves.toBe('zzz');

    await page.unroute('**/graphql');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('No ecosystems match your search.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the language of requests', () => {
  it('sends Accept-Language from the interface language, and changes it with the language', async () => {
    const { page, context } = await app.open({ who: 'platformAdmin' });
    const languages: string[] = [];
    page.on('request', (request) => { if (request.url().endsWith('/graphql')) languages.push(request.headers()['accept-language'] ?? ''); });
    await page.goto(`${app.url}/internal-admin-panel/manage-ecosystems`);
    await page.getByText(ECOSYSTEM).first().waitFor();
    expect(languages.length).toBeGreaterThan(0);
    expect(new Set(languages)).toEqual(new Set(['en']));

    languages.length = 0;
    await page.getByRole('combobox', { name: 'Language' }).selectOption('sp');
    await page.getByRole('heading', { level: 1, name: 'Gestionar ecosistemas' }).waitFor();
    await page.getByRole('searchbox', { name: 'Buscar ecosistemas' }).fill('River');
    await expect.poll(() => languages.length).toBeGreaterThan(0);
    expect(new Set(languages)).toEqual(new Set(['es']));
    await context.close();
  });
});

describe('bad ids in URLs', () => {
  const notFound = async (who: 'platformAdmin' | 'ecosystemAdmin' | undefined, path: string) => {
    const { page, context, errors, consoleErrors } = await app.open({ who });
    await page.goto(`${app.url}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect(page.getByRole('heading', { level: 1 }).first().textContent(), `${path}: ${await page.locator('main').textContent()}`)
      .resolves.toBe('Page not found');
    await expect(page.title()).resolves.toBe('Page not found · Tutoring Platform');
    expect(errors).toEqual([]);
    // Not found is an answer, not a failure: nothing is logged as an error (RouteError).
    expect(consoleErrors, path).toEqual([]);
    await context.close();
  };

  it('show the same not-found page when malformed, unknown, or of another tenant', async () => {
    const unknown = globalId(randomUUID());
    for (const page of ['programs', 'breadcrumbs']) {
      await notFound('platformAdmin', `/internal-admin-panel/manage-ecosystems/not-an-id/${page}`);
      await notFound('platformAdmin', `/internal-admin-panel/manage-ecosystems/${Buffer.from('Program:x').toString('base64url')}/${page}`);
      await notFound('platformAdmin', `/internal-admin-panel/manage-ecosystems/${unknown}/${page}`);
      await notFound('ecosystemAdmin', `/admin/ecosystems/${otherTenantId}/${page}`);
      await notFound('ecosystemAdmin', `/admin/ecosystems/%E2%9C%93/${page}`);
    }
    await notFound(undefined, '/s/no-such-profile/login');
    await notFound(undefined, '/no-such-page');
    await notFound('platformAdmin', '/internal-admin-panel/no-such-page');
  });
});

describe("the ecosystem admin's own area", () => {
  it('is where the platform panel sends them, page for page', async () => {
    const { page, context } = await app.open({ who: 'ecosystemAdmin' });
    await page.goto(`${app.url}/internal-admin-panel`);
    await page.getByRole('heading', { level: 1, name: 'Ecosystem administration' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    await expect(page.getByText('Only platform admins').count()).resolves.toBe(0);

    await page.goto(`${app.url}/internal-admin-panel/manage-ecosystems/${ecosystemId}/programs`);
    await page.getByRole('heading', { level: 1, name: `Programs of ${ECOSYSTEM}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/ecosystems/${ecosystemId}/programs`);
    await page.getByRole('link', { name: 'Back to ecosystems' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ecosystem administration' }).waitFor();
    await context.close();
  });
});
