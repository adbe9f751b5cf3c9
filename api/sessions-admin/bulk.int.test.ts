/**
 * The "all matching" session actions (decision 0064) against the real platform and its pg-boss
 * engine: the count the admin saw must still hold; then a job cancels, restores or labels every
 * session the summary's filters name, a page at a time, with progress, each change an event under
 * the job's run; a repeat changes nothing twice; a cancel within 24 hours needs its reason; another
 * ecosystem's admin is FORBIDDEN and malformed input BAD_USER_INPUT, writing nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi, type GraphQLResponse, type TestApi } from '../../tests/setup/api';
import { buildWorld, refusedUnchanged, type World } from '../people/testing';
import { toGlobalId } from '../relay';
import { fieldsOf } from '../tenants/testing';
import { bookSession } from './testing';

let api: TestApi;
let w: World;
/** 60 sessions: a 52-week series and an 8-week one (more than one page of the job). */
const MANY = { searchTerm: 'Bulkwalk' };
const LABELLED = { searchTerm: 'Bulklabel' };
const SOON = { searchTerm: 'Bulksoon' };

const JOB_FIELDS = '{ id jobName state }';
const CANCEL_ALL = `mutation($e: ID, $f: AdminSessionFilters, $n: Int!, $reason: String) {
  adminCancelAllLabelSession(ecosystemId: $e, filters: $f, expectedCount: $n, reason: $reason) ${JOB_FIELDS} }`;
const RESTORE_ALL = `mutation($e: ID, $f: AdminSessionFilters, $n: Int!) { adminRestoreAllSessions(ecosystemId: $e, filters: $f, expectedCount: $n) ${JOB_FIELDS} }`;
const LABEL_ALL = `mutation($e: ID, $f: AdminSessionFilters, $n: Int!, $key: String!, $value: String) {
  adminSaveAllLabelSession(ecosystemId: $e, filters: $f, expectedCount: $n, key: $key, value: $value) ${JOB_FIELDS} }`;
const JOB = 'query($id: ID!) { getUserBulkJob(jobId: $id) { jobId state progress { done total } result error } }';
const SUMMARY = `query($e: ID, $f: AdminSessionFilters) { getEcosystemAdminPaginatedSessionSummary(ecosystemId: $e, filters: $f, pageSize: 100) {
  totalCount sessions { status customProperties { key value } } } }`;

type Job = { jobId: string; state: string; progress: { done: number; total: number }; result: Record<string, unknown> | null; error: string | null };
type Summary = { totalCount: number; sessions: Array<{ status: string; customProperties: Array<{ key: string; value: string }> }> };

const send = (query: string, variables: Record<string, unknown>, token = w.tokens.admin1): Promise<GraphQLResponse> =>
  api.graphql(query, { e: w.e1, ...variables }, { token, headers: { 'idempotency-key': randomUUID() } });
const unchanged = (query: string, variables: Record<string, unknown>, code: string, token = w.tokens.admin1) =>
  refusedUnchanged(api, () => send(query, variables, token), code);

/** The summary as soon as the job shows FINISHED: each page waits until the summary shows its changes. */
async function shows(f: Record<string, unknown>, check: (s: Summary) => void): Promise<void> {
  check(await summary(f));
}

async function summary(f: Record<string, unknown>): Promise<Summary> {
  const res = await api.graphql<{ getEcosystemAdminPaginatedSessionSummary: Summary }>(SUMMARY, { e: w.e1, f }, { token: w.tokens.admin1 });
  expect(res.errors).toBeUndefined();
  return res.data!.getEcosystemAdminPaginatedSessionSummary;
}

/** Starts the job, waits until it finishes, and answers it with the events of its run by type. */
async function ran(query: string, variables: Record<string, unknown>): Promise<Job & { events: Record<string, number> }> {
  const res = await send(query, variables);
  expect(res.errors).toBeUndefined();
  const started = Object.values(res.data!)[0] as { id: string };
  let job: Job | null = null;
  await vi.waitFor(async () => {
    const r = await api.graphql<{ getUserBulkJob: Job }>(JOB, { id: started.id }, { token: w.tokens.admin1 });
    job = r.data!.getUserBulkJob;
    expect(job.state).toBe('FINISHED');
  }, { timeout: 60_000, interval: 200 });
  const rows = await api.db.ownerPool.query<{ type: string; n: number }>(
    `SELECT type, count(*)::int AS n FROM events WHERE metadata->>'correlationId' = $1 GROUP BY type`, [job!.jobId]);
  return { ...job!, events: Object.fromEntries(rows.rows.map((r) => [r.type, r.n])) };
}

const day = (days: number, hours = 0) => {
  const at = new Date(Date.now() + days * 86_400_000 + hours * 3_600_000);
  at.setUTCMinutes(0, 0, 0);
  return at;
};

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  const edit = await api.graphql('mutation($id: ID!, $input: ProgramInput!) { editProgram(programId: $id, programInput: $input) { id } }', {
    id: toGlobalId('Program', w.p1),
    input: { sessions: { customSessionProperties: [
      { label: 'Room', internalKeyName: 'room', fieldType: 'TEXT', type: 'SESSION' },
      { label: 'Seats', internalKeyName: 'seats', fieldType: 'NUMBER', type: 'SESSION' },
    ] } },
  }, { token: w.tokens.admin1, headers: { 'idempotency-key': randomUUID() } });
  expect(edit.errors).toBeUndefined();
  const book = (subject: string, start: Date, weeks?: number) => bookSession(api, { ecosystemId: w.e1, programId: w.p1, start, subject, weeks, learnerId: w.ids.student });
  await book('Bulkwalk algebra', day(3), 52);
  await book('Bulkwalk geometry', day(4), 8);
  await book('Bulklabel reading', day(5), 5);
  await book('Bulksoon chemistry', day(0, 5));
}, 120_000);
afterAll(async () => { await api.stop(); });

describe('the "all matching" session actions', () => {
  it('refuse a count that no longer holds, naming the new one, and start nothing', async () => {
    const res = await unchanged(CANCEL_ALL, { f: MANY, n: 59, reason: 'Closed' }, 'CONFLICT');
    expect(res.errors![0].message).toBe('The number of matching sessions changed to 60 since you looked. Check the list again before you go on.');
    await unchanged(RESTORE_ALL, { f: MANY, n: 0 }, 'CONFLICT');
    await unchanged(LABEL_ALL, { f: LABELLED, n: 4, key: 'room', value: 'B12' }, 'CONFLICT');
  });

  it('refuse another ecosystem\'s admin, a parent and a program admin, writing nothing', async () => {
    for (const token of [w.tokens.admin2, w.tokens.parent, w.tokens.programAdmin]) {
      await unchanged(CANCEL_ALL, { f: MANY, n: 60, reason: 'Closed' }, 'FORBIDDEN', token);
      await unchanged(RESTORE_ALL, { f: MANY, n: 60 }, 'FORBIDDEN', token);
      await unchanged(LABEL_ALL, { f: LABELLED, n: 5, key: 'room', value: 'B12' }, 'FORBIDDEN', token);
    }
  });

  it('refuse malformed counts, filters, reasons, keys and values, and the generic job mutation, writing nothing', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [RESTORE_ALL, { f: MANY, n: -1 }, 'expectedCount'],
      [RESTORE_ALL, { f: { programIds: ['x'] }, n: 1 }, 'filters.programIds.0'],
      [RESTORE_ALL, { f: { searchTerm: 'a\nb' }, n: 1 }, 'filters.searchTerm'],
      [CANCEL_ALL, { f: MANY, n: 60, reason: 'two\nlines' }, 'reason'],
      [LABEL_ALL, { f: LABELLED, n: 5, key: 'ro\nom', value: 'B12' }, 'key'],
      [LABEL_ALL, { f: LABELLED, n: 5, key: 'colour', value: 'red' }, 'key'],
      [LABEL_ALL, { f: LABELLED, n: 5, key: 'seats', value: 'many' }, 'value'],
    ];
    for (const [query, variables, field] of cases) {
      const res = await unchanged(query, variables, 'BAD_USER_INPUT');
      expect(Object.keys(fieldsOf(res))).toEqual([field]);
    }
    const generic = await refusedUnchanged(api, () => api.graphql('mutation($e: ID!) { createBatchJob(ecosystemId: $e, jobName: "adminRestoreAllSessions", metadata: {}) { id } }',
      { e: w.e1 }, { token: w.tokens.admin1, headers: { 'idempotency-key': randomUUID() } }), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(generic))).toEqual(['jobName']);
  });

  it('asks for a reason when a session named starts within 24 hours, starting nothing', async () => {
    const res = await unchanged(CANCEL_ALL, { f: SOON, n: 1 }, 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(res))).toEqual(['reason']);
  });

  it('cancels every session matching as a job with progress, one event each under the job\'s run; a repeat changes nothing', async () => {
    const job = await ran(CANCEL_ALL, { f: MANY, n: 60 });
    expect(job).toMatchObject({ progress: { done: 60, total: 60 }, result: { touched: 60, changed: 60 }, error: null });
    expect(job.events.SessionsCancelled).toBe(60);
    await shows(MANY, (page) => expect(new Set(page.sessions.map((s) => s.status))).toEqual(new Set(['CANCELLED'])));
    expect((await summary(SOON)).sessions.map((s) => s.status)).toEqual(['UPCOMING']);
    const again = await ran(CANCEL_ALL, { f: MANY, n: 60 });
    expect(again).toMatchObject({ progress: { done: 60, total: 60 }, result: { touched: 60, changed: 0 } });
    expect(again.events.SessionsCancelled).toBeUndefined();
  });

  it('restores every cancelled session matching, by status', async () => {
    const job = await ran(RESTORE_ALL, { f: { ...MANY, statuses: ['CANCELLED'] }, n: 60 });
    expect(job).toMatchObject({ progress: { done: 60, total: 60 }, result: { touched: 60, changed: 60 } });
    expect(job.events.SessionsRestored).toBe(60);
    await shows(MANY, (page) => expect(new Set(page.sessions.map((s) => s.status))).toEqual(new Set(['UPCOMING'])));
  });

  it('sets one custom property on every session matching and removes it again; others keep theirs', async () => {
    const job = await ran(LABEL_ALL, { f: LABELLED, n: 5, key: 'room', value: 'B12' });
    expect(job).toMatchObject({ progress: { done: 5, total: 5 }, result: { touched: 5, changed: 5 } });
    await shows(LABELLED, (page) => expect(page.sessions.map((s) => s.customProperties)).toEqual(Array(5).fill([{ key: 'room', value: 'B12' }])));
    expect((await summary(SOON)).sessions[0].customProperties).toEqual([]);
    const removed = await ran(LABEL_ALL, { f: LABELLED, n: 5, key: 'room', value: null });
    expect(removed.result).toEqual({ touched: 5, changed: 5 });
    await shows(LABELLED, (page) => expect(page.sessions.every((s) => s.customProperties.length === 0)).toBe(true));
  });

  it('shows its job to the ecosystem\'s admins only', async () => {
    const res = await send(RESTORE_ALL, { f: SOON, n: 1 });
    const id = (res.data!.adminRestoreAllSessions as { id: string }).id;
    for (const token of [w.tokens.admin2, w.tokens.parent, w.tokens.student]) {
      const hidden = await api.graphql<{ getUserBulkJob: unknown }>(JOB, { id }, { token });
      expect(hidden.data!.getUserBulkJob).toBeNull();
    }
    const seen = await api.graphql<{ getUserBulkJob: Job }>(JOB, { id }, { token: w.tokens.admin1 });
    expect(seen.data!.getUserBulkJob.jobId).toBeTruthy();
  });
});
