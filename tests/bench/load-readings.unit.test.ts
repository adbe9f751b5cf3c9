import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseStat, processCpuMs, rssMiB, treeCpuMs } from './proc';
import { addPoolDelta, parsePoolMetrics, poolWaitFigures } from './load-pool-wait';
import { parseSaved, withSaved, type SavedLoadFigures } from './load-saved';

/** Burns at least `ms` of this process's CPU. */
function burn(ms: number): void {
  const start = process.cpuUsage();
  for (;;) {
    const used = process.cpuUsage(start);
    if ((used.user + used.system) / 1000 >= ms) return;
  }
}

describe('/proc readings', () => {
  it('parses a stat line whose command name holds spaces and parentheses', () => {
    const line = '4242 (postgres: app (x) idle) S 17 4242 4242 0 -1 4194560 100 0 0 0 250 75 3 4 20 0 1 0 123 456 789';
    expect(parseStat(line)).toEqual({ pid: 4242, ppid: 17, utime: 250, stime: 75, cutime: 3, cstime: 4 });
  });

  it('reads the CPU a process used', () => {
    const before = processCpuMs(process.pid);
    burn(120);
    expect(processCpuMs(process.pid) - before).toBeGreaterThanOrEqual(100);
  });

  it('keeps the CPU of a child that exited (it moves to the parent when reaped)', () => {
    const before = treeCpuMs(process.pid);
    const child = spawnSync(process.execPath, ['-e', 'const s=process.cpuUsage();for(;;){const u=process.cpuUsage(s);if((u.user+u.system)/1000>=150)break}']);
    expect(child.status).toBe(0);
    expect(treeCpuMs(process.pid) - before).toBeGreaterThanOrEqual(130);
  });

  it('reads resident memory', () => {
    expect(rssMiB(process.pid)).toBeGreaterThan(10);
  });
});

const figures: SavedLoadFigures = {
  date: '2026-11-24T00:00:00.000Z', command: 'BENCH_ONLY=load npm run bench', machine: '2 CPUs',
  ratios: { L1: 0.27, L2: 0.085, L3: 0.7, L3b: 0.91 }, perSecond: { ProgramsPageQuery: 177.7 },
  L4: { page: { server: 3.78, postgres: 3.19 }, writes: { server: 3.45, postgres: null }, poolWaitMsPerRequest: { page: { api: 0.012, owner: 0 }, writes: null } },
};

describe('saved load figures', () => {
  it('are read back as written, the text around them kept', () => {
    const once = withSaved('# Benchmarks\n\nText.\n', figures);
    expect(parseSaved(once)).toEqual(figures);
    const again = withSaved(once.replace('Text.', 'Other text.'), { ...figures, date: '2026-12-01T00:00:00.000Z' });
    expect(parseSaved(again)?.date).toBe('2026-12-01T00:00:00.000Z');
    expect(again.startsWith('# Benchmarks\n\nOther text.\n')).toBe(true);
    expect(again.match(/load-figures:begin/g)).toHaveLength(1);
  });

  it('are absent from a text without the block, and a malformed block is an error', () => {
    expect(parseSaved('# Benchmarks')).toBeNull();
    expect(() => parseSaved(withSaved('', figures).replace('"page"', '"pages"'))).toThrow(/L4.page/);
  });
});

describe('pool waits from the server metrics', () => {
  // As api/metrics.ts renders them (Prometheus text format 0.0.4).
  const metrics = (apiSum: number, apiCount: number, queued: number) => [
    '# HELP db_pool_acquire_seconds Time a checkout waited for a pooled connection.',
    '# TYPE db_pool_acquire_seconds histogram',
    `db_pool_acquire_seconds_bucket{pool="api",le="0.0001"} ${apiCount}`,
    `db_pool_acquire_seconds_bucket{pool="api",le="+Inf"} ${apiCount}`,
    `db_pool_acquire_seconds_sum{pool="api"} ${apiSum}`,
    `db_pool_acquire_seconds_count{pool="api"} ${apiCount}`,
    'db_pool_acquire_seconds_sum{pool="owner"} 0.5',
    'db_pool_acquire_seconds_count{pool="owner"} 10',
    `db_pool_acquire_queued_total{pool="api"} ${queued}`,
    'db_pool_acquire_failed_total{pool="api"} 0',
    'db_pool_connections{pool="api",state="waiting"} 3',
  ].join('\n');

  it('are read per pool and counted between two readings', () => {
    const before = parsePoolMetrics(metrics(0.2, 100, 1));
    expect(before.api).toEqual({ sumMs: 200, count: 100, queued: 1, failed: 0 });
    const delta = {};
    addPoolDelta(delta, before, parsePoolMetrics(metrics(1.2, 600, 41)));
    expect(poolWaitFigures(delta, 250)).toEqual({
      api: { msPerRequest: 4, meanMsPerCheckout: 2, checkouts: 500, queued: 40, failed: 0 },
      owner: { msPerRequest: 0, meanMsPerCheckout: 0, checkouts: 0, queued: 0, failed: 0 },
    });
  });
});
