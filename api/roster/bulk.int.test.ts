/**
 * The bulk admin actions against the real platform and its workflow engine (decision 0049): the
 * count the admin saw must still hold, then a job archives (or changes the roles of) everyone
 * matching, with progress, each change in the audit trail under the job's run; the admin is never
 * touched; forbidden and malformed input writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi, type GraphQLResponse, type TestApi } from '../../tests/setup/api';
import { codeOf, fieldsOf } from '../tenants/testing';
import { addPerson, buildWorld, refusedUnchanged, type World } from '../people/testing';

let api: TestApi;
let w: World;
const PEOPLE = 30;

const ARCHIVE_ALL = `mutation($e: ID, $f: UserRosterFilters, $n: Int!) { adminArchiveAllUser(ecosystemId: $e, selectedFilters: $f, expectedCount: $n) { id jobName state } }`;
const UPDATE_ALL = `mutation($e: ID, $f: UserRosterFilters, $c: UserPermissionChanges!, $n: Int!) {
  adminUpdateAllUserPermissions(ecosystemId: $e, selectedFilters: $f, changes: $c, expectedCount: $n) { id jobName } }`;
const JOB = 'query($id: ID!) { getUserBulkJob(jobId: $id) { jobId state progress { done total } result error } }';
const COUNT = 'query($e: ID, $f: UserRosterFilters) { getUserRoster(ecosystemId: $e, selectedFilters: $f, first: 100) { totalCount edges { node { status roles } } } }';

type Job = { jobId: string; state: string; progress: { done: number; total: number }; result: Record<string, unknown> | null; error: string | null };
type Roster = { totalCount: number; edges: Array<{ node: { status: string; roles: string[] } }> };
const unchanged = (run: () => Promise<GraphQLResponse>, code: string) => refusedUnchanged(api, run, code);
const bulkFilter = { searchTerm: 'bulkperson' };

async function roster(filters: Record<string, unknown>, token = w.tokens.admin1, e = w.e1): Promise<Roster> {
  const res = await api.graphql<{ getUserRoster: Roster }>(COUNT, { e, f: filters }, { token });
  expect(res.errors).toBeUndefined();
  return res.data!.getUserRoster;
}

async function finished(id: string, token = w.tokens.admin1): Promise<Job> {
  let job: Job | null = null;
  await vi.waitFor(async () => {
    const res = await api.graphql<{ getUserBulkJob: Job }>(JOB, { id }, { token });
    if (!res.data?.getUserBulkJob) throw new Error(JSON.stringify(res));
    job = res.data.getUserBulkJob;
    expect(job.state).toBe('FINISHED');
  }, { timeout: 30_000, interval: 200 });
  return job!;
}

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  for (let i = 0; i < PEOPLE; i += 1) await addPerson(api, `bulkperson${i}.learner@example.com`, [{ ecosystemId: w.e1, role: 'STUDENT' }]);
  await vi.waitFor(async () => expect((await roster(bulkFilter)).totalCount).toBe(PEOPLE), { timeout: 10_000 });
}, 120_000);
afterAll(async () => { await api.stop(); });

describe('adminArchiveAllUser', () => {
  it('refuses a count that no longer holds, naming the new one, and starts nothing', async () => {
    const res = await unchanged(() => api.graphql(ARCHIVE_ALL, { e: w.e1, f: bulkFilter, n: PEOPLE - 1 }, { token: w.tokens.admin1 }), 'CONFLICT');
    expect(res.errors![0].message).toBe(`The number of matching people changed to ${PEOPLE} since you looked. Check the list again before you go on.`);
  });

  it('refuses others\' admins, parents, a negative count, bad filters and the generic job mutation, writing nothing', async () => {
    for (const token of [w.tokens.admin2, w.tokens.parent, w.tokens.programAdmin]) {
      await unchanged(() => api.graphql(ARCHIVE_ALL, { e: w.e1, f: bulkFilter, n: PEOPLE }, { token }), 'FORBIDDEN');
    }
    const negative = await unchanged(() => api.graphql(ARCHIVE_ALL, { e: w.e1, f: bulkFilter, n: -1 }, { token: w.tokens.admin1 }), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(negative))).toEqual(['expectedCount']);
    const bad = await unchanged(() => api.graphql(ARCHIVE_ALL, { e: w.e1, f: { programIds: ['x'] }, n: 1 }, { token: w.tokens.admin1 }), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(bad))).toEqual(['selectedFilters.programIds.0']);
    const generic = await unchanged(() => api.graphql('mutation($e: ID!) { createBatchJob(ecosystemId: $e, jobName: "adminArchiveAllUser", metadata: {}) { id } }',
      { e: w.e1 }, { token: w.tokens.admin1 }), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(generic))).toEqual(['jobName']);
  });

  it('archives everyone matching as a job with progress, each change audited under the job\'s run', async () => {
    const res = await api.graphql<{ adminArchiveAllUser: { id: string; jobName: string } }>(ARCHIVE_ALL, { e: w.e1, f: bulkFilter, n: PEOPLE }, { token: w.tokens.admin1 });
    expect(res.errors).toBeUndefined();
    const job = await finished(res.data!.adminArchiveAllUser.id);
    expect(job).toMatchObject({ progress: { done: PEOPLE, total: PEOPLE }, result: { touched: PEOPLE, changed: PEOPLE }, error: null });
    await vi.waitFor(async () => expect(new Set((await roster(bulkFilter)).edges.map((e) => e.node.status))).toEqual(new Set(['ARCHIVED'])), { timeout: 10_000 });
    expect((await roster({ searchTerm: 'sam.student' })).edges[0].node.status).toBe('ACTIVATED');
    const jobId = job.jobId;
    for (const token of [w.tokens.admin2, w.tokens.parent, w.tokens.student]) {
      const hidden = await api.graphql<{ getUserBulkJob: unknown }>(JOB, { id: res.data!.adminArchiveAllUser.id }, { token });
      expect(hidden.data!.getUserBulkJob).toBeNull();
    }
    await vi.waitFor(async () => {
      const rows = await api.db.ownerPool.query<{ n: number; actors: string[] }>(
        `SELECT count(*)::int AS n, array_agg(DISTINCT actor_role) AS actors FROM read.breadcrumbs WHERE event_type = 'EcosystemRoleStatusChanged' AND correlation_id = $1`, [jobId]);
      expect(rows.rows[0]).toEqual({ n: PEOPLE, actors: ['SUPER_ADMIN'] });
    }, { timeout: 10_000 });
  });

  it('never touches the admin running it', async () => {
    const own = await roster({}, w.tokens.admin2, w.e2);
    const res = await api.graphql<{ adminArchiveAllUser: { id: string } }>(ARCHIVE_ALL, { e: w.e2, f: {}, n: own.totalCount - 1 }, { token: w.tokens.admin2 });
    expect(res.errors).toBeUndefined();
    const job = await finished(res.data!.adminArchiveAllUser.id, w.tokens.admin2);
    expect(job.progress).toEqual({ done: 0, total: 0 });
    expect((await roster({}, w.tokens.admin2, w.e2)).edges[0].node.status).toBe('ACTIVATED');
  });
});

describe('adminUpdateAllUserPermissions', () => {
  it('gives a role to everyone matching as a job', async () => {
    const res = await api.graphql<{ adminUpdateAllUserPermissions: { id: string } }>(UPDATE_ALL, {
      e: w.e1, f: bulkFilter, c: { add: [{ role: 'MEMBER' }], remove: [{ role: 'STUDENT' }] }, n: PEOPLE,
    }, { token: w.tokens.admin1 });
    expect(res.errors).toBeUndefined();
    const job = await finished(res.data!.adminUpdateAllUserPermissions.id);
    expect(job.progress).toEqual({ done: PEOPLE, total: PEOPLE });
    await vi.waitFor(async () => expect(new Set((await roster(bulkFilter)).edges.map((e) => e.node.roles.join()))).toEqual(new Set(['MEMBER'])), { timeout: 10_000 });
  });

  it('refuses a program role without its program, writing nothing', async () => {
    const res = await unchanged(() => api.graphql(UPDATE_ALL, { e: w.e1, f: bulkFilter, c: { add: [{ role: 'LEADER' }] }, n: PEOPLE }, { token: w.tokens.admin1 }), 'BAD_USER_INPUT');
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(res))).toEqual(['changes.add.0.programId']);
  });
});
