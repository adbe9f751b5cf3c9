/**
 * Poison events (docs/decisions/0016): one event that fails its schema, hand-inserted into the log,
 * stops only the projections that handle its type; they show FAILED with its position and error;
 * the others go on; the audit trail records it as unreadable, with the reason; retry and skip get it moving again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Upcaster } from '../domain/shared/events';
import { domainEventTypes } from '../domain/registry';
import { CommandBus } from '../infra/commandbus';
import { createPostgresEventStore, type EventTypes } from '../infra/eventstore/postgres';
import type { EventStore } from '../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { auditProjection, listBreadcrumbs } from './audit';
import { formatPosition, statusTable } from './cli-output';
import { parsePosition, retryProjection, skipEvent } from './operations';
import { registerOperationBreadcrumbs } from './operations-breadcrumbs';
import { ProjectionRunner } from './runner';
import { withTenantScope } from './scope';
import { readProjectionStatus } from './status';
import { buildOf, eventually, itemsProjection, newEvent, rows, TENANT_A } from './testing/fixtures';
import type { Projection } from './types';

registerOperationBreadcrumbs();

const schemas = {
  ...domainEventTypes().schemas,
  ItemSet: z.object({ id: z.string(), value: z.number().int() }),
  Noted: z.object({ text: z.string() }),
};
const types: EventTypes = { schemas, upcasters: domainEventTypes().upcasters };

/** `notes`: reads Noted only, so an undecodable ItemSet is none of its business. */
const notesProjection: Projection = {
  name: 'notes', version: 1, exposedTables: ['notes'],
  tables: (schema) => `CREATE TABLE "${schema}".notes (id uuid PRIMARY KEY, ecosystem_id uuid, text text NOT NULL)`,
  handlers: {
    async Noted(event, ctx) {
      await ctx.client.query(`INSERT INTO ${ctx.table('notes')} VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [event.id, event.metadata.ecosystemId, (event.data as { text: string }).text]);
    },
  },
};

let db: TestDatabase;
let store: EventStore;
const runners: ProjectionRunner[] = [];
const stores: EventStore[] = [];
const errors: string[] = [];

beforeEach(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool, types);
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  for (const s of stores.splice(0)) await s.close();
  await store.close();
  await db.drop();
  errors.splice(0);
});

function runner(eventStore = store): ProjectionRunner {
  const r = new ProjectionRunner(db.ownerPool, eventStore, [itemsProjection(), notesProjection, auditProjection], {
    batchSize: 50, pollIntervalMs: 10, reconcileIntervalMs: 50, onError: (e, c) => errors.push(`${c}: ${e.message}`),
  });
  runners.push(r);
  return r;
}

/** A bad ItemSet as a hand-made row would leave it: `value` is not a number. */
async function insertBadItemSet(): Promise<{ id: string; position: string }> {
  const e = newEvent('ItemSet', { id: 'bad', value: 'three' });
  const r = await db.ownerPool.query<{ commit: string; prepare: string }>(
    `INSERT INTO events (stream_id, revision, event_id, type, data, metadata) VALUES ('item-bad', 0, $1, $2, $3, $4)
     RETURNING transaction_id::text AS commit, global_position::text AS prepare`,
    [e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)]);
  return { id: e.id, position: `${r.rows[0].commit}/${r.rows[0].prepare}` };
}

async function append(type: string, data: unknown) {
  return (await store.append(`thing-${crypto.randomUUID()}`, [newEvent(type, data)], { expectedRevision: 'no_stream' })).position;
}

const items = () => rows(db.ownerPool, 'SELECT id, value FROM read.items ORDER BY id');
const failureOf = async (schema: string) => (await buildOf(db.ownerPool, schema))?.failure ?? null;

async function poisoned() {
  await append('ItemSet', { id: 'a', value: 1 });
  await append('Noted', { text: 'before' });
  const bad = await insertBadItemSet();
  await append('ItemSet', { id: 'b', value: 2 });
  const last = await append('Noted', { text: 'after' });
  const r = runner();
  await r.start();
  expect(await r.waitFor(last, ['notes', 'audit'], 10_000)).toBe(true);
  await eventually('items to fail', () => failureOf('proj_items_v1'));
  return { bad, last, r };
}

describe('an event that fails its schema', () => {
  it('stops only the projections that read its type, which show FAILED with its position and error', async () => {
    const { bad } = await poisoned();
    expect(await items()).toEqual([{ id: 'a', value: 1 }]);
    expect((await rows(db.ownerPool, 'SELECT text FROM read.notes ORDER BY text')).map((n) => n.text)).toEqual(['after', 'before']);
    const failure = await failureOf('proj_items_v1');
    expect(failure).toMatchObject({ eventId: bad.id, eventType: 'ItemSet', error: expect.stringMatching(/ItemSet.*value/) });
    expect(formatPosition(failure?.position ?? null)).toBe(bad.position);
    // Stopped right before it: everything earlier applied (one ItemSet; the notes are not its to
    // fetch), nothing later.
    const build = await buildOf(db.ownerPool, 'proj_items_v1');
    expect(build?.eventsProcessed).toBe(1);

    const table = statusTable(await readProjectionStatus(db.ownerPool, store, { projections: [itemsProjection(), notesProjection] }));
    const line = table.split('\n').find((l) => l.startsWith('items '));
    expect(line).toMatch(new RegExp(`FAILED \\(serving\\).*FAILED at ${bad.position} \\(ItemSet ${bad.id}\\): .*value`));
    expect(table.split('\n').find((l) => l.startsWith('notes '))).not.toContain('FAILED');
    expect(errors).toEqual([expect.stringMatching(/^proj_items_v1: FAILED at /)]);
  });

  it('is recorded by the audit trail as unreadable, with the reason, and the trail goes on', async () => {
    const { bad } = await poisoned();
    const trail = await rows(db.ownerPool, `SELECT event_id, summary, changes, decode_error FROM read.breadcrumbs WHERE event_id = '${bad.id}'`);
    expect(trail).toEqual([{ event_id: bad.id, summary: 'ItemSet on item bad', changes: { id: 'bad', value: 'three' }, decode_error: expect.stringMatching(/value/) }]);
    expect((await rows(db.ownerPool, 'SELECT count(*)::int AS n FROM read.breadcrumbs WHERE decode_error IS NOT NULL'))[0].n).toBe(1);
    const page = await withTenantScope(db.apiPool, { platformAdmin: false, ecosystemIds: [TENANT_A] }, (c) => listBreadcrumbs(c, { ecosystemId: TENANT_A, first: 10, filter: { targetId: 'bad' } }));
    expect(page.rows.map((r) => [r.eventType, r.unreadable])).toEqual([['ItemSet', expect.stringMatching(/value/)]]);
    expect((await rows(db.ownerPool, 'SELECT count(*)::int AS n FROM read.breadcrumbs'))[0].n).toBe(5);
  });

  it('retry: once the code can read it (an upcaster was deployed), the projection goes on from there', async () => {
    const { r } = await poisoned();
    await r.stop();
    // The new code: ItemSet version 1 spelled numbers out.
    const fix: Upcaster = { type: 'ItemSet', fromVersion: 1, upcast: (d) => ({ ...(d as object), value: (d as { value: unknown }).value === 'three' ? 3 : (d as { value: unknown }).value }) };
    const fixedStore = createPostgresEventStore(db.ownerPool, { ...types, upcasters: [...(types.upcasters ?? []), fix] });
    stores.push(fixedStore);
    await runner(fixedStore).start();
    // A restart alone does not retry: FAILED is a state an operator clears.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await failureOf('proj_items_v1')).not.toBeNull();
    expect(await retryProjection(db.ownerPool, 'items')).toEqual(['proj_items_v1']);
    await eventually('items to move on', async () => (await items()).length === 3);
    expect(await items()).toEqual([{ id: 'a', value: 1 }, { id: 'b', value: 2 }, { id: 'bad', value: 3 }]);
    expect(await failureOf('proj_items_v1')).toBeNull();
    expect(await retryProjection(db.ownerPool, 'items')).toEqual([]);
  });

  it('skip: moves past it for good, recorded in the checkpoints and, with the operator as actor, in the audit trail', async () => {
    const { bad } = await poisoned();
    const bus = new CommandBus(store);
    const position = parsePosition(bad.position);
    if (!position) throw new Error('unreadable position');
    await expect(skipEvent({ db: db.ownerPool, store, bus }, 'items', { ...position, prepare: position.prepare + 1n }, 'alice'))
      .rejects.toThrow(/items is not FAILED at .* \(FAILED: proj_items_v1 at /);
    expect(await skipEvent({ db: db.ownerPool, store, bus }, 'items', position, 'alice')).toEqual(['proj_items_v1']);
    await eventually('items to move on', async () => (await items()).length === 2);
    expect(await items()).toEqual([{ id: 'a', value: 1 }, { id: 'b', value: 2 }]);

    const build = await buildOf(db.ownerPool, 'proj_items_v1');
    expect(build?.failure).toBeNull();
    expect(build?.skipped).toEqual([{
      position: bad.position, eventId: bad.id, eventType: 'ItemSet', error: expect.stringMatching(/value/),
      ecosystemId: TENANT_A, operator: 'alice', at: expect.any(String),
    }]);
    const [skip] = await store.readStream('projection-items');
    expect(skip).toMatchObject({
      type: 'ProjectionEventSkipped',
      data: { projection: 'items', build: 'proj_items_v1', position: bad.position, eventId: bad.id, eventType: 'ItemSet' },
      metadata: { actor: { userId: 'operator:alice', role: 'OPERATOR' }, ecosystemId: TENANT_A },
    });
    // Running it again records nothing twice.
    expect(await skipEvent({ db: db.ownerPool, store, bus }, 'items', position, 'alice')).toEqual(['proj_items_v1']);
    expect(await store.readStream('projection-items')).toHaveLength(1);
    await eventually('the skip in the audit trail', async () =>
      (await rows(db.ownerPool, `SELECT 1 FROM read.breadcrumbs WHERE event_id = '${skip.id}'`)).length === 1);
    expect(await rows(db.ownerPool, `SELECT actor_user_id, actor_role, ecosystem_id, summary FROM read.breadcrumbs WHERE event_id = '${skip.id}'`))
      .toEqual([{ actor_user_id: 'operator:alice', actor_role: 'OPERATOR', ecosystem_id: TENANT_A, summary: expect.stringMatching(/^Skipped event ItemSet/) }]);
  });
});
