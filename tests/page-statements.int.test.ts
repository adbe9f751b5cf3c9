/**
 * What a page of the web app costs the database (docs/decisions/0025): every query document the
 * web app sends today (its Relay artifacts' persisted ids, as web/persisted-queries.json serves
 * them) runs against pages of 1, 5 and 20 rows, and must send as many statements for 20 rows as
 * for 1, in at most one read transaction. Counted on the server: the queries the platform's app_api
 * pool sent (what /metrics shows as db_pool_queries_total) and the transactions begun on its wire.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureUser } from '../api/auth/seed';
import { DEMO_PROFILE_ID } from '../api/seed';
import { newEvent } from '../projections/testing/fixtures';
import { insertSessions } from '../api/sessions-admin/testing';
import { startTestApi, type TestApi } from './setup/api';
import { toGlobalId } from '../api/relay';
import { watchWire, type WireCounts } from './setup/wire';
import { postTestNotification } from '../api/notifications/testing';

const ROOT = path.resolve(import.meta.dirname, '..');
const SIZES = [1, 5, 20] as const;

type Data = Record<string, unknown>;
type Json = { data?: Data | null; errors?: unknown[] };

/** One group of rows: `size` ecosystems found by `term`; the first has `size` programs and a job. */
interface Group {
  size: number;
  term: string;
  ids: string[];
  globalIds: string[];
}

interface PageCase {
  variables(g: Group): Record<string, unknown>;
  /** The rows the answer lists (null: a page of one thing, whatever the group). */
  rows(d: Data): number | null;
}

const at = (d: unknown, ...keys: string[]): unknown => keys.reduce((v, k) => (v as Record<string, unknown> | null)?.[k], d);
const edges = (...keys: string[]) => (d: Data) => (at(d, ...keys, 'edges') as unknown[]).length;
const single = () => null;

/** Every query document of the web app, with variables for a group of rows. */
const CASES: Record<string, PageCase> = {
  ManageEcosystemsPageQuery: { variables: (g) => ({ searchTerm: g.term }), rows: edges('searchEcosystems') },
  EcosystemListPaginationQuery: { variables: (g) => ({ searchTerm: g.term, count: 20 }), rows: edges('searchEcosystems') },
  ProgramsPageQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0] }), rows: edges('getEcosystemById', 'programs') },
  ProgramListPaginationQuery: { variables: (g) => ({ id: g.globalIds[0], count: 20 }), rows: edges('node', 'programs') },
  HomePageEcosystemsQuery: { variables: (g) => ({ ecosystemIds: g.globalIds }), rows: (d) => (d.getEcosystemsById as unknown[]).length },
  EcosystemAdminPageEcosystemsQuery: { variables: (g) => ({ ecosystemIds: g.globalIds }), rows: (d) => (d.getEcosystemsById as unknown[]).length },
  BreadcrumbsPageQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0] }), rows: edges('getEcosystemBreadcrumbEntries') },
  BreadcrumbListPaginationQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0], count: 50 }), rows: edges('getEcosystemBreadcrumbEntries') },
  BreadcrumbStepsQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0] }), rows: edges('getEcosystemBreadcrumbs') },
  BreadcrumbStepsPaginationQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0], count: 100 }), rows: edges('getEcosystemBreadcrumbs') },
  breadcrumbsExportQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0] }), rows: edges('getEcosystemBreadcrumbs') },
  useTargetOptionsQuery: {
    variables: (g) => ({ ecosystemId: g.globalIds[0], withNames: true }), rows: (d) => (d.getEcosystemBreadcrumbTargets as unknown[]).length,
  },
  DemoJobStatusPollQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0] }), rows: single },
  HomePageQuery: { variables: () => ({}), rows: single },
  viewerAreasQuery: { variables: () => ({}), rows: single },
  EcosystemAdminPageQuery: { variables: () => ({}), rows: single },
  EditProfilePageQuery: { variables: () => ({}), rows: single },
  FeatureFlagsProviderQuery: { variables: () => ({}), rows: single },
  EcosystemLoginPageQuery: { variables: () => ({ profileId: DEMO_PROFILE_ID }), rows: single },
  MultiFactorPageQuery: { variables: () => ({}), rows: single },
  // /reset-password/:token asks whether its link works: one token look-up, whatever the size.
  usePasswordResetOperationsValidQuery: { variables: () => ({ token: 'A'.repeat(43) }), rows: single },
  // Single sign-on (docs/decisions/0046): the seeded ecosystems offer no provider and the viewer has no
  // linked identity, so both read one (empty) list: the cases keep their statement counts under watch.
  EcosystemLoginPageSsoQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0] }), rows: single },
  LinkedAccountsPageQuery: { variables: () => ({}), rows: single },
  // The set-up page reads the ecosystem and its (empty) set-up stream: one page, whatever the size.
  SsoSetupPageQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0] }), rows: single },
  // The outbox holds MESSAGES messages; its pages of 1, 5 and 20 are the pagination query's sizes.
  OutboxPageQuery: { variables: () => ({}), rows: single },
  OutboxListPaginationQuery: { variables: (g) => ({ count: g.size }), rows: edges('getOutboxMessages') },
  OutboxMessagePageQuery: { variables: () => ({ messageId: messageIds[0] }), rows: single },
  // Before log-in: a token that opens nothing costs the look-up of its hash only.
  JoinPageQuery: { variables: () => ({ token: 'x'.repeat(43) }), rows: single },
  InvitePageQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0] }), rows: edges('getProgramsByEcosystemId') },
  // Sign-up (docs/decisions/0044): the groups' ecosystems have no applications, so the applications
  // page is measured with its programs (one statement lists the applications with their people).
  ApplicationsPageQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0], statuses: null }), rows: edges('getProgramsByEcosystemId') },
  signupOperationsLandingQuery: { variables: () => ({ profileId: DEMO_PROFILE_ID }), rows: single },
  signupOperationsMyApplicationQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0] }), rows: single },
  signupOperationsLeadQuery: { variables: () => ({ ticketId: 'A'.repeat(32) }), rows: single },
  AccountSettingsPageQuery: { variables: () => ({}), rows: single },
  NotificationsPageQuery: { variables: () => ({}), rows: single },
  JoinProgramPageQuery: { variables: () => ({}), rows: single },
  // The students page (decisions 0048, 0049): the viewer's children, and the roster of the group's first ecosystem.
  StudentsPageQuery: { variables: () => ({}), rows: single },
  AdminRosterQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0], filters: null }), rows: edges('getUserRoster') },
  ArchiveAllCountQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0], filters: null }), rows: single },
  ArchiveAllJobQuery: { variables: () => ({ jobId: randomUUID() }), rows: single },
  InviteFileJobResultQuery: { variables: () => ({ jobId: randomUUID() }), rows: single },
  // The admin's family dialog: the person's links (here the viewer's own) and up to 100 people to link.
  FamilyDialogQuery: { variables: (g) => ({ userId: null, ecosystemId: g.globalIds[0], filters: null }), rows: edges('getUserRoster') },
  // The role dialog: the viewer's roles and the ecosystem's programs; one person's roles (here the viewer's own).
  RoleFieldsQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0] }), rows: edges('getProgramsByEcosystemId') },
  HeldProgramRolesQuery: { variables: () => ({ userId: viewerId }), rows: single },
  // Sign-up leads (docs/decisions/0045): the group's first ecosystem has `size` leads.
  LeadsPageQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0], status: null }), rows: edges('signupLeads') },
  LeadListPaginationQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0], status: null, count: 20 }), rows: edges('signupLeads') },
  // The admin session summary (decision 0060): the group's first ecosystem has `size` sessions, each with a tutor and a learner.
  AdminSessionsPageQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0] }), rows: edges('getProgramsByEcosystemId') },
  // An ecosystem's scheduling settings (decision 0071): its settings and the programs a tutor hour limit can name.
  EcosystemSettingsPageQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0] }), rows: edges('getProgramsByEcosystemId') },
  // The /sessions page (decision 0059). Its lists' cost for 5 and 50 sessions with every field is
  // tests/session-statements.int.test.ts; here the page's own documents keep their counts under watch.
  SessionsPageViewerQuery: { variables: () => ({}), rows: single },
  SessionsPageEcosystemQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0], ecosystemIds: g.globalIds }), rows: edges('getProgramsByEcosystemId') },
  peopleChoicesTuteesQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0] }), rows: single },
  peopleChoicesTutorsQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0] }), rows: single },
  sessionOperationsAvailabilityQuery: { variables: (g) => ({ tutorId: sessionPeople.get(g.term)!.leader, date: '2026-12-01', timeZoneId: 'America/New_York' }), rows: single },
  sessionOperationsConflictsQuery: {
    variables: (g) => ({ input: {
      programId: sessionPeople.get(g.term)!.program, sessionType: 'ONE_ON_ONE', subject: 'Check', date: '2027-01-04', startTime: '10:00', endTime: '11:00',
      timeZoneId: 'America/New_York', location: 'ONLINE', meetingSolution: 'LESSONSPACE', tutorIds: [sessionPeople.get(g.term)!.leader], tuteeIds: [],
    } }),
    rows: single,
  },
  sessionOperationsDropInQuery: { variables: () => ({ startDate: new Date().toISOString() }), rows: single },
  sessionOperationsListQuery: { variables: (g) => ({ input: { userId: sessionPeople.get(g.term)!.leader, status: 'UPCOMING' } }), rows: single },
  sessionOperationsBreakoutQuery: { variables: () => ({ isTutorContext: true }), rows: single },
  // The course pages (decision 0061): one section per group; the cases keep their counts under watch.
  ClassesPageQuery: { variables: () => ({ pageNum: 1 }), rows: single },
  ClassPageQuery: { variables: (g) => ({ name: `${g.term} Course` }), rows: single },
  ClassPageStudentsQuery: { variables: (g) => ({ sectionId: sessionPeople.get(g.term)!.section }), rows: single },
  // The recording export definitions page (decision 0065): the platform's short list (one stream) and the first ecosystems.
  RecordingExportsPageQuery: { variables: () => ({}), rows: single },
  SessionSummaryListQuery: {
    variables: (g) => ({ ecosystemId: g.globalIds[0], filters: { searchTerm: 'row' }, after: null, pageSize: 25 }),
    rows: (d) => (at(d, 'getEcosystemAdminPaginatedSessionSummary', 'sessions') as unknown[]).length,
  },
  // The summary's actions on all matching (decision 0064): the count the dialog shows, the programs' custom session properties.
  AllMatchingCountQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0], filters: null }), rows: single },
  AllMatchingPropertiesQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0] }), rows: edges('getProgramsByEcosystemId') },
  // The scheduled reports (decision 0068) are platform-wide, one list whatever the group: each group
  // adds `size` reports first, so the pages list 26 of them; the cases keep their counts under watch.
  ScheduledReportsPageQuery: { variables: () => ({}), rows: single },
  ScheduledReportsListRefetchQuery: { variables: () => ({}), rows: single },
  CreateReportPageQuery: { variables: () => ({}), rows: single },
  // The template previews (decision 0076): rendered in memory; the first 50 ecosystems (platform-wide, as the report form's) and one ecosystem's terms.
  MessageTemplatesPageQuery: { variables: (g) => ({ kind: 'WEEKLY_PARENT_REPORT', ecosystemId: g.globalIds[0] }), rows: single },
  // The big jobs page (decision 0075): platform-wide like the reports, its list at most 20 jobs; the programs of the chosen ecosystem.
  EcosystemJobsPageQuery: { variables: () => ({}), rows: single },
  EcosystemJobsListRefetchQuery: { variables: () => ({}), rows: single },
  EcosystemJobsPageProgramsQuery: { variables: (g) => ({ ecosystemId: g.globalIds[0] }), rows: edges('getProgramsByEcosystemId') },
  // A program's session settings page (decision 0070): one program by id, whatever the group.
  ProgramSettingsPageQuery: { variables: (g) => ({ programIds: [sessionPeople.get(g.term)!.program] }), rows: single },
  // In-app notifications (decision 0073): the viewer has NOTIFICATIONS of them; the pagination query's sizes are the pages.
  NotificationBellQuery: { variables: () => ({}), rows: single },
  NotificationListPageQuery: { variables: () => ({}), rows: single },
  NotificationsListPaginationQuery: { variables: (g) => ({ count: g.size }), rows: edges('notifications') },
};

const NOTIFICATIONS = 20;

/** NOTIFICATIONS in-app notifications for the viewer, posted as the notification reactor posts them. */
async function addNotifications(): Promise<void> {
  const recipientUserId = (await api.platform.services.auth.authenticate(token))!.userId;
  for (let i = 0; i < NOTIFICATIONS; i += 1) {
    await postTestNotification(api.platform.services, { recipientUserId, params: { sessionSubject: `Row notification ${i}` } });
  }
}

/** Per group (by term): a person who leads one of its sessions, the program they are in and a course section, as global ids. */
const sessionPeople = new Map<string, { leader: string; program: string; section: string }>();

/** `size` sessions in the group's first ecosystem, each with a tutor of its roster and a learner. */
async function addSessions(group: Group): Promise<void> {
  const people = await api.db.ownerPool.query<{ id: string }>('SELECT user_id AS id FROM read.roster_entries WHERE ecosystem_id = $1 ORDER BY user_id', [group.ids[0]]);
  const programs = await api.db.ownerPool.query<{ id: string }>('SELECT id FROM read.programs WHERE ecosystem_id = $1 LIMIT 1', [group.ids[0]]);
  const program = toGlobalId('Program', programs.rows[0].id);
  const made = await mutate<{ createCourseSection: { section: { id: string } } }>('mutation($input: CreateCourseSectionInput!) { createCourseSection(input: $input) { section { id } } }', { input: {
    ecosystemId: group.globalIds[0], name: `${group.term} Course`, programIds: [program], timeZoneId: 'America/New_York',
    enrollmentStart: '2026-01-01T00:00', enrollmentEnd: '2027-12-31T00:00',
  } });
  sessionPeople.set(group.term, { leader: toGlobalId('User', people.rows[0].id), program, section: made.createCourseSection.section.id });
  await insertSessions(api, Array.from({ length: group.size }, (_, i) => ({
    ecosystemId: group.ids[0], programId: programs.rows[0].id, subject: `Row session ${i}`, startAt: new Date(Date.now() + (i + 1) * 3_600_000),
    // A learner who is no roster person too: the page names whom it can and lists the rest without a name.
    people: [{ userId: people.rows[i % people.rows.length].id, isLeader: true }, { userId: randomUUID(), isLeader: false }],
  })));
}

let viewerId = '';

/** `size` scheduled reports of the group's first ecosystem and its programs. */
async function addReports(group: Group): Promise<void> {
  const programs = await api.db.ownerPool.query<{ id: string }>('SELECT id FROM read.programs WHERE ecosystem_id = $1 ORDER BY id', [group.ids[0]]);
  for (let i = 0; i < group.size; i += 1) {
    await mutate('mutation($input: CreateScheduledProgramLevelReportsInput!) { createScheduledProgramLevelReports(input: $input) { _id } }', { input: {
      reportName: `${group.term} Report ${i}`, recipientEmail: [`report${i}@example.org`], ecosystemId: group.ids[0], programs: programs.rows.map((p) => p.id),
      schedule: { frequency: 'WEEKLY', dayOfWeek: (i % 7) + 1, timeOfDay: 8, timeZoneId: 'America/Chicago' },
    } });
  }
}

/** `size` sign-up leads in the group's first ecosystem (createSignupLead waits for their read model). */
async function addLeads(group: Group): Promise<void> {
  for (let i = 0; i < group.size; i += 1) {
    await mutate('mutation($input: SignupLeadInput!) { createSignupLead(input: $input) { ticketId } }', { input: {
      ecosystemId: group.globalIds[0], firstName: 'Lead', lastName: `Row ${i}`, email: `${group.term.toLowerCase()}.lead${i}@example.org`,
    } });
  }
}

/** `size` people in the group's first ecosystem, so its roster has that many rows; waits for the roster read model. */
async function addRosterPeople(group: Group): Promise<void> {
  for (let i = 0; i < group.size; i += 1) {
    await ensureUser(api.platform.services, {
      email: `${group.term.toLowerCase()}.person${i}@example.org`, password: 'page-statements-password-1', firstName: 'Row', lastName: `Person ${i}`,
      roles: [{ ecosystemId: group.ids[0], role: 'MEMBER' }],
    });
  }
  await vi.waitFor(async () => {
    const r = await api.db.ownerPool.query<{ n: number }>('SELECT count(*)::int AS n FROM read.roster_entries WHERE ecosystem_id = $1', [group.ids[0]]);
    expect(r.rows[0].n).toBe(group.size);
  }, { timeout: 20_000 });
}

const MESSAGES = 20;
const messageIds: string[] = [];

/** Messages in the outbox, written as their events (no delivery runs for them). */
async function addMessages(): Promise<void> {
  const { eventStore, projections } = api.platform.services;
  for (let i = 0; i < MESSAGES; i += 1) {
    const messageId = randomUUID();
    messageIds.push(messageId);
    const appended = await eventStore.append(`message-${messageId}`, [newEvent('MessageRecorded', {
      messageId, ecosystemId: null, channel: 'EMAIL', kind: 'TEST', language: 'en', to: `person${i}@example.org`, recipientUserId: null,
      subject: 'Test', text: 'Hello', html: '<p>Hello</p>', idempotencyKey: `page-statements/${i}`,
    }, { ecosystemId: null })], { expectedRevision: 'no_stream' });
    expect(await projections.waitFor(appended.position, undefined, 20_000)).toBe(true);
  }
}

/** The persisted id of each query the web app sends now, from its Relay artifacts (npm run relay). */
async function webQueries(): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.name.endsWith('.graphql.ts') && full.includes(`${path.sep}__generated__${path.sep}`)) {
        const text = await readFile(full, 'utf8');
        // The operation's own fields follow "params" (the selections before it name fields too).
        const params = text.slice(text.indexOf('"params": {'));
        const id = /"id": "([0-9a-f]{64})"/.exec(params)?.[1];
        const name = /"name": "(\w+)"/.exec(params)?.[1];
        if (id && name && params.includes('"operationKind": "query"')) found.set(name, id);
      }
    }
  };
  await walk(path.join(ROOT, 'web/src'));
  if (found.size === 0) throw new Error('No Relay artifacts under web/src: run npm run relay (npm test builds them first)');
  return found;
}

let api: TestApi;
let token: string;
let operations: Map<string, string>;
const groups: Group[] = [];
const wires: WireCounts[] = [];

async function mutate<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const r = await api.graphql<T>(query, variables, { token, headers: { 'idempotency-key': randomUUID() } });
  if (!r.data) throw new Error(JSON.stringify(r.errors));
  return r.data;
}

async function makeGroup(size: number): Promise<Group> {
  const term = `Rows${String(size).padStart(2, '0')}`;
  const made: Array<{ id: string; rawId: string }> = [];
  for (let i = 1; i <= size; i += 1) {
    const data = await mutate<{ createEcosystem: { id: string; rawId: string } }>(
      'mutation($input: EcosystemInput!) { createEcosystem(ecosystemInput: $input) { id rawId } }',
      { input: { name: `${term} Ecosystem ${String(i).padStart(2, '0')}`, organizationType: 'NON_PROFIT' } });
    made.push(data.createEcosystem);
  }
  for (let i = 1; i <= size; i += 1) {
    await mutate('mutation($input: ProgramInput!) { createProgram(programInput: $input) { id } }',
      { input: { ecosystemId: made[0].id, name: `${term} Program ${String(i).padStart(2, '0')}` } });
  }
  return { size, term, ids: made.map((e) => e.rawId), globalIds: made.map((e) => e.id) };
}

/** A finished-with-failure job in each ecosystem, written as its events: the job columns have rows to show. */
async function addJobs(ecosystemIds: readonly string[]): Promise<void> {
  const { eventStore, projections } = api.platform.services;
  for (const ecosystemId of ecosystemIds) {
    const jobId = randomUUID();
    const appended = await eventStore.append(`batchjob-${jobId}`, [
      newEvent('BatchJobQueued', { jobId, ecosystemId, jobName: 'deleteEcosystemDemoData', metadata: {}, createdBy: 'page-statements test' }, { ecosystemId }),
      newEvent('BatchJobFailed', { jobId, error: 'The job could not be handed to the workflow engine.' }, { ecosystemId }),
    ], { expectedRevision: 'no_stream' });
    expect(await projections.waitFor(appended.position, undefined, 20_000)).toBe(true);
  }
}

async function send(operation: string, variables: Record<string, unknown>): Promise<Json> {
  const id = operations.get(operation);
  const res = await fetch(`${api.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}`, 'x-platform-mode': 'platform' },
    body: JSON.stringify({ doc_id: id, variables }),
  });
  const json = (await res.json()) as Json;
  if (res.status !== 200 || json.errors) throw new Error(`${operation} answered ${res.status}: ${JSON.stringify(json).slice(0, 400)}`);
  return json;
}

interface Cost { statements: number; transactions: number; roundTrips: number; rows: number | null }

function wireTotals(): { transactions: number; roundTrips: number } {
  return {
    transactions: wires.reduce((n, w) => n + w.simpleTexts.filter((t) => t.startsWith('BEGIN')).length, 0),
    roundTrips: wires.reduce((n, w) => n + w.roundTrips, 0),
  };
}

/** One request's cost; the least of two runs, so that a background statement cannot count. */
async function costOf(operation: string, group: Group): Promise<Cost> {
  const runs: Cost[] = [];
  for (let i = 0; i < 2; i += 1) {
    const pool = api.platform.pools.api;
    const before = { statements: pool.queries, ...wireTotals() };
    const answer = await send(operation, CASES[operation].variables(group));
    await api.readsEnded();
    const after = { statements: pool.queries, ...wireTotals() };
    runs.push({
      statements: after.statements - before.statements, transactions: after.transactions - before.transactions,
      roundTrips: after.roundTrips - before.roundTrips, rows: CASES[operation].rows(answer.data ?? {}),
    });
  }
  return runs.reduce((a, b) => (b.statements < a.statements ? b : a));
}

beforeAll(async () => {
  operations = await webQueries();
  api = await startTestApi();
  api.platform.pools.api.on('acquire', (client: PoolClient) => {
    const known = watched.get(client);
    if (!known) {
      const wire = watchWire(client);
      watched.set(client, wire);
      wires.push(wire);
    }
  });
  token = await api.loginAs('platformAdmin');
  for (const size of SIZES) groups.push(await makeGroup(size));
  await addJobs(groups.flatMap((g) => g.ids));
  for (const group of groups) await addRosterPeople(group);
  for (const group of groups) await addLeads(group);
  for (const group of groups) await addSessions(group);
  for (const group of groups) await addReports(group);
  viewerId = (await mutate<{ getCurrentUserV2: { id: string } }>('{ getCurrentUserV2 { id } }', {})).getCurrentUserV2.id;
  await addMessages();
  await addNotifications();
}, 240_000);
const watched = new WeakMap<PoolClient, WireCounts>();

afterAll(async () => {
  await api?.stop();
});

describe('the web app\'s pages cost the same number of statements for 1, 5 and 20 rows', () => {
  it('has a case for every query document the web app sends', () => {
    expect([...operations.keys()].filter((name) => !CASES[name])).toEqual([]);
  });

  it.each(Object.keys(CASES))('%s', async (operation) => {
    // A case for a document the web app no longer sends is stale: remove it with the document.
    expect(operations.has(operation)).toBe(true);
    const costs: Cost[] = [];
    for (const group of groups) costs.push(await costOf(operation, group));
    const rows = costs.map((c) => c.rows);
    if (rows[0] !== null) {
      // The groups really are pages of different lengths...
      expect(rows[0]).toBeLessThan(rows[1] as number);
      expect(rows[1]).toBeLessThan(rows[2] as number);
    }
    // ...yet cost the same statements, in at most one read transaction.
    expect(costs.map((c) => c.statements)).toEqual(costs.map(() => costs[0].statements));
    for (const cost of costs) expect(cost.transactions).toBeLessThanOrEqual(1);
  });
});
