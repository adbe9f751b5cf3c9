/**
 * The data of the load runs, made through the web app's own mutations: the server seeded the demo
 * ecosystem and its admin; the platform admin adds demo data (a background job) to it and a
 * neighbouring ecosystem with programs of its own (another tenant the queries must filter out),
 * and the ecosystem admin, the user the load runs as, creates a few hundred programs.
 */
import pg from 'pg';
import { must, Session } from './load-client';
import type { LoadServer } from './load-server';

const JOB_WAIT_MS = 180_000;
const PAGE = 100;

export interface ProgramState {
  id: string;
  name: string;
  archived: boolean;
}

export interface LoadData {
  /** The ecosystem admin the load runs as. */
  user: Session;
  ecosystemId: string;
  /** The ecosystem's Node id, for the programs list's pagination query. */
  ecosystemNodeId: string;
  programs: ProgramState[];
}

async function inParallel<T>(items: readonly T[], width: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

interface Job {
  getRecentBatchJob: { state: string; isActive: boolean; error: string | null } | null;
}

async function addDemoData(base: string, token: string, ecosystemId: string): Promise<void> {
  await must(base, 'useCreateEcosystemDemoDataMutation', { ecosystemId, demoSessionsStartDate: new Date().toISOString().slice(0, 10) }, token);
  const deadline = Date.now() + JOB_WAIT_MS;
  for (;;) {
    const { getRecentBatchJob: job } = await must<Job>(base, 'DemoJobStatusPollQuery', { ecosystemId }, token);
    if (job?.state === 'FINISHED') return;
    if (job && !job.isActive) throw new Error(`the demo-data job ended ${job.state}: ${job.error ?? ''}`);
    if (Date.now() > deadline) throw new Error(`the demo-data job still runs after ${JOB_WAIT_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

export async function createPrograms(base: string, token: string, ecosystemId: string, names: readonly string[]): Promise<void> {
  await inParallel(names, 4, (name) => must(base, 'useCreateProgramMutation', { programInput: { ecosystemId, name } }, token));
}

async function neighbour(base: string, token: string, programs: number): Promise<void> {
  const { createEcosystem } = await must<{ createEcosystem: { id: string } }>(base, 'useCreateEcosystemMutation', {
    ecosystemInput: {
      name: 'Load Neighbour District', shortName: 'Neighbour', profileId: 'load-neighbour',
      type: 'ECOSYSTEM', organizationType: 'PUBLIC_DISTRICT', city: 'Springfield', state: 'CA',
    },
  }, token);
  await createPrograms(base, token, createEcosystem.id, Array.from({ length: programs }, (_, i) => `Neighbour ${String(i + 1).padStart(3, '0')}`));
}

interface ProgramPage {
  node: { programs: { edges: Array<{ node: ProgramState }>; pageInfo: { endCursor: string | null; hasNextPage: boolean } } } | null;
}

/** Every program of the ecosystem, archived ones too, through the web app's pagination query. */
export async function listPrograms(base: string, token: string, ecosystemNodeId: string): Promise<ProgramState[]> {
  const out: ProgramState[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page: ProgramPage = await must<ProgramPage>(base, 'ProgramListPaginationQuery', { id: ecosystemNodeId, count: PAGE, cursor }, token);
    if (!page.node) throw new Error(`node(${ecosystemNodeId}) is not an ecosystem the user can read`);
    for (const e of page.node.programs.edges) out.push({ id: e.node.id, name: e.node.name, archived: e.node.archived });
    if (!page.node.programs.pageInfo.hasNextPage) return out;
    cursor = page.node.programs.pageInfo.endCursor;
  }
}

interface Viewer {
  getCurrentUserV2: { ecosystemRoles: Array<{ ecosystemId: string; role: string }> };
}

export async function seedLoadData(server: LoadServer, o: { programs: number; neighbourPrograms: number; log(line: string): void }): Promise<LoadData> {
  const base = server.url;
  const admin = await Session.logIn(base, server.platformAdmin.email, server.platformAdmin.password);
  const user = await Session.logIn(base, server.ecosystemAdmin.email, server.ecosystemAdmin.password);
  const roles = (await must<Viewer>(base, 'viewerAreasQuery', {}, user.token)).getCurrentUserV2.ecosystemRoles;
  const ecosystemId = roles.find((r) => r.role === 'SUPER_ADMIN')?.ecosystemId;
  if (!ecosystemId) throw new Error('the seeded ecosystem admin has no ecosystem');
  await addDemoData(base, admin.token, ecosystemId);
  await neighbour(base, admin.token, o.neighbourPrograms);
  await createPrograms(base, user.token, ecosystemId, Array.from({ length: o.programs }, (_, i) => `Seeded ${String(i + 1).padStart(4, '0')}`));
  const page = await must<{ getEcosystemById: { id: string } | null }>(base, 'ProgramsPageQuery', { ecosystemId }, user.token);
  if (!page.getEcosystemById) throw new Error('the programs page found no ecosystem');
  const ecosystemNodeId = page.getEcosystemById.id;
  const programs = await listPrograms(base, user.token, ecosystemNodeId);
  o.log(`   seeded: the demo ecosystem with demo data and ${programs.length} programs, a neighbour with ${o.neighbourPrograms}; the load runs as its ecosystem admin`);
  return { user, ecosystemId, ecosystemNodeId, programs };
}

/**
 * ANALYZE once the seed is in, as autovacuum does within minutes on a server that has been running
 * (the soak showed PostgreSQL's CPU per request falling from 2.5-4.5 ms to 1.2 ms at its first
 * autoanalyze): the load runs are a few minutes long and would otherwise measure the planner
 * without statistics (docs/benchmarks.md, "steady state").
 */
export async function analyzeSeeded(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

