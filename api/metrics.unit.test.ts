import { describe, expect, it } from 'vitest';
import { PoolWaits } from '../infra/db/pool-waits';
import { readPoolFigures, renderMetrics, type PoolView } from './metrics';

function pool(waits: Array<[ms: number, queued: boolean]>, queries: number, max: number): PoolView {
  const stats = new PoolWaits();
  for (const [ms, queued] of waits) stats.record(ms, queued, true);
  return { waits: stats, queries, totalCount: 3, idleCount: 1, waitingCount: 2, options: { max } };
}

describe('the metrics text', () => {
  const text = renderMetrics({ api: pool([[0.05, false], [3, false], [120, true]], 42, 20), owner: pool([], 7, 16) });

  it('is a Prometheus histogram of the waits per pool, with its counters and gauges', () => {
    expect(text).toContain('# TYPE db_pool_acquire_seconds histogram\n');
    expect(text).toContain('db_pool_acquire_seconds_bucket{pool="api",le="0.0001"} 1\n');
    expect(text).toContain('db_pool_acquire_seconds_bucket{pool="api",le="0.005"} 2\n');
    expect(text).toContain('db_pool_acquire_seconds_bucket{pool="api",le="0.25"} 3\n');
    expect(text).toContain('db_pool_acquire_seconds_bucket{pool="api",le="+Inf"} 3\n');
    expect(text).toContain('db_pool_acquire_seconds_count{pool="owner"} 0\n');
    expect(text).toContain('db_pool_connections{pool="api",state="waiting"} 2\n');
    expect(text).toContain('db_pool_max_connections{pool="owner"} 16\n');
    // Each family's samples follow its own TYPE line.
    const families = [...text.matchAll(/^# TYPE (\w+)/gm)].map((m) => m[1]);
    expect(families).toEqual(['db_pool_acquire_seconds', 'db_pool_acquire_queued_total', 'db_pool_acquire_failed_total',
      'db_pool_acquire_max_seconds', 'db_pool_queries_total', 'db_pool_connections', 'db_pool_max_connections']);
  });

  it('reads back as the counters a benchmark subtracts', () => {
    const figures = readPoolFigures(text);
    expect(figures.api).toEqual({ acquisitions: 3, waitedSeconds: expect.closeTo(0.12305, 9), queued: 1, failed: 0, queries: 42 });
    expect(figures.owner).toEqual({ acquisitions: 0, waitedSeconds: 0, queued: 0, failed: 0, queries: 7 });
  });
});
