/**
 * TenantReads, the one read transaction of a request (docs/decisions/0025): begun on the first
 * read with its tenant settings in the same round trip, shared by reads at once, read-your-writes
 * under READ COMMITTED, a failed statement not failing the other reads, nothing outliving its end.
 */
import fc from 'fast-check';
import type { PoolClient } from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type MeteredPool } from '../infra/db/pool';
import { createPostgresEventStore } from '../infra/eventstore/postgres';
import type { EventStore } from '../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { watchWire, type WireCounts } from '../tests/setup/wire';
import { itemsProjection, newEvent, TENANT_A, TENANT_B } from './testing/fixtures';
import { ProjectionRunner } from './runner';
import { TenantReads, type TenantScope } from './scope';
import { assertRlsApplies } from './scope-settings';
import { TransactionEndedError } from './tenant-reads';

let db: TestDatabase;
let store: EventStore;
let runner: ProjectionRunner;
const pools: MeteredPool[] = [];
const opened: TenantReads[] = [];

const ADMIN = { platformAdmin: true, ecosystemIds: [] };
const TENANT = { platformAdmin: false, ecosystemIds: [TENANT_A] };
const TENANT_C = '00000000-0000-4000-8000-00000000000c';

async function setItem(id: string, value: number, ecosystemId = TENANT_A): Promise<void> {
  const appended = await store.append(`item-${id}`, [newEvent('ItemSet', { id, value }, { ecosystemId })], { expectedRevision: 'any' });
  expect(await runner.waitFor(appended.position, undefined, 10_000)).toBe(true);
}

/**
 * A fresh pool of app_api connections whose wire traffic is watched, client by client, from after
 * the pool's one-time check that row-level security applies to its role.
 */
async function watchedPool(max: number, pipeline: boolean): Promise<{ pool: MeteredPool; wires: WireCounts[] }> {
  const pool = createPool(db.apiUrl, max, 'test-tenant-reads', { pipeline });
  pools.push(pool);
  const wires: WireCounts[] = [];
  const client = await pool.connect();
  await assertRlsApplies(client, pool);
  client.release();
  pool.on('acquire', (acquired) => {
    if (!watched.has(acquired)) watched.set(acquired, watchWire(acquired));
    const wire = watched.get(acquired);
    if (wire && !wires.includes(wire)) wires.push(wire);
  });
  return { pool, wires };
}
const watched = new WeakMap<PoolClient, WireCounts>();

/** A request's reads, closed after the test whatever happened in it. */
function readsOf(pool: MeteredPool, scope: TenantScope): TenantReads {
  const reads = new TenantReads(pool, scope);
  opened.push(reads);
  return reads;
}

const sum = (wires: WireCounts[], key: 'queries' | 'roundTrips' | 'writes') => wires.reduce((n, w) => n + w[key], 0);
const texts = (wires: WireCounts[]) => wires.flatMap((w) => w.simpleTexts);

interface Seen { pid: number; tx: string; ids: string; items: string[] | null }
const SEEN = `SELECT pg_backend_pid() AS pid, transaction_timestamp()::text AS tx, current_setting('app.ecosystem_ids') AS ids,
  (SELECT array_agg(id ORDER BY id) FROM read.items) AS items`;
const seen = (c: PoolClient) => c.query<Seen>(SEEN).then((r) => r.rows[0]);

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
  runner = new ProjectionRunner(db.ownerPool, store, [itemsProjection()], { pollIntervalMs: 10 });
  await runner.start();
  await setItem('a', 1, TENANT_A);
  await setItem('b', 2, TENANT_B);
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((r) => r.close()));
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await runner.stop();
  await store.close();
  await db.drop();
});

describe('one read transaction per request', () => {
  it('takes no connection until the first read', async () => {
    const { pool } = await watchedPool(2, true);
    await readsOf(pool, TENANT).close();
    expect(pool.waits.snapshot().acquisitions).toBe(1);
  });

  it('sends BEGIN and the tenant settings with the first statement in one round trip, and shares the transaction', async () => {
    const { pool, wires } = await watchedPool(2, true);
    const reads = readsOf(pool, TENANT);
    const first = await reads.read(seen);
    expect({ queries: sum(wires, 'queries'), roundTrips: sum(wires, 'roundTrips') }).toEqual({ queries: 2, roundTrips: 1 });
    expect(texts(wires)[0]).toMatch(/^BEGIN READ ONLY ISOLATION LEVEL READ COMMITTED; SELECT set_config\('app.platform_admin', 'off', true\), set_config\('app.ecosystem_ids', '[0-9a-f-]{36}', true\)$/);
    // Resolvers reading at once: their statements share the connection and go out together.
    const others = await Promise.all([seen, seen, seen].map((fn) => reads.read(fn)));
    expect(sum(wires, 'roundTrips')).toBe(2);
    expect(new Set([first, ...others].map((r) => `${r.pid} ${r.tx}`)).size).toBe(1);
    expect(others[0]).toMatchObject({ ids: TENANT_A, items: ['a'] });
    await reads.close();
    expect(texts(wires).at(-1)).toBe('COMMIT');
    expect({ queries: sum(wires, 'queries'), roundTrips: sum(wires, 'roundTrips'), acquisitions: pool.waits.snapshot().acquisitions })
      .toEqual({ queries: 6, roundTrips: 3, acquisitions: 2 });
    expect(pool.idleCount).toBe(1);
  });

  it('waits for BEGIN before the first statement when the pool does not pipeline, in the same transaction', async () => {
    const { pool, wires } = await watchedPool(2, false);
    const reads = readsOf(pool, TENANT);
    const [a, b] = [await reads.read(seen), await reads.read(seen)];
    await reads.close();
    expect(a.tx).toBe(b.tx);
    expect({ queries: sum(wires, 'queries'), roundTrips: sum(wires, 'roundTrips') }).toEqual({ queries: 4, roundTrips: 4 });
  });

  it('sees in a later read what was committed after the transaction began (READ COMMITTED): a payload sees its write', async () => {
    const { pool } = await watchedPool(2, true);
    const reads = readsOf(pool, { platformAdmin: false, ecosystemIds: [TENANT_C] });
    const value = (c: PoolClient) => c.query<{ value: number }>(`SELECT value FROM read.items WHERE id = 'rc'`).then((r) => r.rows[0]?.value ?? null);
    const before = await reads.read(async (c) => ({ value: await value(c), tx: (await seen(c)).tx }));
    await setItem('rc', 7, TENANT_C);
    const after = await reads.read(async (c) => ({ value: await value(c), tx: (await seen(c)).tx }));
    await reads.close();
    expect(before.value).toBeNull();
    expect(after).toEqual({ value: 7, tx: before.tx });
  });

  it('keeps the settings to the transaction: the next user of the connection sees none and no rows', async () => {
    const { pool } = await watchedPool(1, true);
    const reads = readsOf(pool, ADMIN);
    expect((await reads.read(seen)).items).toEqual(expect.arrayContaining(['a', 'b']));
    await reads.close();
    const next = await pool.query(`SELECT current_setting('app.platform_admin', true) AS admin, current_setting('app.ecosystem_ids', true) AS ids,
      (SELECT count(*)::int FROM read.items) AS n`);
    expect(next.rows[0]).toEqual({ admin: '', ids: '', n: 0 });
  });

  it('answers the other reads when one statement fails, in a new transaction, and returns every connection', async () => {
    const { pool, wires } = await watchedPool(2, true);
    const reads = readsOf(pool, TENANT);
    await reads.read(seen);
    const [failed, other] = await Promise.allSettled([reads.read((c) => c.query('SELECT 1 / 0')), reads.read(seen)]);
    expect(failed).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
    expect(other).toMatchObject({ status: 'fulfilled', value: { items: ['a'] } });
    expect((await reads.read(seen)).items).toEqual(['a']);
    await reads.close();
    const sent = texts(wires);
    expect(sent.filter((t) => t.startsWith('BEGIN'))).toHaveLength(2);
    expect(sent).toContain('ROLLBACK');
    expect(pool.totalCount).toBe(pool.idleCount);
  });

  it('starts a new transaction after commit(), as a mutation does before its command', async () => {
    const { pool } = await watchedPool(2, true);
    const reads = readsOf(pool, TENANT);
    const first = await reads.read(seen);
    await reads.commit();
    expect(pool.totalCount).toBe(pool.idleCount);
    const second = await reads.read(seen);
    await reads.close();
    expect(second.tx).not.toBe(first.tx);
  });

  it('refuses statements from a client kept past its transaction, and reads after the end', async () => {
    const { pool } = await watchedPool(1, true);
    const reads = readsOf(pool, TENANT);
    let kept: PoolClient | null = null;
    await reads.read(async (c) => { kept = c; });
    expect(() => kept?.release()).toThrow(/does not release/);
    await reads.close();
    await expect(kept!.query('SELECT 1')).rejects.toBeInstanceOf(TransactionEndedError);
    await expect(reads.read(seen)).rejects.toThrow(/after the request ended/);
    // The connection went back to the pool, and its next user is not in anyone's transaction.
    expect((await pool.query(`SELECT now() = statement_timestamp() AS fresh`)).rows[0].fresh).toBe(true);
  });

  it('answers every read that does not fail itself, whatever reads run at once, fail or commit between them', async () => {
    const { pool } = await watchedPool(3, true);
    type Step = 'read' | 'fail' | 'fail, then go on' | 'two statements' | 'pause between statements' | 'commit';
    const step = fc.constantFrom<Step>('read', 'fail', 'fail, then go on', 'two statements', 'pause between statements', 'commit');
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
      const reads = readsOf(pool, TENANT);
      const items = async (c: PoolClient) => (await seen(c)).items;
      const outcomes = await Promise.allSettled(steps.map(async (s): Promise<unknown> => {
        switch (s) {
          case 'read': return reads.read(items);
          case 'fail': return reads.read((c) => c.query('SELECT 1 / 0'));
          // A read that swallows its own failure and reads on meets the abort it caused: it is not run again.
          case 'fail, then go on': return reads.read(async (c) => {
            await c.query('SELECT 1 / 0').catch(() => undefined);
            return items(c);
          });
          case 'two statements': return reads.read(async (c) => [await items(c), await items(c)]);
          case 'pause between statements': return reads.read(async (c) => {
            const first = await items(c);
            await new Promise((resolve) => setTimeout(resolve, 2));
            return [first, await items(c)];
          });
          case 'commit': return reads.commit();
        }
      }));
      await reads.close();
      steps.forEach((s, i) => {
        if (s === 'fail') expect(outcomes[i]).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
        else if (s === 'fail, then go on') {
          const reason = (outcomes[i] as PromiseRejectedResult).reason as { code?: string };
          expect(reason instanceof TransactionEndedError || reason.code === '25P02').toBe(true);
        }
        else if (s === 'commit') expect(outcomes[i].status).toBe('fulfilled');
        else {
          const expected = s === 'read' ? ['a'] : [['a'], ['a']];
          expect(outcomes[i]).toEqual({ status: 'fulfilled', value: expected });
        }
      });
      expect(pool.totalCount).toBe(pool.idleCount);
    }), { numRuns: 60 });
  });

  it('drops a connection that died under a read and reads on a new one', async () => {
    const { pool } = await watchedPool(2, true);
    const reads = readsOf(pool, TENANT);
    const first = await reads.read(seen);
    await db.ownerPool.query('SELECT pg_terminate_backend($1)', [first.pid]);
    await expect(reads.read(seen)).rejects.toThrow();
    const again = await reads.read(seen);
    await reads.close();
    expect(again.pid).not.toBe(first.pid);
    expect(again.items).toEqual(['a']);
    expect(pool.totalCount).toBe(1);
  });
});
