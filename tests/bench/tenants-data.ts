/**
 * The data of benchmarks 6 and 7, made through the web app's own mutations as a platform admin
 * would: 24 ecosystems (a first page of 20 and more), programs in each (the first has a full page
 * of 20), and one finished demo-data job per ecosystem (which adds three demo programs).
 */
import { PUBLISHED_PASSWORDS } from '../../api/seed';
import { sendOnce } from './http-client';
import { webRequest } from './web-requests';

export const ECOSYSTEMS = 24;
/** Programs the first ecosystem gets besides its three demo programs: a full page of 20. */
const FIRST_PROGRAMS = 17;
const OTHER_PROGRAMS = 2;
const PLATFORM_ADMIN_EMAIL = 'platform.admin@demo.example.org';
const JOB_WAIT_MS = 180_000;

export interface TenantsData {
  token: string;
  /** In name order: [0] has 20 programs, the others 5. */
  ecosystemIds: string[];
}

interface Answer<T> {
  data?: T;
  errors?: Array<{ message: string }>;
}

async function call<T>(base: string, operation: string, variables: Record<string, unknown>, token: string | null, mutation = false): Promise<T> {
  const { status, json } = await sendOnce<Answer<T>>(webRequest({ label: operation, base, operation, variables: () => variables, token, mutation }));
  if (status !== 200 || json.errors || !json.data) throw new Error(`${operation} answered ${status}: ${JSON.stringify(json.errors ?? json).slice(0, 300)}`);
  return json.data;
}

export async function logIn(base: string): Promise<string> {
  const data = await call<{ loginPaas: { token: string | null } }>(base, 'useLoginPaasMutation',
    { email: PLATFORM_ADMIN_EMAIL, password: PUBLISHED_PASSWORDS.platformAdmin, ecosystemId: null }, null, true);
  if (!data.loginPaas.token) throw new Error('loginPaas gave no token');
  return data.loginPaas.token;
}

/** Runs `fn` over `items` with at most `width` at a time. */
async function inParallel<T, R>(items: readonly T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  }));
  return out;
}

export function createProgramVariables(ecosystemId: string, name: string): Record<string, unknown> {
  return { programInput: { ecosystemId, name } };
}

async function createEcosystem(base: string, token: string, n: number): Promise<string> {
  const nn = String(n).padStart(2, '0');
  const data = await call<{ createEcosystem: { id: string } }>(base, 'useCreateEcosystemMutation', {
    ecosystemInput: {
      name: `Bench District ${nn}`, shortName: `Bench ${nn}`, profileId: `bench-district-${nn}`,
      type: 'ECOSYSTEM', organizationType: 'PUBLIC_DISTRICT', city: 'Springfield', state: 'CA',
    },
  }, token, true);
  return data.createEcosystem.id;
}

async function createPrograms(base: string, token: string, ecosystemId: string, count: number): Promise<void> {
  for (let i = 1; i <= count; i++) {
    await call(base, 'useCreateProgramMutation', createProgramVariables(ecosystemId, `Program ${String(i).padStart(2, '0')}`), token, true);
  }
}

interface PageRows {
  searchEcosystems: { edges: Array<{ node: { id: string; recentBatchJob: { state: string; isActive: boolean } | null } }> };
}

/** Waits until every ecosystem's demo-data job has finished (as the manage-ecosystems page shows it). */
async function jobsFinished(base: string, token: string, ecosystemIds: readonly string[]): Promise<void> {
  const deadline = Date.now() + JOB_WAIT_MS;
  for (;;) {
    const pages = await Promise.all(['Bench District 0', 'Bench District 1', 'Bench District 2'].map((searchTerm) =>
      call<PageRows>(base, 'ManageEcosystemsPageQuery', { searchTerm }, token)));
    const jobs = new Map(pages.flatMap((p) => p.searchEcosystems.edges.map((e) => [e.node.id, e.node.recentBatchJob] as const)));
    const pending = ecosystemIds.filter((id) => jobs.get(id)?.state !== 'FINISHED');
    const failed = ecosystemIds.filter((id) => jobs.get(id) && !jobs.get(id)?.isActive && jobs.get(id)?.state !== 'FINISHED');
    if (failed.length > 0) throw new Error(`${failed.length} demo-data jobs ended ${jobs.get(failed[0])?.state}`);
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`${pending.length} demo-data jobs still running after ${JOB_WAIT_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** `adminToken`: a platform admin's token (a production server has no published passwords); else the dev seed's admin logs in. */
export async function createTenantsData(base: string, log: (line: string) => void, adminToken?: string): Promise<TenantsData> {
  const token = adminToken ?? await logIn(base);
  const ecosystemIds = await inParallel(Array.from({ length: ECOSYSTEMS }, (_, i) => i + 1), 4, (n) => createEcosystem(base, token, n));
  await inParallel(ecosystemIds, 4, (id) => createPrograms(base, token, id, id === ecosystemIds[0] ? FIRST_PROGRAMS : OTHER_PROGRAMS));
  const today = new Date().toISOString().slice(0, 10);
  await inParallel(ecosystemIds, 4, (ecosystemId) =>
    call(base, 'useCreateEcosystemDemoDataMutation', { ecosystemId, demoSessionsStartDate: today }, token, true));
  await jobsFinished(base, token, ecosystemIds);
  log(`   made ${ECOSYSTEMS} ecosystems with ${FIRST_PROGRAMS + 3} and ${OTHER_PROGRAMS + 3} programs and a finished demo-data job each`);
  return { token, ecosystemIds };
}
