/**
 * Upcasting with the domain's real registry (decision 0016): a version-1 EcosystemProfileIdClaimed
 * (no claimedAt), inserted by SQL as old code left it, reads as version 2 through readStream,
 * readAll, the command bus's folding (whose decision depends on the upcast field) and a projection.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimEcosystemProfileId } from '../../domain/ecosystem/handlers';
import { domainEventTypes } from '../../domain/registry';
import { ProjectionRunner } from '../../projections/runner';
import type { Projection } from '../../projections/types';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { CommandBus } from '../commandbus';
import { createPostgresEventStore } from './postgres';
import type { EventStore } from './port';
import { waitUntilReadable } from '../../tests/eventstore-contract/helpers';

const CLAIMED_AT = '2025-03-04T05:06:07.000Z';
const holder = randomUUID();
const actor = { userId: randomUUID(), role: 'PLATFORM_ADMIN' as const };

let db: TestDatabase;
let store: EventStore;
let position: string;

/** Copies each claim's time into a table: what a read model built on claims would do. */
const claimTimes: Projection = {
  name: 'claimtimes', version: 1, exposedTables: ['claim_times'],
  tables: (schema) => `CREATE TABLE "${schema}".claim_times (profile_id text, ecosystem_id uuid, claimed_at timestamptz NOT NULL, PRIMARY KEY (profile_id, ecosystem_id))`,
  handlers: {
    async EcosystemProfileIdClaimed(event, ctx) {
      const d = event.data as { profileId: string; ecosystemId: string; claimedAt: string };
      await ctx.client.query(`INSERT INTO ${ctx.table('claim_times')} VALUES ($1, $2, $3) ON CONFLICT (profile_id, ecosystem_id) DO UPDATE SET claimed_at = excluded.claimed_at`,
        [d.profileId, d.ecosystemId, d.claimedAt]);
    },
  },
};

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool, domainEventTypes());
  const commandId = randomUUID();
  const metadata = { ecosystemId: holder, actor, commandId, correlationId: commandId, causationId: commandId, occurredAt: CLAIMED_AT, schemaVersion: 1 };
  const r = await db.ownerPool.query<{ p: string }>(
    `INSERT INTO events (stream_id, revision, event_id, type, data, metadata)
     VALUES ('ecosystemprofile-old-academy', 0, $1, 'EcosystemProfileIdClaimed', $2, $3)
     RETURNING transaction_id::text || '/' || global_position::text AS p`,
    [randomUUID(), JSON.stringify({ profileId: 'old-academy', ecosystemId: holder }), JSON.stringify(metadata)]);
  position = r.rows[0].p;
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

const upcast = { profileId: 'old-academy', ecosystemId: holder, claimedAt: CLAIMED_AT };

describe('an event of an older schema version in the log', () => {
  it('reads as the current version through readStream and readAll; the log keeps what was written', async () => {
    const [event] = await store.readStream('ecosystemprofile-old-academy');
    expect(event.data).toEqual(upcast);
    expect(event.metadata.schemaVersion).toBe(2);
    // Readable in the log once every older transaction on the server has finished (decision 0002).
    await waitUntilReadable(store, event.position);
    const page = await store.readAll({ limit: 100 });
    expect(page.find((e) => e.streamId === 'ecosystemprofile-old-academy')).toEqual(event);
    const raw = await db.ownerPool.query(`SELECT data, metadata->'schemaVersion' AS v FROM events WHERE stream_id = 'ecosystemprofile-old-academy'`);
    expect(raw.rows).toEqual([{ data: { profileId: 'old-academy', ecosystemId: holder }, v: 1 }]);
  });

  it('folds upcast in the command bus: the claim time decides whether the claim is abandoned', async () => {
    const bus = new CommandBus(store);
    const taker = randomUUID();
    const dispatch = (now: string) => bus.dispatch(claimEcosystemProfileId, { profileId: 'old-academy', ecosystemId: taker, abandonedBy: holder },
      { actor, commandId: randomUUID(), now });
    // Ten minutes after the claim it may still be in use; an hour after, it is abandoned.
    await expect(dispatch('2025-03-04T05:16:07.000Z')).rejects.toThrow(/already used/);
    const taken = await dispatch('2025-03-04T06:06:07.000Z');
    expect(taken.events.map((e) => e.type)).toEqual(['EcosystemProfileIdReleased', 'EcosystemProfileIdClaimed']);
    expect(taken.events[1].metadata.schemaVersion).toBe(2);
    expect(taken.state).toEqual({ status: 'claimed', ecosystemId: taker, claimedAt: '2025-03-04T06:06:07.000Z' });
  });

  it('reaches projections upcast', async () => {
    const runner = new ProjectionRunner(db.ownerPool, store, [claimTimes], { pollIntervalMs: 10 });
    await runner.start();
    try {
      const [c, p] = position.split('/').map(BigInt);
      expect(await runner.waitFor({ commit: c, prepare: p }, ['claimtimes'], 10_000)).toBe(true);
      const rows = await db.ownerPool.query(`SELECT ecosystem_id, claimed_at FROM read.claim_times WHERE profile_id = 'old-academy' AND ecosystem_id = $1`, [holder]);
      expect(rows.rows).toEqual([{ ecosystem_id: holder, claimed_at: new Date(CLAIMED_AT) }]);
    } finally {
      await runner.stop();
    }
  });
});
