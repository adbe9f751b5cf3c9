/**
 * Benchmarks 5 to 8 share one database and one running platform: 5 (trivial query vs bare HTTP)
 * runs first on the empty platform, then the tenants data is made through the API for 6 (page
 * queries) and 7 (a mutation reading its own write); 8 (readers during view switches) runs on the
 * same data once the platform has stopped.
 */
import path from 'node:path';
import { withCredentials } from '../../infra/db/pool';
import type { Timing } from './appends';
import type { BenchCluster } from './db';
import { checkTrivial, httpBenchmarks } from './http';
import { mutationBenchmark } from './mutation';
import { pageBenchmarks } from './pages';
import type { BenchResult } from './report';
import { spawnServer, type ServerProcess } from './servers';
import { switchBenchmark } from './switch';
import { createTenantsData } from './tenants-data';

export interface PlatformBenchOptions {
  cluster: BenchCluster;
  http: Timing;
  latency: Timing;
  concurrencies: readonly number[];
  log: (line: string) => void;
  section<T extends BenchResult>(id: string, title: string, fn: () => Promise<T[]>): Promise<BenchResult[]>;
}

export async function platformBenchmarks(o: PlatformBenchOptions): Promise<BenchResult[]> {
  const db = await o.cluster.database('platform', 2);
  await db.pool.end();
  const apiUrl = withCredentials(db.url, 'app_api', o.cluster.apiPassword);
  const results: BenchResult[] = [];
  const servers: ServerProcess[] = [];
  try {
    let bare: ServerProcess;
    let graphql: ServerProcess;
    try {
      bare = await spawnServer('bare', {}, o.log);
      servers.push(bare);
      graphql = await spawnServer('graphql', {
        BENCH_DATABASE_URL: db.url, BENCH_API_PASSWORD: o.cluster.apiPassword, BENCH_DATA_DIR: path.join(o.cluster.tempDir, 'platform'),
      }, o.log);
      servers.push(graphql);
      await checkTrivial(graphql.url);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      o.log(`   the platform could not serve: ${message}`);
      return ['5', '6', '7', '8'].map((id) => ({ id, title: 'the platform', skipped: `startPlatform / POST /graphql failed: ${message}` }));
    }
    results.push(...await o.section('5', 'GraphQL requests', () =>
      httpBenchmarks({ timing: o.http, concurrencies: o.concurrencies, bare: bare.url, graphql: graphql.url, log: o.log })));
    o.log('6-7. making the tenants data through the API ...');
    const data = await createTenantsData(graphql.url, o.log);
    results.push(...await o.section('6', 'page queries', () =>
      pageBenchmarks({ timing: o.http, concurrencies: o.concurrencies, server: graphql, data, log: o.log })));
    results.push(...await o.section('7', 'mutation reading its own write', async () =>
      [await mutationBenchmark({ timing: o.latency, server: graphql, ownerUrl: db.url, data, log: o.log })]));
    await Promise.all(servers.splice(0).map((s) => s.stop()));
    results.push(...await o.section('8', 'readers during view switches', async () =>
      [await switchBenchmark({ timing: o.latency, ownerUrl: db.url, apiUrl, log: o.log })]));
    return results;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await db.drop();
  }
}
