/**
 * The last seat of a group session against real PostgreSQL and the real command bus: two people
 * reserving it at the same moment end with one seat taken (the stream revision decides), and a
 * retried command (the same command id) records nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandBus, type DispatchContext } from '../../infra/commandbus';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { fold } from '../shared/decider';
import { IllegalStateError } from '../shared/errors';
import type { SessionEvent } from './events';
import { admin, ana, ben, booking, cleo, NOW, tutor } from './fixtures.testing';
import { reserveSessionSeat, scheduleSession } from './handlers';
import { occurrencesOf } from './occurrences';
import { sessionAggregate } from './state';

let db: TestDatabase;
let store: EventStore;
let bus: CommandBus;
const ctx = (over: Partial<DispatchContext> = {}): DispatchContext => ({ actor: admin, commandId: randomUUID(), now: NOW, ...over });

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
  bus = new CommandBus(store);
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

/** The store, except that the first `racers` stream reads wait for each other, so both decide on the same state. */
function racingStore(racers: number): EventStore {
  let release: () => void = () => undefined;
  const barrier = new Promise<void>((r) => { release = r; });
  let reads = 0;
  return {
    ...store,
    readStream: async (stream) => {
      const events = await store.readStream(stream);
      if (++reads === racers) release();
      await barrier;
      return events;
    },
  };
}

/** A new booking with one seat left (two seats, Ana in one). */
async function oneSeatLeft(): Promise<{ seriesId: string; occurrenceId: string }> {
  const seriesId = randomUUID();
  const result = await bus.dispatch(scheduleSession, booking({ seriesId, participants: [tutor, ana], details: { ...(booking().details as object), maxStudents: 2 } }), ctx());
  return { seriesId, occurrenceId: occurrencesOf(result.state)[0].id };
}

async function history(seriesId: string): Promise<SessionEvent[]> {
  return (await store.readStream(`session-${seriesId}`)).map((e) => ({ type: e.type, data: e.data }) as SessionEvent);
}

describe('Session seats on PostgreSQL', () => {
  it('two reservations of the last seat at once: one wins, the other reads "This session is full."', async () => {
    const target = await oneSeatLeft();
    const racing = new CommandBus(racingStore(2));
    const outcomes = await Promise.allSettled([ben, cleo].map((p) => racing.dispatch(reserveSessionSeat, { ...target, userId: p.userId }, ctx())));
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refusal = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')?.reason;
    expect(refusal).toBeInstanceOf(IllegalStateError);
    expect((refusal as Error).message).toBe('This session is full.');
    const events = await history(target.seriesId);
    expect(events.filter((e) => e.type === 'SessionSeatReserved')).toHaveLength(1);
    const first = occurrencesOf(fold(sessionAggregate, events))[0];
    expect(first.participants.filter((p) => !p.isLeader)).toHaveLength(2);
  });

  it('a retried command (same command id) is answered from the log and records nothing twice', async () => {
    const target = await oneSeatLeft();
    const again = ctx();
    const first = await bus.dispatch(reserveSessionSeat, { ...target, userId: ben.userId }, again);
    const second = await bus.dispatch(reserveSessionSeat, { ...target, userId: ben.userId }, again);
    expect(second.replayed).toBe(true);
    expect(second.events.map((e) => e.id)).toEqual(first.events.map((e) => e.id));
    expect((await history(target.seriesId)).map((e) => e.type)).toEqual(['SessionScheduled', 'SessionSeatReserved']);
  });

  it('a retried booking (same command id) books once', async () => {
    const seriesId = randomUUID();
    const c = ctx();
    await bus.dispatch(scheduleSession, booking({ seriesId }), c);
    const repeat = await bus.dispatch(scheduleSession, booking({ seriesId }), c);
    expect(repeat.replayed).toBe(true);
    expect((await history(seriesId)).map((e) => e.type)).toEqual(['SessionScheduled']);
  });
});
