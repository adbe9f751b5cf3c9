/**
 * `npx tsx scripts/measure-projection-fetch.ts [EVENTS...]` (decision 0026): how many events the
 * tenants projection's worker fetches, and what it costs, on a log dominated by types only the
 * audit reads, with the type filter and without it (the store made to ignore `types`, as every
 * worker read before). For each log size: a fresh build catching up from position zero, then 300
 * live appends of audit-only events, each followed by waitFor (the read-your-writes wait), with the
 * CPU time PostgreSQL and this process spent per append (from /proc: steadier than latency on a
 * shared machine). Starts its own throwaway embedded PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { startEmbeddedPostgres } from '../infra/db/embedded';
import { migrate } from '../infra/db/migrate';
import { createPool } from '../infra/db/pool';
import { createPostgresEventStore } from '../infra/eventstore/postgres';
import type { EventStore } from '../infra/eventstore/port';
import { ProjectionRunner } from '../projections/runner';
import { tenantsProjection } from '../projections/tenants';
import { newEvent } from '../projections/testing/fixtures';
import type { Projection } from '../projections/types';

const AUDIT_ONLY = ['FeatureFlagChanged', 'UserEmailReserved', 'EcosystemProfileIdClaimed'];
/** One event in fifty is of a type tenants consumes. */
const TENANTS_SHARE = 50;
const LIVE_APPENDS = 300;

/** The tenants projection's types and tables, its handlers no-ops: the log's data need not be valid. */
const probe: Projection = {
  ...tenantsProjection,
  handlers: Object.fromEntries(Object.keys(tenantsProjection.handlers).map((t) => [t, async () => undefined])),
};

function counting(store: EventStore, filtered: boolean) {
  const stats = { fetched: 0, reads: 0 };
  const wrapped: EventStore = {
    ...store,
    readPage: async (o) => {
      const page = await store.readPage(filtered ? o : { after: o.after, limit: o.limit });
      stats.fetched += page.events.length;
      stats.reads += 1;
      return page;
    },
  };
  return { wrapped, stats };
}

/** CPU milliseconds used so far by the PostgreSQL server whose data folder is `dir`, and its children. */
async function postgresCpuMs(dir: string): Promise<number> {
  const stats: Array<{ pid: number; ppid: number; ticks: number }> = [];
  let postmaster = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.push({ pid: Number(entry), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
      if ((await readFile(`/proc/${entry}/cmdline`, 'utf8')).includes(dir)) postmaster = Number(entry);
    } catch {
      // The process ended while we looked: it no longer counts.
    }
  }
  const ticks = stats.filter((s) => s.pid === postmaster || s.ppid === postmaster).reduce((sum, s) => sum + s.ticks, 0);
  return (ticks * 1000) / 100;
}

async function fill(pool: pg.Pool, events: number): Promise<void> {
  const per = 1000;
  for (let from = 0; from < events; from += per) {
    await pool.query(`INSERT INTO public.events (stream_id, revision, event_id, type, data, metadata)
      SELECT 'fill-' || gen_random_uuid(), 0, gen_random_uuid(),
        CASE WHEN g % ${TENANTS_SHARE} = 0 THEN 'ProgramEdited' ELSE ($3::text[])[1 + g % ${AUDIT_ONLY.length}] END,
        '{}'::jsonb, '{}'::jsonb
      FROM generate_series($1::int, $2::int) g`, [from, Math.min(from + per, events) - 1, AUDIT_ONLY]);
  }
  await pool.query('VACUUM ANALYZE public.events');
}

async function measure(pool: pg.Pool, store: EventStore, filtered: boolean, events: number, clusterDir: string): Promise<string> {
  // A fresh build each time: views, build schemas and checkpoints go.
  await pool.query(`DO $$ DECLARE x text; BEGIN
    FOR x IN SELECT viewname FROM pg_views WHERE schemaname = 'read' LOOP EXECUTE 'DROP VIEW read.' || quote_ident(x); END LOOP;
    FOR x IN SELECT nspname FROM pg_namespace WHERE left(nspname, 5) = 'proj_' LOOP EXECUTE 'DROP SCHEMA ' || quote_ident(x) || ' CASCADE'; END LOOP;
    DELETE FROM projections.checkpoints; END $$`);
  const { wrapped, stats } = counting(store, filtered);
  const runner = new ProjectionRunner(pool, wrapped, [probe], { onError: (e, c) => console.error(`  [${c}] ${e.message}`) });
  const head = await store.headPosition();
  const started = performance.now();
  await runner.start();
  if (head && !await runner.waitFor(head, undefined, 600_000)) throw new Error('catch-up timed out');
  const catchUpMs = performance.now() - started;
  const catchUp = { ...stats };
  const waits: number[] = [];
  const [pgBefore, nodeBefore] = [await postgresCpuMs(clusterDir), process.cpuUsage()];
  for (let i = 0; i < LIVE_APPENDS; i++) {
    const { position } = await store.append(`live-${randomBytes(8).toString('hex')}`, [newEvent(AUDIT_ONLY[i % AUDIT_ONLY.length], { i })], { expectedRevision: 'no_stream' });
    const t = performance.now();
    if (!await runner.waitFor(position, undefined, 10_000)) throw new Error('live wait timed out');
    waits.push(performance.now() - t);
  }
  const pgMs = (await postgresCpuMs(clusterDir)) - pgBefore;
  const node = process.cpuUsage(nodeBefore);
  await runner.stop();
  waits.sort((a, b) => a - b);
  const pct = (p: number) => waits[Math.min(waits.length - 1, Math.floor(p * waits.length))].toFixed(2);
  return [
    `${events.toLocaleString('en-US')} events, ${filtered ? 'filtered  ' : 'unfiltered'}:`,
    `catch-up fetched ${catchUp.fetched} in ${catchUp.reads} reads, ${catchUpMs.toFixed(0)} ms;`,
    `${LIVE_APPENDS} live audit-only appends fetched ${stats.fetched - catchUp.fetched} in ${stats.reads - catchUp.reads} reads, waitFor p50 ${pct(0.5)} ms p95 ${pct(0.95)} ms,`,
    `CPU per append: PostgreSQL ${(pgMs / LIVE_APPENDS).toFixed(2)} ms, this process ${((node.user + node.system) / 1000 / LIVE_APPENDS).toFixed(2)} ms`,
  ].join(' ');
}

async function main(sizes: number[]): Promise<void> {
  const dir = path.resolve(import.meta.dirname, '../.test-data', `measure-${process.pid}`);
  const cluster = await startEmbeddedPostgres({ dir, password: randomBytes(18).toString('base64url'), throwaway: true });
  try {
    for (const events of sizes) {
      const admin = createPool(cluster.url('postgres'), 1, 'measure-admin');
      const name = `measure_${events}`;
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const pool = createPool(cluster.url(name), 10, 'measure');
      await migrate(pool, { apiPassword: randomBytes(12).toString('hex') });
      await fill(pool, events);
      const store = createPostgresEventStore(pool);
      for (const filtered of [false, true]) console.log(await measure(pool, store, filtered, events, cluster.clusterDir));
      await store.close();
      await pool.end();
    }
  } finally {
    await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

const sizes = process.argv.slice(2).map(Number).filter((n) => Number.isInteger(n) && n > 0);
main(sizes.length ? sizes : [10_000, 100_000]).then(() => process.exit(0), (err: Error) => {
  console.error(err);
  process.exit(1);
});
