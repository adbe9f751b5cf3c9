/**
 * Big jobs through the API (decision 0075), on the embedded engine: an export of the ecosystem's
 * people and a program sessions report run to FINISHED and their files download with the header in
 * the creator's language and the rows; only platform admins start, read, cancel, retry or download
 * them (an admin of either ecosystem gets null, FORBIDDEN or 404, and nothing is written); bad input
 * is BAD_USER_INPUT; an ended job cannot be cancelled and a finished one cannot be retried.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, refusedUnchanged, type World } from '../people/testing';
import { startTestApi, type TestApi } from '../../tests/setup/api';

let api: TestApi;
let world: World;
let dataDir: string;
let keys = 0;

const FIELDS = 'jobId name type state isActive attempt progress { done total unit chunksDone rate secondsLeft } errors { chunk row error } errorCount error resultUrl';
const CREATE = `mutation($type: BigJobExportType!, $e: ID!, $filters: BigJobFilters) { createBigJob(type: $type, ecosystemId: $e, filters: $filters) { ${FIELDS} } }`;
const REPORT = `mutation($e: ID!, $p: [ID!]!, $from: DateTime!, $to: DateTime!) { createReportBigJob(reportType: PROGRAM_SESSIONS, ecosystemId: $e, programIds: $p, from: $from, to: $to) { ${FIELDS} } }`;
const GET = `query($id: ID!) { getBigJob(jobId: $id) { ${FIELDS} } }`;
const LIST = 'query($e: ID) { getAllBigJobs(ecosystemId: $e) { edges { node { jobId state } } } }';
const CANCEL = 'mutation($id: ID!) { cancelBigJob(jobId: $id) { jobId state } }';
const RETRY = 'mutation($id: ID!) { retryBigJob(jobId: $id) { jobId state } }';

interface Job { jobId: string; name: string; state: string; progress: { done: number; total: number | null; unit: string; chunksDone: number }; resultUrl: string | null; errors: unknown[]; errorCount: number }

const headers = (locale = 'en') => ({ 'idempotency-key': `big-job-${++keys}`, 'accept-language': locale });

async function finished(jobId: string): Promise<Job> {
  let job: Job | null = null;
  await expect.poll(async () => {
    const res = await api.graphql<{ getBigJob: Job }>(GET, { id: jobId }, { token: world.tokens.platformAdmin });
    job = res.data!.getBigJob;
    return job.state;
  }, { timeout: 30_000, interval: 200 }).toBe('FINISHED');
  return job!;
}

async function download(url: string, token: string | null) {
  const res = await fetch(`${api.url}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'big-jobs-api-'));
  api = await startTestApi({ DATA_DIR: dataDir });
  world = await buildWorld(api);
});
afterAll(async () => {
  await api?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('big jobs', () => {
  let exportJob: Job;

  it('exports the ecosystem\'s people to a CSV file that the platform admin downloads', async () => {
    const res = await api.graphql<{ createBigJob: Job }>(CREATE, { type: 'EXPORT_USERS', e: world.e1 }, { token: world.tokens.platformAdmin, headers: headers() });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createBigJob).toMatchObject({ name: 'People export', type: 'EXPORT_USERS', isActive: true, attempt: 1 });
    exportJob = await finished(res.data!.createBigJob.jobId);
    expect(exportJob.progress.unit).toBe('ROWS');
    expect(exportJob.progress.done).toBe(exportJob.progress.total);
    expect(exportJob.progress.done).toBeGreaterThanOrEqual(4);
    const file = await download(exportJob.resultUrl!, world.tokens.platformAdmin);
    expect(file.status).toBe(200);
    expect(file.type).toMatch(/^text\/csv/);
    const lines = file.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('First name,Last name,Preferred name,E-mail,Status,Roles,Programs,Joined,User id');
    expect(lines).toHaveLength(exportJob.progress.total! + 1);
    expect(file.text).toContain('sam.student@example.com');
    // Another ecosystem's people are not in it.
    expect(file.text).not.toContain('otto.other@example.com');
  });

  it('makes the program sessions report of a period, one program per chunk, with the header in the creator\'s language', async () => {
    const res = await api.graphql<{ createReportBigJob: Job }>(REPORT, { e: world.e1, p: [world.p1, world.p2], from: '2026-01-01T00:00:00Z', to: '2026-07-01T00:00:00Z' },
      { token: world.tokens.platformAdmin, headers: headers('es') });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createReportBigJob.name).toBe('Informe de sesiones por programa');
    const job = await finished(res.data!.createReportBigJob.jobId);
    expect(job.progress).toMatchObject({ done: 2, total: 2, unit: 'PROGRAMS', chunksDone: 2 });
    const file = await download(job.resultUrl!, world.tokens.platformAdmin);
    const lines = file.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Línea,Programa,Tutor,Realizadas,Canceladas,Perdidas,Horas,Tasa de asistencia,Parejas activas,Aprendices');
    expect(lines.filter((l) => l.startsWith('Programa,'))).toHaveLength(2);
  });

  it('shows, lists and serves a job to platform admins only: other people get null, FORBIDDEN or 404, and write nothing', async () => {
    for (const token of [world.tokens.admin1, world.tokens.admin2, world.tokens.student]) {
      const got = await api.graphql<{ getBigJob: Job | null }>(GET, { id: exportJob.jobId }, { token });
      expect(got.data?.getBigJob ?? null).toBeNull();
      expect((await download(exportJob.resultUrl!, token)).status).toBe(404);
      const list = await api.graphql(LIST, { e: world.e1 }, { token });
      expect(list.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      await refusedUnchanged(api, () => api.graphql(CREATE, { type: 'EXPORT_SESSIONS', e: world.e1 }, { token, headers: headers() }), 'FORBIDDEN');
      await refusedUnchanged(api, () => api.graphql(RETRY, { id: exportJob.jobId }, { token, headers: headers() }), 'NOT_FOUND');
    }
    expect((await download(exportJob.resultUrl!, null)).status).toBe(401);
    const list = await api.graphql<{ getAllBigJobs: { edges: Array<{ node: { jobId: string } }> } }>(LIST, { e: world.e2 }, { token: world.tokens.platformAdmin });
    expect(list.data!.getAllBigJobs.edges).toEqual([]);
  });

  it('refuses bad input and changes of an ended job', async () => {
    const admin = world.tokens.platformAdmin;
    await refusedUnchanged(api, () => api.graphql(REPORT, { e: world.e1, p: [world.p1], from: '2026-07-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }, { token: admin, headers: headers() }), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => api.graphql(REPORT, { e: world.e1, p: [], from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' }, { token: admin, headers: headers() }), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => api.graphql(CREATE, { type: 'EXPORT_SESSIONS', e: world.e2, filters: { programIds: [world.p1] } }, { token: admin, headers: headers() }), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => api.graphql(CANCEL, { id: exportJob.jobId }, { token: admin, headers: headers() }), 'CONFLICT');
    await refusedUnchanged(api, () => api.graphql(RETRY, { id: exportJob.jobId }, { token: admin, headers: headers() }), 'CONFLICT');
  });
});
