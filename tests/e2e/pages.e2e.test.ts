/**
 * Every page at a phone's (390 px), a tablet's (768) and a desktop's (1280) width, signed out, as
 * the platform admin and as the ecosystem admin, with its dialogs and menus open too: the page
 * never scrolls sideways, every control is on screen (or in a box that scrolls by itself), axe-core
 * finds no WCAG A/AA or best-practice violation, and nothing throws. Screenshots of each go to
 * dist/e2e-screenshots/ to be looked at.
 */
import { Buffer } from 'node:buffer';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROFILE_ID } from '../../api/seed';
import { axeViolations, describeViolations } from './support/axe';
import { startE2eApp, type E2eApp, type PageOptions } from './support/app';
import { layoutReport } from './support/layout';

const WIDTHS = [390, 768, 1280];
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../dist/e2e-screenshots');
const ECOSYSTEM = 'Riverside Unified School District';

let app: E2eApp;
let ecosystemId: string;

interface Visit extends Omit<PageOptions, 'width'> {
  name: string;
  path: () => string;
  /** Waits until the page shows what it is about. */
  ready: (page: Page) => Promise<unknown>;
  /** Opens a dialog or menu before the checks. */
  then?: (page: Page) => Promise<unknown>;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name }).waitFor();
const openActions = (page: Page, name: string) => page.getByRole('button', { name: `Actions for ${name}` }).click();
const dialog = (name: string | RegExp) => (page: Page) => page.getByRole('dialog', { name }).waitFor();

const ecosystemsPath = () => '/internal-admin-panel/manage-ecosystems';
const programs = (area: 'platform' | 'ecosystem') => () => `${area === 'platform' ? ecosystemsPath() : '/admin/ecosystems'}/${ecosystemId}/programs`;
const breadcrumbs = (area: 'platform' | 'ecosystem') => () => `${area === 'platform' ? ecosystemsPath() : '/admin/ecosystems'}/${ecosystemId}/breadcrumbs`;

const visits: Visit[] = [
  { name: 'home-signed-out', path: () => '/', ready: heading('Welcome') },
  { name: 'login', path: () => '/login', ready: heading('Log in') },
  { name: 'login-es', locale: 'sp', path: () => '/login', ready: heading('Iniciar sesión') },
  { name: 'ecosystem-login', path: () => `/s/${DEMO_PROFILE_ID}/login`, ready: heading(`Log in to ${ECOSYSTEM}`) },
  { name: 'not-found', path: () => '/no-such-page', ready: heading('Page not found') },
  { name: 'platform-home', who: 'platformAdmin', path: () => '/', ready: heading('Welcome') },
  { name: 'platform-panel', who: 'platformAdmin', path: () => '/internal-admin-panel', ready: heading('Internal admin panel') },
  { name: 'platform-ecosystems', who: 'platformAdmin', path: ecosystemsPath, ready: (page) => page.getByText(ECOSYSTEM).first().waitFor() },
  { name: 'platform-ecosystems-es', who: 'platformAdmin', locale: 'sp', path: ecosystemsPath, ready: heading('Gestionar ecosistemas') },
  { name: 'platform-ecosystems-create', who: 'platformAdmin', path: ecosystemsPath, ready: heading('Manage ecosystems'),
    then: async (page) => { await page.getByRole('button', { name: 'Create ecosystem' }).click(); await dialog('Create ecosystem')(page); } },
  { name: 'platform-ecosystems-menu', who: 'platformAdmin', path: ecosystemsPath, ready: heading('Manage ecosystems'),
    then: async (page) => { await openActions(page, ECOSYSTEM); await page.getByRole('menuitem', { name: 'Edit' }).waitFor(); } },
  { name: 'platform-ecosystems-edit', who: 'platformAdmin', path: ecosystemsPath, ready: heading('Manage ecosystems'),
    then: async (page) => { await openActions(page, ECOSYSTEM); await page.getByRole('menuitem', { name: 'Edit' }).click(); await dialog(`Edit ${ECOSYSTEM}`)(page); } },
  { name: 'platform-ecosystems-demo', who: 'platformAdmin', path: ecosystemsPath, ready: heading('Manage ecosystems'),
    then: async (page) => {
      await openActions(page, ECOSYSTEM);
      await page.getByRole('menuitem', { name: 'Create demo data' }).click();
      await dialog(`Create demo data for ${ECOSYSTEM}`)(page);
    } },
  { name: 'platform-programs', who: 'platformAdmin', path: programs('platform'), ready: heading(`Programs of ${ECOSYSTEM}`) },
  { name: 'platform-programs-add', who: 'platformAdmin', path: programs('platform'), ready: heading(`Programs of ${ECOSYSTEM}`),
    then: async (page) => { await page.getByRole('button', { name: 'Add program' }).click(); await dialog('Add a program')(page); } },
  { name: 'platform-programs-archive', who: 'platformAdmin', path: programs('platform'), ready: heading(`Programs of ${ECOSYSTEM}`),
    then: async (page) => {
      await openActions(page, 'Math Tutoring');
      await page.getByRole('menuitem', { name: 'Archive' }).click();
      await dialog('Archive Math Tutoring?')(page);
    } },
  { name: 'platform-breadcrumbs', who: 'platformAdmin', path: breadcrumbs('platform'), ready: heading(new RegExp(ECOSYSTEM)) },
  { name: 'ecosystem-home', who: 'ecosystemAdmin', path: () => '/', ready: heading('Welcome') },
  { name: 'ecosystem-admin', who: 'ecosystemAdmin', path: () => '/admin', ready: heading('Ecosystem administration') },
  { name: 'ecosystem-admin-es', who: 'ecosystemAdmin', locale: 'sp', path: () => '/admin', ready: heading('Administración del ecosistema') },
  { name: 'ecosystem-admin-edit', who: 'ecosystemAdmin', path: () => '/admin', ready: heading('Ecosystem administration'),
    then: async (page) => { await page.getByRole('button', { name: `Edit ${ECOSYSTEM}` }).click(); await dialog(`Edit ${ECOSYSTEM}`)(page); } },
  { name: 'ecosystem-programs', who: 'ecosystemAdmin', path: programs('ecosystem'), ready: heading(`Programs of ${ECOSYSTEM}`) },
  { name: 'ecosystem-programs-menu', who: 'ecosystemAdmin', path: programs('ecosystem'), ready: heading(`Programs of ${ECOSYSTEM}`),
    then: async (page) => { await openActions(page, 'Reading Buddies'); await page.getByRole('menuitem', { name: 'Rename' }).waitFor(); } },
  { name: 'ecosystem-breadcrumbs', who: 'ecosystemAdmin', path: breadcrumbs('ecosystem'), ready: heading(new RegExp(ECOSYSTEM)) },
  { name: 'join-invalid', path: () => `/join/${'x'.repeat(43)}`, ready: heading('This Invite Link Is Invalid') },
  { name: 'ecosystem-invite', who: 'ecosystemAdmin', path: () => `/admin/ecosystems/${ecosystemId}/invite`, ready: heading(`Invite people to ${ECOSYSTEM}`) },
  { name: 'ecosystem-invite-es', who: 'ecosystemAdmin', locale: 'sp', path: () => `/admin/ecosystems/${ecosystemId}/invite`, ready: heading(`Invitar personas a ${ECOSYSTEM}`) },
  { name: 'platform-invite', who: 'platformAdmin', path: () => `${ecosystemsPath()}/${ecosystemId}/invite`, ready: heading(`Invite people to ${ECOSYSTEM}`) },
];

beforeAll(async () => {
  app = await startE2eApp();
  const r = await app.platform.services.ownerPool.query<{ id: string }>('SELECT id FROM read.ecosystems WHERE name = $1', [ECOSYSTEM]);
  ecosystemId = Buffer.from(`Ecosystem:${r.rows[0].id}`).toString('base64url');
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

/** Everything wrong with one visit at one width, as lines of a report (empty when all is well). */
async function check(visit: Visit, width: number): Promise<string[]> {
  const { page, context, errors } = await app.open({ width, who: visit.who, locale: visit.locale });
  try {
    await page.goto(`${app.url}${visit.path()}`);
    await visit.ready(page);
    await visit.then?.(page);
    // Let transitions (dialogs fade in) settle, so the checks see what a reader sees.
    await page.waitForTimeout(350);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${visit.name}-${width}.png`), fullPage: true });
    const layout = await layoutReport(page);
    const problems: string[] = [];
    if (layout.scrollWidth > layout.innerWidth) problems.push(`scrolls sideways: ${layout.scrollWidth} > ${layout.innerWidth}`);
    if (layout.controls === 0) problems.push('no controls found');
    if (layout.unreachable.length > 0) problems.push(`off screen: ${layout.unreachable.join(', ')}`);
    const violations = await axeViolations(page);
    if (violations.length > 0) problems.push(`axe:\n${describeViolations(violations)}`);
    if (errors.length > 0) problems.push(`page errors: ${errors.join('; ')}`);
    return problems.map((p) => `${visit.name} @${width}: ${p}`);
  } finally {
    await context.close();
  }
}

describe('every page at phone, tablet and desktop widths', () => {
  it.each(visits.map((v) => [v.name, v] as const))('%s', async (_name, visit) => {
    const problems: string[] = [];
    for (const width of WIDTHS) problems.push(...await check(visit, width));
    expect(problems.join('\n')).toBe('');
  });
});
