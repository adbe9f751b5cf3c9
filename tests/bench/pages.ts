/**
 * Benchmark 6: the web app's page queries, as it sends them (persisted documents, a platform
 * admin's token), against the trivial query on the same server: the manage-ecosystems page (20
 * ecosystems with their job and demo-data status) and the programs page (an ecosystem with 20
 * programs and the viewer's roles). Also counts the database statements (round trips) one request
 * of each costs, for pages of different lengths: a page of N rows must cost a constant number.
 */
import type { Timing } from './appends';
import { failureNotes, rateVariant, sendOnce, type Endpoint, type Failures } from './http-client';
import { trivialQuery } from './http';
import { interleave } from './measure';
import { compare, type Comparison } from './report';
import type { ServerProcess, StatementCounts } from './servers';
import type { TenantsData } from './tenants-data';
import { webRequest } from './web-requests';

const COUNTED_REQUESTS = 10;

function ecosystemsPage(base: string, token: string, searchTerm: string | null): Endpoint {
  return webRequest({ label: 'ManageEcosystemsPageQuery (20 rows)', base, operation: 'ManageEcosystemsPageQuery', variables: () => ({ searchTerm }), token });
}

function programsPage(base: string, token: string, ecosystemId: string): Endpoint {
  return webRequest({ label: 'ProgramsPageQuery (20 programs)', base, operation: 'ProgramsPageQuery', variables: () => ({ ecosystemId }), token });
}

interface Page {
  edges?: unknown[];
}

/** Checks the answer has no errors and the expected number of rows. */
async function checkRows(endpoint: Endpoint, rows: (data: Record<string, unknown>) => Page | undefined, expected: number): Promise<void> {
  const { status, json } = await sendOnce<{ data?: Record<string, unknown>; errors?: unknown }>(endpoint);
  const found = json.data ? rows(json.data)?.edges?.length : undefined;
  if (status !== 200 || json.errors || found !== expected) {
    throw new Error(`${endpoint.label} answered ${status} with ${found} rows (expected ${expected}): ${JSON.stringify(json).slice(0, 300)}`);
  }
}

const ecosystemRows = (d: Record<string, unknown>) => d.searchEcosystems as Page | undefined;
const programRows = (d: Record<string, unknown>) => (d.getEcosystemById as { programs?: Page } | undefined)?.programs;

/** Statements per request, as app_api and as the owner, over COUNTED_REQUESTS sequential requests. */
async function statementsPerRequest(server: ServerProcess, endpoint: Endpoint): Promise<StatementCounts> {
  await sendOnce(endpoint);
  const before = await server.counts();
  for (let i = 0; i < COUNTED_REQUESTS; i++) await sendOnce(endpoint);
  const after = await server.counts();
  const per = (n: number) => +(n / COUNTED_REQUESTS).toFixed(1);
  return { api: per(after.api - before.api), owner: per(after.owner - before.owner) };
}

async function roundTrips(server: ServerProcess, data: TenantsData): Promise<Record<string, string>> {
  const { token, ecosystemIds } = data;
  const base = server.url;
  const shapes: Array<[string, Endpoint, (d: Record<string, unknown>) => Page | undefined, number]> = [
    ['ecosystems page, 1 row', ecosystemsPage(base, token, 'Bench District 24'), ecosystemRows, 1],
    ['ecosystems page, 10 rows', ecosystemsPage(base, token, 'Bench District 1'), ecosystemRows, 10],
    ['ecosystems page, 20 rows', ecosystemsPage(base, token, null), ecosystemRows, 20],
    ['programs page, 5 programs', programsPage(base, token, ecosystemIds[1]), programRows, 5],
    ['programs page, 20 programs', programsPage(base, token, ecosystemIds[0]), programRows, 20],
    ['trivial query', trivialQuery(base), () => ({ edges: [] }), 0],
  ];
  const facts: Record<string, string> = {};
  for (const [name, endpoint, rows, expected] of shapes) {
    await checkRows(endpoint, rows, expected);
    const n = await statementsPerRequest(server, endpoint);
    facts[`statements per request, ${name}`] = `${n.api} as app_api + ${n.owner} as owner`;
  }
  return facts;
}

export async function pageBenchmarks(o: {
  timing: Timing; concurrencies: readonly number[]; server: ServerProcess; data: TenantsData; log: (line: string) => void;
}): Promise<Comparison[]> {
  const base = o.server.url;
  o.log('6. page queries: database round trips per request ...');
  const facts = await roundTrips(o.server, o.data);
  for (const [k, v] of Object.entries(facts)) o.log(`   ${k}: ${v}`);
  const results: Comparison[] = [];
  for (const c of o.concurrencies) {
    o.log(`6. page queries vs ${'{ featureFlags { name } }'} on the same server, ${c} connection(s) ...`);
    const failures: Failures = new Map();
    const [trivial, ecosystems, programs] = await interleave(o.timing.rounds, [
      rateVariant(trivialQuery(base), c, o.timing, failures),
      rateVariant(ecosystemsPage(base, o.data.token, null), c, o.timing, failures),
      rateVariant(programsPage(base, o.data.token, o.data.ecosystemIds[0]), c, o.timing, failures),
    ]);
    const connections = `${c} connection${c > 1 ? 's' : ''}`;
    const notes = [`${c} request(s) in flight; the trivial query is anonymous, the pages carry a platform admin's token`, ...failureNotes(failures)];
    const target = { minRatio: 0.3, text: '>= 30%' };
    results.push(
      compare({ id: `6a/${c}`, title: `manage-ecosystems page (20 ecosystems, job status) vs trivial query, ${connections}`, unit: 'requests',
        subject: ecosystems, baseline: trivial, target, notes, facts: pick(facts, 'ecosystems page') }),
      compare({ id: `6b/${c}`, title: `programs page (ecosystem, 20 programs, viewer roles) vs trivial query, ${connections}`, unit: 'requests',
        subject: programs, baseline: trivial, target, notes, facts: pick(facts, 'programs page') }),
    );
  }
  return results;
}

function pick(facts: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(Object.entries(facts).filter(([k]) => k.includes(prefix) || k.includes('trivial')));
}
