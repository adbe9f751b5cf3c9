/**
 * Large invitation files as a background job (decision 0041), through the API on the default
 * engine (pg-boss): checked all or nothing before anything starts, then invited by the job with
 * one e-mail each and progress read through getUserBulkJob, by the uploader and nobody outside
 * the ecosystem.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../infra/mail/testing/smtp-capture';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { buildWorld, refusedUnchanged, type World } from '../people/testing';
import { codeOf } from '../tenants/testing';
import { quiet } from './testing';

const IMPORT = `mutation F($ecosystemId: ID!, $csv: String!) { inviteUsersFromFile(ecosystemId: $ecosystemId, csv: $csv) {
  rowCount rowErrors { row column message } invited { email } job { id jobName state progress { done total } } } }`;
const JOB = 'query J($id: ID!) { getUserBulkJob(jobId: $id) { state isActive progress { done total } result } }';
type Job = { id: string; jobName: string; state: string; progress: { done: number; total: number } };
type Result = { inviteUsersFromFile: { rowCount: number; rowErrors: Array<{ row: number; column: string | null; message: string }>; invited: unknown[]; job: Job | null } };
type JobRead = { getUserBulkJob: { state: string; isActive: boolean; progress: { done: number; total: number }; result: unknown } | null };

const csvOf = (tag: string, count: number) =>
  ['email,firstName,lastName,role', ...Array.from({ length: count }, (_, i) => `${tag}.${i}@example.com,Row,Number ${i},${i % 2 ? 'TEACHER' : 'STUDENT'}`)].join('\n');

describe('inviting a large file as a job', () => {
  let smtp: SmtpCapture;
  let api: TestApi;
  let world: World;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    api = await startTestApi({ SMTP_URL: smtp.url });
    world = await buildWorld(api);
  });
  afterAll(async () => {
    await api?.stop();
    await smtp?.close();
  });

  const upload = (token: string, csv: string, key?: string) =>
    api.graphql<Result>(IMPORT, { ecosystemId: world.e1, csv }, { token, headers: key ? { 'idempotency-key': key } : {} });
  const readJob = (token: string, id: string) => api.graphql<JobRead>(JOB, { id }, { token });

  async function finished(token: string, id: string): Promise<{ seen: number[]; job: NonNullable<JobRead['getUserBulkJob']> }> {
    const seen: number[] = [];
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      const job = (await readJob(token, id)).data?.getUserBulkJob;
      if (!job) throw new Error('job not visible');
      seen.push(job.progress.done);
      if (!job.isActive) return { seen, job };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`job ${id} did not end`);
  }

  it('queues a job for a clean file above 50 rows: all invited, one e-mail each, progress reaching the total', async () => {
    const res = await upload(world.tokens.admin1, csvOf('big', 120));
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    const { rowCount, rowErrors, invited, job } = res.data!.inviteUsersFromFile;
    expect({ rowCount, rowErrors, invited }).toEqual({ rowCount: 120, rowErrors: [], invited: [] });
    expect(job).toMatchObject({ jobName: 'inviteUsersFromFile', progress: { total: 0 } });
    const { seen, job: ended } = await finished(world.tokens.admin1, job!.id);
    expect(ended).toMatchObject({ state: 'FINISHED', progress: { done: 120, total: 120 }, result: { invited: 120, skippedRows: [] } });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    for (let deadline = Date.now() + 30_000; smtp.received.filter((m) => JSON.stringify(m.to).includes('big.')).length < 120 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await quiet(api);
    const mailed = smtp.received.map((m) => JSON.stringify(m.to)).filter((to) => to.includes('big.'));
    expect(mailed).toHaveLength(120);
    expect(new Set(mailed).size).toBe(120);
    const pending = await api.db.ownerPool.query<{ n: number }>(`SELECT count(*)::int AS n FROM read.invitations WHERE email LIKE 'big.%' AND status = 'PENDING'`);
    expect(pending.rows[0].n).toBe(120);
  }, 120_000);

  it('starts nothing for a large file with any bad row, and answers every problem', async () => {
    const csv = `${csvOf('bad', 70)}\nnot-an-address,No,Address,STUDENT\nbad.3@example.com,Twice,Again,STUDENT\nsam.student@example.com,Sam,Again,STUDENT`;
    const before = await api.eventCount();
    const res = await upload(world.tokens.admin1, csv);
    expect(res.data!.inviteUsersFromFile.job).toBeNull();
    expect(res.data!.inviteUsersFromFile.rowErrors.map((e) => [e.row, e.column])).toEqual([[72, 'email'], [73, 'email'], [74, 'email']]);
    expect(await api.eventCount()).toBe(before);
  });

  it('answers a repeated upload (same Idempotency-Key) with the same job, inviting nobody twice', async () => {
    const csv = csvOf('again', 60);
    const first = await upload(world.tokens.admin1, csv, 'big-file-twice-1');
    const id = first.data!.inviteUsersFromFile.job!.id;
    await finished(world.tokens.admin1, id);
    const again = await upload(world.tokens.admin1, csv, 'big-file-twice-1');
    expect(again.errors, JSON.stringify(again.errors)).toBeUndefined();
    expect(again.data!.inviteUsersFromFile.job!.id).toBe(id);
    await quiet(api);
    const issued = await api.db.ownerPool.query<{ n: number }>(`SELECT count(*)::int AS n FROM read.invitations WHERE email LIKE 'again.%'`);
    expect(issued.rows[0].n).toBe(60);
  }, 120_000);

  it('lets a program admin invite a large file of their program\'s learners and follow its job', async () => {
    const csv = ['email,firstName,lastName,role,program', ...Array.from({ length: 55 }, (_, i) => `pupil.${i}@example.com,Pupil,Number ${i},PUPIL,${world.p1}`)].join('\n');
    const res = await upload(world.tokens.programAdmin, csv);
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    const { job: ended } = await finished(world.tokens.programAdmin, res.data!.inviteUsersFromFile.job!.id);
    expect(ended).toMatchObject({ state: 'FINISHED', progress: { done: 55, total: 55 } });
    await quiet(api);
    const roles = await api.db.ownerPool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM read.invitations WHERE email LIKE 'pupil.%' AND role = 'PUPIL' AND program_id = $1`, [world.p1]);
    expect(roles.rows[0].n).toBe(55);
  }, 120_000);

  it('shows the job to its uploader and the ecosystem\'s admins only; nobody can start it without a file', async () => {
    const res = await upload(world.tokens.admin1, csvOf('seen', 51));
    const id = res.data!.inviteUsersFromFile.job!.id;
    expect((await readJob(world.tokens.admin1, id)).data!.getUserBulkJob).not.toBeNull();
    for (const token of [world.tokens.admin2, world.tokens.student, world.tokens.parent]) {
      const other = await readJob(token, id);
      expect(codeOf(other)).toBeUndefined();
      expect(other.data!.getUserBulkJob).toBeNull();
    }
    await finished(world.tokens.admin1, id);
    await quiet(api);
    const create = `mutation C($e: ID!, $m: JSON) { createBatchJob(ecosystemId: $e, jobName: "inviteUsersFromFile", metadata: $m) { id } }`;
    const metadata = { rows: [[2, 'sneaky@example.com', 'S', 'N', 'STUDENT', null, 'en']] };
    await refusedUnchanged(api, () => api.graphql(create, { e: world.e1, m: metadata }, { token: world.tokens.platformAdmin }), 'BAD_USER_INPUT');
  }, 120_000);
});
