/**
 * A real platform per test file: its own cloned database, the real HTTP server on a free port, the
 * seeded demo (platform admin, ecosystem admin, one ecosystem with two programs). Requests go
 * over HTTP exactly as the web app sends them.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { configSchema } from '../../infra/config';
import { startPlatform, type Platform } from '../../api/platform';
import { samePosition } from '../../projections/checkpoints';
import type { Position } from '../../domain/shared/events';
import { allReactors } from '../../projections/reactors/registry';
import { createTestDatabase, type TestDatabase } from './db';

export interface GraphQLResponse<T = Record<string, unknown>> {
  status: number;
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string; fields?: Array<{ field: string; message: string }>; [k: string]: unknown } }>;
  extensions?: Record<string, unknown>;
}

export interface TestApi {
  platform: Platform;
  db: TestDatabase;
  url: string;
  graphql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, options?: { token?: string | null; headers?: Record<string, string> }): Promise<GraphQLResponse<T>>;
  /** Logs in through loginPaas and returns the access token. */
  login(email: string, password: string): Promise<string>;
  loginAs(who: 'platformAdmin' | 'ecosystemAdmin'): Promise<string>;
  /** Counts events in the store: "nothing written" assertions compare it before and after. */
  eventCount(): Promise<number>;
  /**
   * Resolves once every app_api connection is back in the pool: a request's read transaction ends
   * while its answer is sent (docs/decisions/0030), so statement counts wait for this.
   */
  readsEnded(): Promise<void>;
  stop(): Promise<void>;
}

export async function startTestApi(overrides: Record<string, string> = {}): Promise<TestApi> {
  const db = await createTestDatabase();
  // The session timers' tick (decision 0074) runs on the real clock: tests that want it drive it with their own clock.
  const config = configSchema.parse({ NODE_ENV: 'test', PROJECTION_WAIT_MS: '10000', REVIEW_APP_SECRET: 'review-app-secret-for-tests', SESSION_TIMERS_CRON: 'off', ...overrides });
  const platform = await startPlatform({
    config,
    databaseUrl: db.url,
    secrets: { apiDatabasePassword: inject('apiDbPassword'), jwtSecret: randomBytes(32).toString('hex') },
    skipMigrations: true,
    seed: true,
    webDir: null,
    port: 0,
    host: '127.0.0.1',
    log: () => undefined,
  });
  const url = platform.url;

  async function graphql<T>(query: string, variables: Record<string, unknown> = {}, options: { token?: string | null; headers?: Record<string, string> } = {}): Promise<GraphQLResponse<T>> {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as Omit<GraphQLResponse<T>, 'status'>;
    return { status: res.status, ...body };
  }

  async function login(email: string, password: string): Promise<string> {
    const res = await graphql<{ loginPaas: { token: string } }>(
      'mutation L($email: String!, $password: String!) { loginPaas(email: $email, password: $password) { token } }', { email, password });
    if (!res.data?.loginPaas) throw new Error(`login failed for ${email}: ${JSON.stringify(res.errors)}`);
    return res.data.loginPaas.token;
  }

  /**
   * Waits until what earlier requests set going has finished writing: the event reactors (decisions
   * 0069, 0072: notices, in-app posts, delivery starts) have acted on the head of the log and no
   * message delivery is waiting or running. A count taken then moves only by what the next request
   * does, so "a refusal writes nothing" is not upset by the notices of an earlier booking.
   */
  let quietAt: Position | null | undefined;
  async function settle(): Promise<void> {
    const names = allReactors().map((r) => r.name);
    const { eventStore, projections } = platform.services;
    // Nothing appended since the log was last seen quiet: nothing new to react to, no delivery set going.
    if (quietAt !== undefined && samePosition(await eventStore.headPosition(), quietAt)) return;
    // Quiet twice in a row, 50 ms apart: a delivery's job can be taken and its events written between two looks.
    let quiet = 0;
    for (const deadline = Date.now() + 15_000; quiet < 2 && Date.now() < deadline;) {
      const head = await eventStore.headPosition();
      if (head) await projections.waitFor(head, names, 10_000);
      const pending = await db.ownerPool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'workflow_deliverMessage' AND state IN ('created', 'retry', 'active')",
      ).then((r) => r.rows[0].n, () => 0);
      quiet = pending === 0 && samePosition(await eventStore.headPosition(), head) ? quiet + 1 : 0;
      if (quiet === 2) quietAt = head;
      else await new Promise((resolve) => setTimeout(resolve, quiet ? 50 : 20));
    }
  }

  return {
    platform, db, url, graphql, login,
    loginAs(who) {
      const demo = platform.demo;
      if (!demo) throw new Error('demo not seeded');
      return login(demo[who].email, demo[who].password);
    },
    async eventCount() {
      await settle();
      const r = await db.ownerPool.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
      return r.rows[0].n;
    },
    async readsEnded() {
      const pool = platform.pools.api;
      for (const deadline = Date.now() + 5000; pool.idleCount < pool.totalCount || pool.waitingCount > 0;) {
        if (Date.now() > deadline) throw new Error(`app_api connections still out after 5 s: ${pool.totalCount - pool.idleCount}`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    },
    async stop() {
      await platform.stop();
      await db.drop();
    },
  };
}
