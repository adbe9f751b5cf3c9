/**
 * The audit trail through the real server, as the web app asks for it: who may read it, tenant
 * isolation, server-side filters, a demo-data job folded into one entry, and names and roles of
 * the people who acted (a platform admin is a person, not "System").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { ensureUser } from '../auth/seed';
import { anyIdOf } from '../relay';

let api: TestApi;
let platformToken: string;
let ecoAdminToken: string;
let otherAdminToken: string;
let memberToken: string;
let demoId: string;
let otherId: string;
let otherProgramId: string;

const PASSWORD = 'audit test password';

type Entry = { head: { eventType: string; actorName: string | null; actorRole: string; targetType: string; targetName: string | null; occurredAt: string }; run: { jobName: string; status: string } | null; stepCount: number };
const ENTRIES = `query($e: ID!, $f: BreadcrumbFilter, $first: Int) { getEcosystemBreadcrumbEntries(ecosystemId: $e, filter: $f, first: $first) {
  edges { node { head { eventType actorName actorRole targetType targetName occurredAt } run { runId jobName status } stepCount } }
  pageInfo { hasNextPage endCursor } } }`;
const STEPS = `query($e: ID!, $f: BreadcrumbFilter) { getEcosystemBreadcrumbs(ecosystemId: $e, filter: $f, first: 100) { edges { node { eventType runId } } } }`;

const entries = async (token: string, ecosystemId: string, filter: Record<string, unknown> = {}, language = 'en') => {
  const r = await api.graphql<{ getEcosystemBreadcrumbEntries: { edges: Array<{ node: Entry & { run: { runId: string } | null } }> } }>(
    ENTRIES, { e: ecosystemId, f: filter, first: 100 }, { token, headers: { 'accept-language': language } });
  return { errors: r.errors, nodes: r.data?.getEcosystemBreadcrumbEntries.edges.map((e) => e.node) ?? [] };
};

async function finishedRun(): Promise<Entry & { run: { runId: string } }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { nodes } = await entries(ecoAdminToken, demoId, { targetType: 'batchjob' });
    const run = nodes.find((n) => n.run?.status === 'FINISHED');
    if (run?.run) return run as Entry & { run: { runId: string } };
    if (Date.now() > deadline) throw new Error(`no finished run: ${JSON.stringify(nodes)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

beforeAll(async () => {
  api = await startTestApi();
  platformToken = await api.loginAs('platformAdmin');
  ecoAdminToken = await api.loginAs('ecosystemAdmin');
  demoId = api.platform.demo!.ecosystemId;
  const other = await api.graphql<{ createEcosystem: { id: string } }>(`mutation { createEcosystem(ecosystemInput: { name: "Other Town Tutors", organizationType: NON_PROFIT }) { id } }`, {}, { token: platformToken });
  if (!other.data) throw new Error(JSON.stringify(other.errors));
  otherId = anyIdOf(other.data.createEcosystem.id);
  const program = await api.graphql<{ createProgram: { id: string } }>(
    `mutation($e: ID!) { createProgram(programInput: { ecosystemId: $e, name: "Secret Program" }) { id } }`, { e: otherId }, { token: platformToken });
  otherProgramId = program.data!.createProgram.id;
  const services = api.platform.services;
  await ensureUser(services, { email: 'other.admin@example.org', password: PASSWORD, firstName: 'Olga', lastName: 'Other', roles: [{ ecosystemId: otherId, role: 'SUPER_ADMIN' }] });
  await ensureUser(services, { email: 'member@example.org', password: PASSWORD, firstName: 'Mo', lastName: 'Member', roles: [{ ecosystemId: demoId, role: 'MEMBER' }] });
  otherAdminToken = await api.login('other.admin@example.org', PASSWORD);
  memberToken = await api.login('member@example.org', PASSWORD);
  const created = await api.graphql(`mutation($e: ID!) { createEcosystemDemoData(ecosystemId: $e, demoSessionsStartDate: "2026-12-01") { jobId } }`, { e: demoId }, { token: platformToken });
  expect(created.errors).toBeUndefined();
}, 60_000);
afterAll(async () => { await api.stop(); });

describe('the audit trail over GraphQL', () => {
  it('folds the demo-data job into one entry by the platform admin, who is named with their role', async () => {
    const { run: { runId } } = await finishedRun();
    // Unfiltered, the entry counts every step of the run (a filter counts only the steps it matches).
    const run = (await entries(ecoAdminToken, demoId)).nodes.find((n) => n.run?.runId === runId) as Entry & { run: { runId: string } };
    expect(run).toMatchObject({ run: { jobName: 'createEcosystemDemoData', status: 'FINISHED' }, head: { eventType: 'BatchJobQueued', actorName: 'Pat Admin', actorRole: 'PLATFORM_ADMIN' } });
    expect(run.stepCount).toBeGreaterThan(5);
    const steps = await api.graphql<{ getEcosystemBreadcrumbs: { edges: Array<{ node: { eventType: string; runId: string } }> } }>(STEPS, { e: demoId, f: { runId: run.run.runId } }, { token: ecoAdminToken });
    const types = steps.data!.getEcosystemBreadcrumbs.edges.map((e) => e.node.eventType);
    expect(types).toHaveLength(run.stepCount);
    expect(types[0]).toBe('BatchJobQueued');
    expect(types.at(-1)).toBe('BatchJobFinished');
    expect(types).toContain('ProgramCreated');
    const all = await entries(ecoAdminToken, demoId);
    expect(all.nodes.filter((n) => n.run?.runId === run.run.runId)).toHaveLength(1);
  });

  it('records the platform\'s own start-up seeding as SYSTEM, shown without a person', async () => {
    const { nodes } = await entries(ecoAdminToken, demoId, { eventTypes: ['EcosystemCreated'] });
    expect(nodes.map((n) => n.head)).toEqual([expect.objectContaining({ actorRole: 'SYSTEM', actorName: null, targetName: 'Riverside Unified School District' })]);
  });

  it('filters by actor, action, target and date range on the server', async () => {
    const facets = await api.graphql<{ getEcosystemBreadcrumbFacets: { actors: Array<{ userId: string; name: string | null; role: string }>; eventTypes: string[]; targetTypes: string[] } }>(
      `query($e: ID!) { getEcosystemBreadcrumbFacets(ecosystemId: $e) { actors { userId name role } eventTypes targetTypes } }`, { e: demoId }, { token: ecoAdminToken });
    const { actors, eventTypes, targetTypes } = facets.data!.getEcosystemBreadcrumbFacets;
    expect(actors.map((a) => a.name)).toContain('Pat Admin');
    expect(eventTypes).toEqual(expect.arrayContaining(['EcosystemCreated', 'ProgramCreated', 'BatchJobQueued']));
    expect(targetTypes).toEqual(expect.arrayContaining(['ecosystem', 'program', 'batchjob', 'demodata']));
    const pat = actors.find((a) => a.name === 'Pat Admin')!;
    const byPat = await entries(ecoAdminToken, demoId, { actorUserIds: [pat.userId] });
    expect(byPat.nodes.length).toBeGreaterThan(0);
    expect(byPat.nodes.every((n) => n.head.actorName === 'Pat Admin' || n.head.actorRole === 'SYSTEM')).toBe(true);
    const programs = await entries(ecoAdminToken, demoId, { targetType: 'program', eventTypes: ['ProgramCreated'] });
    expect(programs.nodes.map((n) => n.head.targetName)).toEqual(expect.arrayContaining(['Math Tutoring', 'Reading Buddies']));
    const targets = await api.graphql<{ getEcosystemBreadcrumbTargets: Array<{ targetId: string; name: string }> }>(
      `query($e: ID!) { getEcosystemBreadcrumbTargets(ecosystemId: $e, targetType: "program", search: "math tut") { targetId name } }`, { e: demoId }, { token: ecoAdminToken });
    const math = targets.data!.getEcosystemBreadcrumbTargets;
    expect(math.map((t) => t.name)).toEqual(['Math Tutoring']);
    const oneProgram = await entries(ecoAdminToken, demoId, { targetId: math[0].targetId });
    expect(oneProgram.nodes.map((n) => n.head.targetName)).toEqual(['Math Tutoring']);
    const future = await entries(ecoAdminToken, demoId, { from: '2100-01-01T00:00:00Z' });
    expect(future.nodes).toEqual([]);
    const past = await entries(ecoAdminToken, demoId, { to: '2000-01-01T00:00:00Z' });
    expect(past.nodes).toEqual([]);
  });

  it('refuses a malformed filter field by field, in the reader\'s language', async () => {
    const backwards = await entries(ecoAdminToken, demoId, { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }, 'es');
    expect(backwards.errors?.[0]).toMatchObject({
      message: 'El final del intervalo de fechas debe ser posterior a su inicio.',
      extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'filter.to', message: 'El final del intervalo de fechas debe ser posterior a su inicio.' }] },
    });
    const bad = await entries(ecoAdminToken, demoId, { eventTypes: ['drop table'], targetType: 'Not A Type' });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'filter.eventTypes.0' }, { field: 'filter.targetType' }] });
    const many = await entries(ecoAdminToken, demoId, { actorUserIds: Array.from({ length: 51 }, (_, i) => `u${i}`) });
    expect(many.errors?.[0]?.message).toBe('People may have at most 50 entries.');
  });

  it('is for the ecosystem\'s admins and platform admins only', async () => {
    expect((await entries(platformToken, demoId)).nodes.length).toBeGreaterThan(0);
    expect((await entries(memberToken, demoId)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await entries(otherAdminToken, demoId)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anonymous = await api.graphql(ENTRIES, { e: demoId });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    for (const query of [`query($e: ID!) { getEcosystemBreadcrumbFacets(ecosystemId: $e) { eventTypes } }`, `query($e: ID!) { getEcosystemBreadcrumbTargets(ecosystemId: $e) { targetId } }`]) {
      expect((await api.graphql(query, { e: demoId }, { token: otherAdminToken })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
  });

  it('never shows one tenant another tenant\'s actions, whatever the filter names', async () => {
    const own = await entries(otherAdminToken, otherId);
    expect(own.nodes.map((n) => n.head.targetName)).toContain('Secret Program');
    const leaked = await entries(ecoAdminToken, demoId, { targetId: otherProgramId });
    expect(leaked.nodes).toEqual([]);
    const steps = await api.graphql<{ getEcosystemBreadcrumbs: { edges: unknown[] } }>(STEPS, { e: demoId, f: { targetType: 'program', targetId: otherProgramId } }, { token: ecoAdminToken });
    expect(steps.data?.getEcosystemBreadcrumbs.edges).toEqual([]);
  });
});
