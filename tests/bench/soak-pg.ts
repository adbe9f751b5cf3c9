/**
 * What PostgreSQL was doing during each soak sample: the autovacuum and autoanalyze runs seen
 * (pg_stat_activity, polled every 2 s), checkpoints, blocks read from outside shared buffers,
 * WAL written, and the tables with the most dead rows. The soak prints it beside each sample so a
 * dip in throughput can be set against background work (docs/benchmarks.md, the soak).
 * One connection of the database owner, a handful of catalogue reads a second: noise, not load.
 */
import pg from 'pg';

const POLL_MS = 2_000;

interface Counters {
  blksRead: number;
  blksHit: number;
  walBytes: number;
  checkpoints: number;
  checkpointBuffers: number;
}

export interface PgSample {
  /** Background runs seen during the sample, such as "VACUUM public.events (12 s)". */
  autovacuum: string[];
  checkpoints: number;
  checkpointBuffers: number;
  /** Blocks read from the OS (not found in shared buffers) per second, and the hit ratio. */
  blksReadPerSecond: number;
  hitRatio: number;
  walMiBPerSecond: number;
  /** The five tables with the most dead rows: "schema.table live/dead". */
  deadRows: string[];
  /** With pg_stat_statements (SOAK_STATEMENTS=1): the three statements that took most time. */
  statements?: string[];
}

const STATEMENTS_SQL = `
  SELECT queryid::text AS id, calls::float8 AS calls, total_exec_time + total_plan_time AS ms, query
    FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`;

const COUNTERS_SQL = `
  SELECT d.blks_read::float8 AS blks_read, d.blks_hit::float8 AS blks_hit,
         (SELECT wal_bytes::float8 FROM pg_stat_wal) AS wal_bytes,
         (SELECT (num_timed + num_requested)::float8 FROM pg_stat_checkpointer) AS checkpoints,
         (SELECT buffers_written::float8 FROM pg_stat_checkpointer) AS checkpoint_buffers
    FROM pg_stat_database d WHERE d.datname = current_database()`;

const DEAD_SQL = `
  SELECT schemaname || '.' || relname || ' ' || n_live_tup || '/' || n_dead_tup AS line
    FROM pg_stat_user_tables ORDER BY n_dead_tup DESC LIMIT 5`;

const AUTOVACUUM_SQL = `
  SELECT pid, query, extract(epoch FROM now() - xact_start)::float8 AS seconds
    FROM pg_stat_activity WHERE backend_type = 'autovacuum worker' AND query <> ''`;

export class PgSampler {
  private readonly client: pg.Client;
  private timer: NodeJS.Timeout | null = null;
  private runs = new Map<string, { query: string; seconds: number }>();
  private last: Counters | null = null;
  private statements: Map<string, { calls: number; ms: number }> | null = null;
  private lastAt = 0;

  private constructor(client: pg.Client) {
    this.client = client;
  }

  /** `statements`: the server preloads pg_stat_statements; each sample names its costliest statements. */
  static async start(url: string, statements = false): Promise<PgSampler> {
    const client = new pg.Client({ connectionString: url, application_name: 'soak-sampler' });
    await client.connect();
    const sampler = new PgSampler(client);
    if (statements) {
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      sampler.statements = new Map();
      await sampler.topStatements();
    }
    [sampler.last, sampler.lastAt] = [await sampler.counters(), Date.now()];
    sampler.timer = setInterval(() => { void sampler.poll(); }, POLL_MS);
    return sampler;
  }

  private async counters(): Promise<Counters> {
    const r = (await this.client.query<Record<string, number>>(COUNTERS_SQL)).rows[0];
    return { blksRead: r.blks_read, blksHit: r.blks_hit, walBytes: r.wal_bytes, checkpoints: r.checkpoints, checkpointBuffers: r.checkpoint_buffers };
  }

  private async poll(): Promise<void> {
    try {
      const rows = (await this.client.query<{ pid: number; query: string; seconds: number }>(AUTOVACUUM_SQL)).rows;
      for (const row of rows) this.runs.set(`${row.pid} ${row.query}`, { query: row.query.replace(/^autovacuum:\s*/, ''), seconds: row.seconds });
    } catch {
      // A poll that fails (the server stopping at the end) loses one reading of a diagnostic only.
    }
  }

  /** The three statements with the most time since the last call, as "calls, µs per call, text". */
  private async topStatements(): Promise<string[]> {
    const rows = (await this.client.query<{ id: string; calls: number; ms: number; query: string }>(STATEMENTS_SQL)).rows;
    const before = this.statements ?? new Map();
    const deltas = rows.map((r) => {
      const b = before.get(r.id) ?? { calls: 0, ms: 0 };
      return { calls: r.calls - b.calls, ms: r.ms - b.ms, query: r.query };
    }).filter((d) => d.calls > 0).sort((a, b) => b.ms - a.ms).slice(0, 3);
    this.statements = new Map(rows.map((r) => [r.id, { calls: r.calls, ms: r.ms }]));
    return deltas.map((d) => `${d.calls} × ${((1000 * d.ms) / d.calls).toFixed(0)} µs: ${d.query.replace(/\s+/g, ' ').slice(0, 140)}`);
  }

  async take(): Promise<PgSample> {
    const now = Date.now();
    const c = await this.counters();
    const dead = (await this.client.query<{ line: string }>(DEAD_SQL)).rows.map((r) => r.line);
    const before = this.last ?? c;
    const seconds = Math.max(0.001, (now - this.lastAt) / 1000);
    const read = c.blksRead - before.blksRead;
    const hit = c.blksHit - before.blksHit;
    const sample: PgSample = {
      autovacuum: [...this.runs.values()].map((r) => `${r.query} (${r.seconds.toFixed(0)} s)`),
      checkpoints: c.checkpoints - before.checkpoints,
      checkpointBuffers: c.checkpointBuffers - before.checkpointBuffers,
      blksReadPerSecond: +(read / seconds).toFixed(1),
      hitRatio: +(hit / Math.max(1, hit + read)).toFixed(5),
      walMiBPerSecond: +((c.walBytes - before.walBytes) / seconds / 2 ** 20).toFixed(2),
      deadRows: dead,
      ...(this.statements ? { statements: await this.topStatements() } : {}),
    };
    [this.last, this.lastAt, this.runs] = [c, now, new Map()];
    return sample;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.client.end().catch(() => undefined);
  }
}

export function pgLine(s: PgSample): string {
  return `      pg: ${s.checkpoints} checkpoint(s) writing ${s.checkpointBuffers} buffers, ${s.blksReadPerSecond} blocks read/s (hit ${(s.hitRatio * 100).toFixed(2)}%), `
    + `WAL ${s.walMiBPerSecond} MiB/s; autovacuum: ${s.autovacuum.length ? s.autovacuum.join('; ') : 'none'}; most dead rows: ${s.deadRows.join(', ')}`
    + (s.statements ? s.statements.map((line) => `\n        ${line}`).join('') : '');
}
