/**
 * Shared by the projection integration tests: an event builder, a small projection with upserts,
 * increments and deletes (counting its updates, so an event applied twice shows), and helpers to
 * wait on and reset projection state.
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { NewEvent, Role } from '../../domain/shared/events';
import { listBuilds, type Build } from '../checkpoints';
import type { Projection } from '../types';

export const TENANT_A = '00000000-0000-4000-8000-00000000000a';
export const TENANT_B = '00000000-0000-4000-8000-00000000000b';

export function newEvent(type: string, data: unknown, meta: {
  ecosystemId?: string | null; programId?: string | null; userId?: string; role?: Role; occurredAt?: string;
} = {}): NewEvent {
  const commandId = randomUUID();
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      ecosystemId: meta.ecosystemId === undefined ? TENANT_A : meta.ecosystemId,
      programId: meta.programId ?? null,
      actor: { userId: meta.userId ?? '11111111-1111-4111-8111-111111111111', role: meta.role ?? 'SUPER_ADMIN' },
      commandId,
      correlationId: commandId,
      causationId: commandId,
      occurredAt: meta.occurredAt ?? '2026-11-22T10:00:00.000Z',
      schemaVersion: 1,
    },
  };
}

export interface ItemsOptions {
  name?: string;
  version?: number;
  /** Called before each handled event; throw to simulate a crash, await to hold a batch open. */
  beforeEvent?: (eventType: string, handled: number, client: import('pg').PoolClient) => Promise<void>;
  /** Extra column the projection's tables get (a version that changed shape). */
  extraColumn?: boolean;
}

/** `items`: ItemSet upserts, ItemIncremented adds, ItemDeleted deletes; `updates` counts applications. */
export function itemsProjection(options: ItemsOptions = {}): Projection {
  let handled = 0;
  const hook = async (type: string, client: import('pg').PoolClient) => {
    handled += 1;
    await options.beforeEvent?.(type, handled, client);
  };
  return {
    name: options.name ?? 'items',
    version: options.version ?? 1,
    exposedTables: ['items'],
    tables: (schema) => `CREATE TABLE "${schema}".items (
      id text PRIMARY KEY, ecosystem_id uuid, value integer NOT NULL, updates integer NOT NULL
      ${options.extraColumn ? ', label text NOT NULL' : ''});
      COMMENT ON COLUMN "${schema}".items.value IS 'Current value.';`,
    handlers: {
      async ItemSet(event, ctx) {
        await hook(event.type, ctx.client);
        const d = event.data as { id: string; value: number };
        await ctx.client.query(
          `INSERT INTO ${ctx.table('items')} (id, ecosystem_id, value, updates${options.extraColumn ? ', label' : ''})
           VALUES ($1, $2, $3, 1${options.extraColumn ? `, 'v' || $3::integer` : ''})
           ON CONFLICT (id) DO UPDATE SET value = excluded.value, updates = items.updates + 1`,
          [d.id, event.metadata.ecosystemId, d.value]);
      },
      async ItemIncremented(event, ctx) {
        await hook(event.type, ctx.client);
        const d = event.data as { id: string; by: number };
        await ctx.client.query(`UPDATE ${ctx.table('items')} SET value = value + $2, updates = updates + 1 WHERE id = $1`, [d.id, d.by]);
      },
      async ItemDeleted(event, ctx) {
        await hook(event.type, ctx.client);
        await ctx.client.query(`DELETE FROM ${ctx.table('items')} WHERE id = $1`, [(event.data as { id: string }).id]);
      },
    },
  };
}

export async function eventually<T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function buildOf(pool: Pool, schema: string): Promise<Build | undefined> {
  return (await listBuilds(pool, { includeRetired: true })).find((b) => b.schema === schema);
}

export async function waitUntilServing(pool: Pool, schema: string, timeoutMs?: number): Promise<Build> {
  return eventually(`${schema} to serve`, async () => {
    const b = await buildOf(pool, schema);
    return b?.status === 'serving' ? b : null;
  }, timeoutMs);
}

/** Forgets every projection build: views, schemas and checkpoints. */
export async function resetProjections(pool: Pool): Promise<void> {
  const views = await pool.query<{ v: string }>(`SELECT quote_ident(viewname) AS v FROM pg_views WHERE schemaname = 'read'`);
  // IF EXISTS: a runner stopped just before may still be dropping a schema its last switch retired.
  for (const { v } of views.rows) await pool.query(`DROP VIEW IF EXISTS read.${v}`);
  const schemas = await pool.query<{ s: string }>(`SELECT quote_ident(nspname) AS s FROM pg_namespace WHERE nspname LIKE 'proj\\_%'`);
  for (const { s } of schemas.rows) await pool.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
  await pool.query('DELETE FROM projections.checkpoints');
}

export async function rows(pool: Pool, sql: string): Promise<Array<Record<string, unknown>>> {
  return (await pool.query<Record<string, unknown>>(sql)).rows;
}
