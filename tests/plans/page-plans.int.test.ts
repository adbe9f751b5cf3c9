/**
 * Cost flat as the data grows (issue 11, section 3): the web app's page queries, sent as the web
 * app sends them to a real platform whose read models hold thousands of rows per tenant, run only
 * plans that look at a page's worth of rows. Every statement they send to the read models is
 * recorded and run again under EXPLAIN ANALYZE with the viewer's tenant settings; a sequential
 * scan, a node that looks at more than BOUND rows, or a sort of more than BOUND rows fails.
 * Deep pages (cursors thousands of rows in) and rare filters are included: a plan that walks an
 * index and throws rows away looks fine on page one and grows with every page after it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../../api/relay';
import { startTestApi, type TestApi } from '../setup/api';
import { judge, planText, type Scope } from './explain';
import { recordStatements, type Statement } from './record';
import { seedReadModels, type Seeded } from './seed';
import { seedRoster } from './seed-roster';
import { seedLeads } from './seed-leads';
import { seedSessions, type SeededSessions } from './seed-sessions';

const SIZES = { bigTenants: 3, programs: 4000, breadcrumbs: 6000, jobs: 1500, smallTenants: 1500 };
/** People on the demo tenant's roster (decision 0049). */
const ROSTER_PEOPLE = 5000;
/** Sign-up leads of the demo tenant (decision 0045). */
const LEADS = 3000;
/** Session occurrences of the demo tenant (decision 0056): tutors x sessions each. */
const SESSIONS = { tutors: 200, perTutor: 100, learners: 1000 };
/** A page is at most 500 rows (the export's), plus one to tell hasNextPage; a tenant holds thousands. */
const BOUND = 600;

const ROOT = path.resolve(import.meta.dirname, '../..');
const persisted = JSON.parse(readFileSync(path.join(ROOT, 'web/persisted-queries.json'), 'utf8')) as Record<string, string>;

/** The document the web app sends now for `operation`: its Relay artifact names the persisted id. */
function webDocument(operation: string): string {
  const find = (dir: string): string | null => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        const found = find(full);
        if (found) return found;
      } else if (e.name === `${operation}.graphql.ts` && dir.endsWith('__generated__')) return full;
    }
    return null;
  };
  const artifact = find(path.join(ROOT, 'web/src'));
  const id = artifact && /"id": "([0-9a-f]{64})"/.exec(readFileSync(artifact, 'utf8'))?.[1];
  const text = id ? persisted[id] : undefined;
  if (!text) throw new Error(`no persisted document for ${operation} (run npm run build)`);
  return text;
}

type Who = 'platformAdmin' | 'ecosystemAdmin' | 'anonymous';

let api: TestApi;
let seeded: Seeded;
let demoId: string;
let rareEcosystemTerm: string;
let sessions: SeededSessions;
const tokens: Partial<Record<Who, string>> = {};

async function send(who: Who, query: string, variables: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await api.graphql(query, variables, { token: tokens[who] ?? null, headers: { 'x-platform-mode': 'platform' } });
  if (res.errors || !res.data) throw new Error(`${JSON.stringify(res.errors)} for ${query.slice(0, 80)}`);
  return res.data;
}

/** The end cursor after `pages` pages of a connection at `field`, so a test can start deep in a list. */
async function deepCursor(who: Who, query: string, field: string, variables: Record<string, unknown>, pages: number): Promise<string> {
  let after: string | null = null;
  for (let i = 0; i < pages; i++) {
    const data = await send(who, query, { ...variables, after });
    after = (data[field] as { pageInfo: { endCursor: string } }).pageInfo.endCursor;
  }
  if (!after) throw new Error(`no cursor ${pages} pages into ${field}`);
  return after;
}

const scopes = (): Record<Who, Scope> => ({
  platformAdmin: { platformAdmin: true, ecosystemIds: [] },
  ecosystemAdmin: { platformAdmin: false, ecosystemIds: [demoId] },
  anonymous: { platformAdmin: false, ecosystemIds: [] },
});

interface PageCase {
  name: string;
  who: Who;
  /** The web app's operation, sent as the web app sends it; or `document`, a list query of the API it does not use yet. */
  operation?: string;
  document?: string;
  variables: () => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Pages answered from memory (feature flags) send nothing to the read models. */
  noReads?: boolean;
  /**
   * Tables a contains-search reads whole: ILIKE is not leakproof, so under row-level security no
   * index (not even a trigram one) can serve it. The rest of the statement is held to the rules.
   */
  searches?: string[];
}

const cases: PageCase[] = [
  { name: 'ecosystems page', who: 'platformAdmin', operation: 'ManageEcosystemsPageQuery', variables: () => ({ searchTerm: null }) },
  {
    name: 'ecosystems page, a search matching one ecosystem', who: 'platformAdmin', operation: 'ManageEcosystemsPageQuery',
    variables: () => ({ searchTerm: rareEcosystemTerm }), searches: ['ecosystems'],
  },
  {
    name: 'ecosystems page, deep in the list', who: 'platformAdmin', operation: 'EcosystemListPaginationQuery',
    variables: async () => ({ count: 20, searchTerm: null, cursor: await deepCursor('platformAdmin',
      'query($after: String) { searchEcosystems(first: 100, after: $after, includeArchived: true) { pageInfo { endCursor } } }', 'searchEcosystems', {}, 8) }),
  },
  { name: 'programs page of a large tenant, platform admin', who: 'platformAdmin', operation: 'ProgramsPageQuery', variables: () => ({ ecosystemId: seeded.bigTenantIds[1] }) },
  { name: 'programs page, ecosystem admin', who: 'ecosystemAdmin', operation: 'ProgramsPageQuery', variables: () => ({ ecosystemId: demoId }) },
  {
    name: 'programs page, deep in the list', who: 'ecosystemAdmin', operation: 'ProgramListPaginationQuery',
    variables: async () => ({ count: 20, id: toGlobalId('Ecosystem', demoId), cursor: await deepCursor('ecosystemAdmin',
      'query($id: ID!, $after: String) { getProgramsByEcosystemId(ecosystemId: $id, first: 100, after: $after, includeArchived: true) { pageInfo { endCursor } } }',
      'getProgramsByEcosystemId', { id: demoId }, 25) }),
  },
  { name: 'demo job status poll', who: 'platformAdmin', operation: 'DemoJobStatusPollQuery', variables: () => ({ ecosystemId: seeded.bigTenantIds[1] }) },
  { name: 'home page ecosystems', who: 'platformAdmin', operation: 'HomePageEcosystemsQuery', variables: () => ({ ecosystemIds: seeded.bigTenantIds }) },
  { name: 'ecosystem admin page ecosystems', who: 'ecosystemAdmin', operation: 'EcosystemAdminPageEcosystemsQuery', variables: () => ({ ecosystemIds: [demoId] }) },
  { name: 'feature flags', who: 'ecosystemAdmin', operation: 'FeatureFlagsProviderQuery', variables: () => ({}), noReads: true },
  { name: 'breadcrumbs page', who: 'ecosystemAdmin', operation: 'BreadcrumbsPageQuery', variables: () => ({ ecosystemId: demoId, filter: null }) },
  { name: 'breadcrumbs page of a large tenant, platform admin', who: 'platformAdmin', operation: 'BreadcrumbsPageQuery', variables: () => ({ ecosystemId: seeded.bigTenantIds[2], filter: null }) },
  { name: 'breadcrumbs page, one actor', who: 'ecosystemAdmin', operation: 'BreadcrumbsPageQuery', variables: () => ({ ecosystemId: demoId, filter: { actorUserIds: [seeded.actorIds[3]] } }) },
  { name: 'breadcrumbs page, one action', who: 'ecosystemAdmin', operation: 'BreadcrumbsPageQuery', variables: () => ({ ecosystemId: demoId, filter: { eventTypes: ['ProgramArchived'] } }) },
  { name: 'breadcrumbs page, a rare action', who: 'ecosystemAdmin', operation: 'BreadcrumbsPageQuery', variables: () => ({ ecosystemId: demoId, filter: { eventTypes: ['ProgramDeleted'] } }) },
  { name: 'breadcrumbs page, one target', who: 'ecosystemAdmin', operation: 'BreadcrumbsPageQuery', variables: async () => ({ ecosystemId: demoId, filter: { targetType: 'program', targetId: await aTarget() } }) },
  {
    name: 'breadcrumbs page, a day long ago', who: 'ecosystemAdmin', operation: 'BreadcrumbsPageQuery',
    variables: () => ({ ecosystemId: demoId, filter: { from: ago(60 * 70), to: ago(60 * 69) } }),
  },
  {
    name: 'breadcrumbs page, deep in the trail', who: 'ecosystemAdmin', operation: 'BreadcrumbListPaginationQuery',
    variables: async () => ({ count: 50, ecosystemId: demoId, filter: null, cursor: await deepCursor('ecosystemAdmin',
      'query($id: ID!, $after: String) { getEcosystemBreadcrumbEntries(ecosystemId: $id, first: 500, after: $after) { pageInfo { endCursor } } }',
      'getEcosystemBreadcrumbEntries', { id: demoId }, 6) }),
  },
  { name: 'steps of a job run', who: 'ecosystemAdmin', operation: 'BreadcrumbStepsQuery', variables: () => ({ ecosystemId: demoId, filter: { runId: seeded.runIds[20] } }) },
  {
    name: 'target options with names', who: 'ecosystemAdmin', operation: 'useTargetOptionsQuery',
    variables: () => ({ ecosystemId: demoId, targetType: 'program', search: 'Program 1234', withNames: true }), searches: ['breadcrumb_facets'],
  },
  {
    name: 'target options, no search yet', who: 'ecosystemAdmin', operation: 'useTargetOptionsQuery',
    variables: () => ({ ecosystemId: demoId, targetType: 'program', search: null, withNames: false }),
  },
  { name: 'breadcrumbs export, first page', who: 'ecosystemAdmin', operation: 'breadcrumbsExportQuery', variables: () => ({ ecosystemId: demoId, filter: null, after: null }) },
  {
    name: 'breadcrumbs export, deep page', who: 'ecosystemAdmin', operation: 'breadcrumbsExportQuery',
    variables: async () => ({ ecosystemId: demoId, filter: null, after: await deepCursor('ecosystemAdmin',
      'query($id: ID!, $after: String) { getEcosystemBreadcrumbs(ecosystemId: $id, first: 500, after: $after) { pageInfo { endCursor } } }',
      'getEcosystemBreadcrumbs', { id: demoId }, 6) }),
  },
  { name: 'an ecosystem\'s log-in page', who: 'anonymous', operation: 'EcosystemLoginPageQuery', variables: () => ({ profileId: 'large-1' }) },
  {
    name: 'breadcrumbs page, two actors and two actions', who: 'ecosystemAdmin', operation: 'BreadcrumbsPageQuery',
    variables: () => ({ ecosystemId: demoId, filter: { actorUserIds: seeded.actorIds.slice(0, 2), eventTypes: ['ProgramEdited', 'UserRegistered'] } }),
  },
  {
    name: 'breadcrumbs export, three actions', who: 'ecosystemAdmin', operation: 'breadcrumbsExportQuery',
    variables: () => ({ ecosystemId: demoId, filter: { eventTypes: ['ProgramEdited', 'ProgramArchived', 'UserRegistered'] }, after: null }),
  },
  // List queries of the API that the web app does not send yet: the same rules hold.
  {
    name: 'unarchived ecosystems', who: 'platformAdmin',
    document: 'query { getEcosystems(first: 50) { edges { node { id name } } pageInfo { hasNextPage } } }', variables: () => ({}),
  },
  {
    name: 'unarchived programs of an ecosystem', who: 'ecosystemAdmin',
    document: 'query($id: ID!) { getProgramsByEcosystemId(ecosystemId: $id, first: 50) { edges { node { id name } } pageInfo { hasNextPage } } }',
    variables: () => ({ id: demoId }),
  },
  {
    name: 'jobs of an ecosystem', who: 'platformAdmin',
    document: 'query($id: ID) { getAllEcosystemJobs(ecosystemId: $id, first: 50) { edges { node { id state } } pageInfo { hasNextPage } } }',
    variables: () => ({ id: seeded.bigTenantIds[1] }),
  },
  {
    name: 'jobs of every ecosystem', who: 'platformAdmin',
    document: 'query { getAllEcosystemJobs(first: 50) { edges { node { id state } } pageInfo { hasNextPage } } }', variables: () => ({}),
  },
  ...rosterCases(),
  ...leadCases(),
  ...sessionCases(),
  ...adminSessionCases(),
];

/** The session lists (decision 0056): one person's by status and page, filters, the ecosystem's drop-ins. */
function sessionCases(): PageCase[] {
  const list = 'query($input: SessionsFilterInput) { getSessionsForUser(input: $input) { hasMore sessions { id status participants { userId } viewerCanEdit } } }';
  const forUser = (name: string, input: () => Record<string, unknown>): PageCase =>
    ({ name: `sessions, ${name}`, who: 'ecosystemAdmin', document: list, variables: () => ({ input: input() }) });
  const tutor = () => toGlobalId('User', sessions.busyTutorId);
  return [
    forUser('a tutor\'s upcoming', () => ({ userId: tutor() })),
    forUser('a tutor\'s completed, deep page', () => ({ userId: tutor(), status: 'COMPLETED', pageNumber: 4, pageSize: 10 })),
    forUser('a tutor\'s cancelled (rare)', () => ({ userId: tutor(), status: 'CANCELLED' })),
    forUser('a tutor\'s pending (rare)', () => ({ userId: tutor(), status: 'PENDING' })),
    forUser('a learner\'s in one program', () => ({ userId: toGlobalId('User', sessions.learnerId), status: 'COMPLETED', programId: sessions.programId })),
    forUser('a learner\'s drop-ins in a range', () => ({
      userId: toGlobalId('User', sessions.learnerId), sessionTypes: ['DROP_IN'], from: ago(-60 * 24), to: ago(-60 * 24 * 90),
    })),
    { name: 'sessions, upcoming drop-ins with a seat', who: 'ecosystemAdmin', document: 'query { getUpcomingDropInSessions { id fullness } }', variables: () => ({}) },
    {
      name: 'sessions, hours a tutor led', who: 'ecosystemAdmin', document: 'query($id: ID) { getEcosystemHoursTutored(userId: $id) }',
      variables: () => ({ id: tutor() }),
    },
  ];
}

/** The admin session summary (decision 0060): each sort, each filter alone, rare statuses, deep pages, searches. */
function adminSessionCases(): PageCase[] {
  const summary = 'query($id: ID, $after: String, $filters: AdminSessionFilters) { getEcosystemAdminPaginatedSessionSummary(ecosystemId: $id, pageSize: 100, after: $after, filters: $filters) { endCursor sessions { id } } }';
  const eco = () => toGlobalId('Ecosystem', demoId);
  const page = (name: string, filters: Record<string, unknown> | (() => Promise<Record<string, unknown>>), extra: Partial<PageCase> = {}): PageCase => ({
    name: `session summary, ${name}`, who: 'ecosystemAdmin', operation: 'SessionSummaryListQuery',
    variables: async () => ({ ecosystemId: eco(), filters: typeof filters === 'function' ? await filters() : filters, after: null, pageSize: 25 }), ...extra,
  });
  const deep = (filters: Record<string, unknown>) => async () => {
    let after: string | null = null;
    for (let i = 0; i < 30; i++) {
      const data = await send('ecosystemAdmin', summary, { id: demoId, filters, after });
      after = (data.getEcosystemAdminPaginatedSessionSummary as { endCursor: string }).endCursor;
    }
    return { ecosystemId: eco(), filters, pageSize: 25, after };
  };
  const aProgram = async () => ({ programIds: [(await api.db.ownerPool.query<{ id: string }>('SELECT program_id AS id FROM read.sessions WHERE ecosystem_id = $1 LIMIT 1', [demoId])).rows[0].id] });
  return [
    { name: 'session summary page', who: 'ecosystemAdmin', operation: 'AdminSessionsPageQuery', variables: () => ({ ecosystemId: eco() }) },
    page('latest first', {}),
    page('earliest first', { sort: 'START_ASC' }),
    page('by subject', { sort: 'SUBJECT' }),
    // Not 'by program': that walk visits the ecosystem's programs in name order until their sessions fill
    // a page, so it reads up to a row per program (753 of this tenant's 3,967 before the first page, decision 0060).
    page('one program', aProgram),
    page('a week ahead', async () => ({ from: ago(-60 * 24 * 7), to: ago(-60 * 24 * 14) })),
    page('cancelled (rare)', { statuses: ['CANCELLED'] }),
    page('pending (rare)', { statuses: ['PENDING'] }),
    page('upcoming', { statuses: ['UPCOMING'], sort: 'START_ASC' }),
    page('deep in the list', {}, { variables: deep({}) }),
    page('by subject, deep in the list', {}, { variables: deep({ sort: 'SUBJECT' }) }),
    page('a search', { searchTerm: 'first4242' }, { searches: ['sessions', 'roster_entries'] }),
    {
      name: 'session summary search options', who: 'ecosystemAdmin', searches: ['roster_entries'],
      document: 'query($id: ID, $t: String!) { getEcosystemAdminSessionsSearchAutocompleteOptions(ecosystemId: $id, searchTerm: $t) { subjects people { name } } }',
      variables: () => ({ id: demoId, t: 'alg' }),
    },
  ];
}

/** The sign-up leads page (decision 0045): newest first, a status, deep pages. */
function leadCases(): PageCase[] {
  const leads = 'query($id: ID!, $status: SignupLeadStatus, $after: String) { signupLeads(ecosystemId: $id, status: $status, first: 50, after: $after) { edges { node { id } } pageInfo { endCursor } } }';
  const deep = (status: string | null) => async () =>
    ({ count: 20, ecosystemId: toGlobalId('Ecosystem', demoId), status, cursor: await deepCursor('ecosystemAdmin', leads, 'signupLeads', { id: demoId, status }, 40) });
  return [
    { name: 'leads page', who: 'ecosystemAdmin', operation: 'LeadsPageQuery', variables: () => ({ ecosystemId: toGlobalId('Ecosystem', demoId), status: null }) },
    { name: 'leads page, open', who: 'ecosystemAdmin', operation: 'LeadsPageQuery', variables: () => ({ ecosystemId: toGlobalId('Ecosystem', demoId), status: 'OPEN' }) },
    { name: 'leads page, used (rare)', who: 'ecosystemAdmin', operation: 'LeadsPageQuery', variables: () => ({ ecosystemId: toGlobalId('Ecosystem', demoId), status: 'USED' }) },
    { name: 'leads, deep in the list', who: 'ecosystemAdmin', operation: 'LeadListPaginationQuery', variables: deep(null) },
    { name: 'leads, open, deep in the list', who: 'ecosystemAdmin', operation: 'LeadListPaginationQuery', variables: deep('OPEN') },
  ];
}

/** The admin user tools' lists (decision 0049): each filter alone, both sorts, deep pages. */
function rosterCases(): PageCase[] {
  const roster = 'query($id: ID, $after: String, $filters: UserRosterFilters) { getUserRoster(ecosystemId: $id, first: 50, after: $after, selectedFilters: $filters) { edges { node { userId email status roles } } pageInfo { hasNextPage endCursor } } }';
  type Filters = Record<string, unknown> | (() => Promise<Record<string, unknown>>);
  const filtersOf = async (filters: Filters) => (typeof filters === 'function' ? filters() : filters);
  const page = (name: string, filters: Filters, extra: Partial<PageCase> = {}): PageCase =>
    ({ name: `roster, ${name}`, who: 'ecosystemAdmin', document: roster, variables: async () => ({ id: demoId, filters: await filtersOf(filters) }), ...extra });
  const deep = (filters: Record<string, unknown>) => async () =>
    ({ id: demoId, filters, after: await deepCursor('ecosystemAdmin', roster, 'getUserRoster', { id: demoId, filters }, 40) });
  const aProgram = async () => ({ programIds: [(await api.db.ownerPool.query<{ id: string }>('SELECT id FROM read.programs WHERE ecosystem_id = $1 ORDER BY id LIMIT 1', [demoId])).rows[0].id] });
  return [
    page('by name', {}),
    page('newest first', { sort: 'JOINED_DESC' }),
    page('one rare role', { roles: ['TEACHER'] }),
    page('one common role, by join date', { roles: ['TUTEE'], sort: 'JOINED_ASC' }),
    page('one rare status', { statuses: ['GLOBAL_LOCK'] }),
    page('one program', aProgram),
    page('deep in the list', {}, { variables: deep({}) }),
    page('one role, deep in the list', {}, { variables: deep({ roles: ['LEADER'] }) }),
    page('a search', { searchTerm: 'first4242' }, { searches: ['roster_entries'] }),
    {
      name: 'tutees of an ecosystem', who: 'ecosystemAdmin',
      document: 'query($id: ID) { getTuteesForEcosystem(ecosystemId: $id, first: 50) { edges { node { userId } } } }', variables: () => ({ id: demoId }),
    },
  ];
}

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function aTarget(): Promise<string> {
  const r = await api.db.ownerPool.query<{ id: string }>('SELECT id FROM read.programs WHERE ecosystem_id = $1 ORDER BY id OFFSET 1234 LIMIT 1', [demoId]);
  return r.rows[0].id;
}

function report(statement: Statement, problems: string[], plan: string): string {
  return `${problems.join('; ')}\n  ${statement.text.replace(/\s+/g, ' ').slice(0, 300)}\n  values ${JSON.stringify(statement.values).slice(0, 200)}\n${plan}`;
}

describe('the web app\'s page queries on a few thousand rows per tenant', () => {
  beforeAll(async () => {
    api = await startTestApi();
    demoId = api.platform.demo!.ecosystemId;
    tokens.platformAdmin = await api.loginAs('platformAdmin');
    tokens.ecosystemAdmin = await api.loginAs('ecosystemAdmin');
    seeded = await seedReadModels(api.db.ownerPool, demoId, SIZES);
    await seedRoster(api.db.ownerPool, demoId, ROSTER_PEOPLE);
    await seedLeads(api.db.ownerPool, demoId, LEADS);
    sessions = await seedSessions(api.db.ownerPool, demoId, SESSIONS);
    // The end of one name exactly, so the search matches one ecosystem of many.
    const one = await api.db.ownerPool.query<{ name: string }>(`SELECT name FROM read.ecosystems WHERE name LIKE 'District %' ORDER BY name OFFSET 777 LIMIT 1`);
    rareEcosystemTerm = one.rows[0].name.slice(-12);
  }, 240_000);
  afterAll(async () => { await api?.stop(); });

  it.each(cases)('$name: every statement looks at a page of rows', async (page) => {
    const variables = await page.variables();
    const document = page.operation ? webDocument(page.operation) : page.document ?? '';
    const statements = await recordStatements(async () => { await send(page.who, document, variables); });
    if (page.noReads) {
      expect(statements).toEqual([]);
      return;
    }
    expect(statements.length).toBeGreaterThan(0);
    const judged = await judge(api.db.apiPool, scopes()[page.who], statements, BOUND, page.searches);
    expect(judged.filter((j) => j.problems.length).map((j) => report(j.statement, j.problems, planText(j.plan)))).toEqual([]);
  });
});
