/**
 * Benchmark 4: rebuilding a real projection (the audit trail of projections/registry.ts) from zero
 * through ProjectionRunner.rebuild, against one raw `INSERT ... SELECT` writing the same rows into
 * the same table (same DDL, keys and indexes) straight from public.events.
 */
import type pg from 'pg';
import { listBuilds } from '../../projections/checkpoints';
import { allProjections } from '../../projections/registry';
import { ProjectionRunner, type BuildProgress } from '../../projections/runner';
import { quoteIdent } from '../../projections/sql';
import type { Projection } from '../../projections/types';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import { interleave, timeOnce, type Rate } from './measure';
import { compare, type Comparison } from './report';
import { preload, preloadSql } from './workload';

const NAMES = `event_id, position_commit, position_prepare, ecosystem_id, program_id, occurred_at, actor_user_id,
  actor_role, target_type, target_id, event_type, summary, changes, command_id, correlation_id, run_id, entry_commit, entry_prepare`;

/**
 * The audit projection's row for each event, computed in SQL (generic summary, data as changes).
 * The workload has no job runs, so every row is its own entry (run_id null, entry = own position).
 */
const RAW_SELECT = `
SELECT event_id, transaction_id::text::bigint, global_position,
       (metadata->>'ecosystemId')::uuid, (metadata->>'programId')::uuid, (metadata->>'occurredAt')::timestamptz,
       metadata->'actor'->>'userId', metadata->'actor'->>'role',
       category, substr(stream_id, length(category) + 2), type,
       type || ' on ' || category || ' ' || substr(stream_id, length(category) + 2),
       data, metadata->>'commandId', metadata->>'correlationId', NULL, transaction_id::text::bigint, global_position
  FROM public.events
 ORDER BY transaction_id, global_position`;

const TIMEOUT_MS = 900_000;

/** Resolves with the first progress report that `match` accepts. */
function progressOf(runner: ProjectionRunner, match: (p: BuildProgress) => boolean, what: string): Promise<BuildProgress> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { off(); reject(new Error(`timed out waiting for ${what}`)); }, TIMEOUT_MS);
    const off = runner.onProgress((p) => {
      if (!match(p)) return;
      clearTimeout(timer);
      off();
      resolve(p);
    });
  });
}

async function rawCopy(pool: pg.Pool, audit: Projection, schema: string): Promise<Rate> {
  await pool.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
  await pool.query(`CREATE SCHEMA ${quoteIdent(schema)}`);
  await pool.query(audit.tables(schema) + (audit.indexes?.(schema) ?? ''));
  return timeOnce(async () => {
    const r = await pool.query(`INSERT INTO ${quoteIdent(schema)}.breadcrumbs (${NAMES}) ${RAW_SELECT}`);
    return r.rowCount ?? 0;
  });
}

/** Rows in one table and not the other, both ways (0 when the raw copy is truly the same rows). */
async function differingRows(pool: pg.Pool, a: string, b: string): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN READ ONLY');
    // The builds FORCE row-level security: read them as the runner does, as platform admin.
    await client.query(`SELECT set_config('app.platform_admin', 'on', true)`);
    const r = await client.query<{ n: string }>(
      `SELECT (SELECT count(*) FROM (SELECT ${NAMES} FROM ${a} EXCEPT ALL SELECT ${NAMES} FROM ${b}) x)
            + (SELECT count(*) FROM (SELECT ${NAMES} FROM ${b} EXCEPT ALL SELECT ${NAMES} FROM ${a}) y) AS n`);
    return Number(r.rows[0].n);
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}

export interface RebuildOptions {
  events: number;
  rounds: number;
  /** How the log is written first: through the store (default), or in SQL for large logs. */
  preload?: 'store' | 'sql';
  /** Result id; '4' by default. */
  id?: string;
}

export async function rebuildBenchmark(pool: pg.Pool, o: RebuildOptions, log: (line: string) => void): Promise<Comparison> {
  const audit = allProjections().find((p) => p.name === 'audit');
  if (!audit) throw new Error('projections/registry.ts has no audit projection');
  const store = createPostgresEventStore(pool);
  const runner = new ProjectionRunner(pool, store, [audit], { onError: (err, context) => log(`   [projections] ${context}: ${err.message}`) });
  try {
    const id = o.id ?? '4';
    log(`${id}. projection rebuild vs raw INSERT ... SELECT: appending ${o.events} events ...`);
    const loaded = o.preload === 'sql' ? await timeOnce(() => preloadSql(pool, o.events)) : await preload(store, o.events);
    await pool.query('ANALYZE public.events');
    log(`   appended in ${loaded.seconds.toFixed(1)} s and analyzed; first build of the audit projection (warm-up) ...`);
    const firstBuild = progressOf(runner, (p) => p.eventsProcessed >= o.events, 'the first build to catch up');
    await runner.start();
    await firstBuild;

    let lastRebuilt = '';
    const [raw, rebuilt] = await interleave(o.rounds, [
      {
        label: 'raw INSERT ... SELECT',
        warmUp: () => rawCopy(pool, audit, 'bench_raw_audit'),
        run: () => rawCopy(pool, audit, 'bench_raw_audit'),
      },
      {
        label: 'ProjectionRunner.rebuild(audit)',
        warmUp: async () => undefined, // the first build above replayed the same events
        run: () => timeOnce(async () => {
          let target = '';
          const serving = progressOf(runner, (p) => p.schema === target && p.status === 'serving', 'the rebuild to switch');
          [target] = await runner.rebuild(['audit']);
          const done = await serving;
          lastRebuilt = target;
          return done.eventsProcessed;
        }),
      },
    ]);

    const builds = await listBuilds(pool, { names: ['audit'] });
    const serving = builds.find((b) => b.status === 'serving');
    const notes = [
      `${o.events} events; the rebuild time runs from rebuild() to the view switch, so it includes creating the build schema and switching (the raw copy's table is created untimed)`,
    ];
    if (serving?.schema === lastRebuilt) {
      const diff = await differingRows(pool, `${quoteIdent(lastRebuilt)}.breadcrumbs`, 'bench_raw_audit.breadcrumbs');
      notes.push(diff === 0 ? 'checked: the rebuilt table and the raw copy hold identical rows' : `WARNING: ${diff} rows differ between the rebuild and the raw copy`);
    }
    log(`   ${notes[notes.length - 1]}`);
    return compare({
      id, title: `projection rebuild (audit) vs raw INSERT ... SELECT, ${o.events.toLocaleString('en-US')} events`, unit: 'events', subject: rebuilt, baseline: raw,
      target: { minRatio: 0.5, text: '>= 50%' }, notes,
    });
  } finally {
    await runner.stop();
    await store.close();
  }
}
