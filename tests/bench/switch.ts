/**
 * Benchmark 8: readers during blue/green view switches (decision 0004, "Locks of a switch"). Four
 * readers read the tenants read model as the API does (app_api, a read-only transaction under
 * row-level security, read.ecosystems and read.programs) one query after another. In the subject
 * rounds a runner rebuilds the tenants projection again and again, each rebuild ending in a view
 * switch (ACCESS EXCLUSIVE on the views, at most LOCK_TIMEOUT_MS of waiting per attempt); in the
 * baseline rounds the same runner idles. Compared: the readers' p99 latency.
 */
import type pg from 'pg';
import { createPool } from '../../infra/db/pool';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import { allProjections } from '../../projections/registry';
import { ProjectionRunner, type BuildProgress } from '../../projections/runner';
import { withTenantScope } from '../../projections/scope';
import { listPrograms, searchEcosystems } from '../../projections/tenants/queries';
import type { Timing } from './appends';
import { drive, interleaveLatencies, type LatencyVariant } from './measure';
import { compareLatency, type Comparison } from './report';

const READERS = 4;
const SWITCH_TIMEOUT_MS = 60_000;
const ADMIN = { platformAdmin: true, ecosystemIds: [] };

/** One reader's query, as a page of the API reads: 20 ecosystems, or 20 programs. */
async function readOnce(apiPool: pg.Pool, n: number): Promise<number> {
  const rows = await withTenantScope(apiPool, ADMIN, async (c): Promise<unknown[]> => (n % 2 === 0
    ? searchEcosystems(c, null, { includeArchived: true, limit: 21, after: null })
    : listPrograms(c, null, { includeArchived: true, limit: 21, after: null })));
  if (rows.length === 0) throw new Error('a reader found no rows in the tenants read model');
  return 1;
}

function servingOf(runner: ProjectionRunner, schema: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { off(); reject(new Error('a rebuild of tenants did not switch in time')); }, SWITCH_TIMEOUT_MS);
    const off = runner.onProgress((p: BuildProgress) => {
      if (p.schema !== schema() || p.status !== 'serving') return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

export async function switchBenchmark(o: { timing: Timing; ownerUrl: string; apiUrl: string; log: (line: string) => void }): Promise<Comparison> {
  o.log(`8. readers during view switches (tenants rebuilt and switched again and again) vs without ...`);
  const owner = createPool(o.ownerUrl, 6, 'bench-switch-owner');
  const api = createPool(o.apiUrl, READERS, 'bench-switch-readers');
  const store = createPostgresEventStore(owner);
  const tenants = allProjections().filter((p) => p.name === 'tenants');
  const runner = new ProjectionRunner(owner, store, tenants, { onError: (err, context) => o.log(`   [projections] ${context}: ${err.message}`) });
  const switchesPerRound: number[] = [];
  try {
    await runner.start();
    const readers = (ms: number, latencies: number[]) =>
      drive({ ms, workers: READERS, maxOps: 10_000_000, latencies, op: (w) => readOnce(api, w) });
    const variant = (label: string, switching: boolean): LatencyVariant => {
      const measure = async (ms: number, counted: boolean) => {
        const latencies: number[] = [];
        let stop = false;
        let switches = 0;
        const switcher = (async () => {
          while (switching && !stop) {
            let target = '';
            const serving = servingOf(runner, () => target);
            [target] = await runner.rebuild(['tenants']);
            await serving;
            switches += 1;
          }
        })();
        await readers(ms, latencies);
        stop = true;
        await switcher;
        if (switching && counted) switchesPerRound.push(switches);
        return latencies;
      };
      return { label, warmUp: () => measure(o.timing.warmUpMs, false), run: () => measure(o.timing.roundMs, true) };
    };
    const [subject, baseline] = await interleaveLatencies(o.timing.rounds, [
      variant(`${READERS} readers during view switches`, true),
      variant(`${READERS} readers, no switch`, false),
    ]);
    return compareLatency({
      id: '8', title: 'readers of read.* views during blue/green switches vs without', percentile: 'p99', subject, baseline,
      notes: [
        `ratio = p99 without / p99 with; max ${subject.pooled.max.toFixed(1)} ms with switches, ${baseline.pooled.max.toFixed(1)} ms without`,
        'the switching rounds also carry the rebuilds\' own work (replaying the log into a new schema), not only the switch',
      ],
      facts: { 'view switches per round': switchesPerRound.join(', '), 'reads with switches': subject.pooled.count, 'reads without': baseline.pooled.count },
    });
  } finally {
    await runner.stop();
    await store.close();
    await Promise.all([owner.end(), api.end()]);
  }
}
