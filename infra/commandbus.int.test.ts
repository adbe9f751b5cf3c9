import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Aggregate, CommandHandler, DomainEvent } from '../domain/shared/decider';
import { englishFields, IllegalStateError, ValidationError } from '../domain/shared/errors';
import { zodMessage, type Message } from '../domain/shared/i18n';
import type { Actor } from '../domain/shared/events';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { CommandBus, InvalidDecidedEventError, eventIdFor, type DispatchContext } from './commandbus';
import { createPostgresEventStore } from './eventstore/postgres';
import { WrongExpectedRevisionError, type EventStore } from './eventstore/port';

// A small aggregate of its own, so these tests do not move when real aggregates change.
type BoxEvent =
  | DomainEvent<'BoxOpened', { ecosystemId: string; programId: string | null; name: string }>
  | DomainEvent<'ItemPacked', { item: string }>;
type BoxState = { status: 'none' } | { status: 'open'; ecosystemId: string; programId: string | null; items: string[] };

const box: Aggregate<BoxState, BoxEvent> = {
  category: 'box',
  initialState: { status: 'none' },
  evolve: (state, event) => {
    switch (event.type) {
      case 'BoxOpened': return { status: 'open', ecosystemId: event.data.ecosystemId, programId: event.data.programId, items: [] };
      case 'ItemPacked': return state.status === 'open' ? { ...state, items: [...state.items, event.data.item] } : state;
    }
  },
  eventSchemas: {
    BoxOpened: z.object({ ecosystemId: z.uuid(), programId: z.uuid().nullable(), name: z.string().min(1) }),
    ItemPacked: z.object({ item: z.string().min(1) }),
  },
};

const NAME_REQUIRED: Message = { key: 'test.nameRequired', english: 'Name is required.' };
const PICK_COLOUR: Message = { key: 'test.pickColour', english: 'Pick red or blue.' };

const tenantOf = (_: unknown, state: BoxState) => (state.status === 'open' ? state.ecosystemId : null);
const openBox: CommandHandler<{ boxId: string; ecosystemId: string; programId?: string; name: string; label: { color: string } }, BoxState, BoxEvent> = {
  type: 'OpenBox',
  input: z.object({
    boxId: z.uuid(), ecosystemId: z.uuid(), programId: z.uuid().optional(),
    name: z.string().min(1, zodMessage(NAME_REQUIRED)), label: z.object({ color: z.enum(['red', 'blue'], zodMessage(PICK_COLOUR)) }),
  }),
  aggregate: box,
  aggregateId: (input) => input.boxId,
  ecosystemId: tenantOf,
  programId: (_, state) => (state.status === 'open' ? state.programId : null),
  decide: (input, state) => {
    if (state.status !== 'none') throw new IllegalStateError({ key: 'test.boxOpen', english: 'This box is already open.' });
    return [{ type: 'BoxOpened', data: { ecosystemId: input.ecosystemId, programId: input.programId ?? null, name: input.name } }];
  },
};
const packItems: CommandHandler<{ boxId: string; items: string[] }, BoxState, BoxEvent> = {
  type: 'PackItems',
  input: z.object({ boxId: z.uuid(), items: z.array(z.string()) }),
  aggregate: box,
  aggregateId: (input) => input.boxId,
  ecosystemId: tenantOf,
  decide: (input, state) => {
    if (state.status !== 'open') throw new IllegalStateError({ key: 'test.boxClosed', english: 'Open the box first.' });
    // Already packed items are skipped: a decision that depends on the state, so retries re-decide.
    return input.items.filter((item) => !state.items.includes(item)).map((item) => ({ type: 'ItemPacked' as const, data: { item } }));
  },
};

const actor: Actor = { userId: randomUUID(), role: 'PLATFORM_ADMIN' };
const ctx = (over: Partial<DispatchContext> = {}): DispatchContext => ({ actor, commandId: randomUUID(), ...over });
const openInput = (boxId = randomUUID()) => ({ boxId, ecosystemId: randomUUID(), name: 'Spares', label: { color: 'red' } });

let db: TestDatabase;
let store: EventStore;
let bus: CommandBus;
const fixedNow = new Date('2026-03-04T05:06:07.000Z');
beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
  bus = new CommandBus(store, { clock: () => fixedNow });
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

/**
 * The store, except that the first `racers` stream reads wait for each other: every command then
 * decides on the same state and the race is certain instead of left to connection timing.
 */
function racingStore(racers: number) {
  let release: () => void = () => undefined;
  const barrier = new Promise<void>((r) => { release = r; });
  let reads = 0;
  let conflicts = 0;
  const racing: EventStore = {
    ...store,
    readStream: async (stream) => {
      const events = await store.readStream(stream);
      if (++reads === racers) release();
      await barrier;
      return events;
    },
    append: (...args) => store.append(...args).catch((err: unknown) => {
      if (err instanceof WrongExpectedRevisionError) conflicts++;
      throw err;
    }),
  };
  return { store: racing, conflicts: () => conflicts };
}

describe('CommandBus', () => {
  it('rejects invalid input with a message per field, keyed by path, and writes nothing', async () => {
    const boxId = randomUUID();
    const err = await bus.dispatch(openBox, { boxId, ecosystemId: 'nope', name: '', label: { color: 'green' } }, ctx()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    // zod's own message for the id is not a catalogue message: it reads as the generic one.
    expect(englishFields((err as ValidationError).fields)).toEqual({
      ecosystemId: 'This value is not valid.', name: 'Name is required.', 'label.color': 'Pick red or blue.',
    });
    expect(await store.readStream(`box-${boxId}`)).toEqual([]);
  });

  it('fills the metadata of DESIGN.md section 3, the tenant taken from the state the events create', async () => {
    const input = { ...openInput(), programId: randomUUID() };
    const c = ctx();
    const result = await bus.dispatch(openBox, input, c);
    expect(result).toMatchObject({ streamId: `box-${input.boxId}`, aggregateId: input.boxId, nextRevision: 0, replayed: false });
    expect(result.state).toEqual({ status: 'open', ecosystemId: input.ecosystemId, programId: input.programId, items: [] });
    const [event] = await store.readStream(result.streamId);
    expect(result.events).toEqual([event]);
    expect(result.position).toEqual(event.position);
    expect(event.id).toBe(eventIdFor(c.commandId, 0));
    expect(event.metadata).toEqual({
      ecosystemId: input.ecosystemId, programId: input.programId, actor, commandId: c.commandId,
      correlationId: c.commandId, causationId: c.commandId, occurredAt: fixedNow.toISOString(), schemaVersion: 1,
    });
  });

  it('passes correlation, causation and time through when the caller gives them', async () => {
    const { boxId } = openInput();
    await bus.dispatch(openBox, { ...openInput(boxId) }, ctx());
    const c = ctx({ correlationId: randomUUID(), causationId: randomUUID(), now: '2027-01-01T00:00:00.000Z' });
    const { events } = await bus.dispatch(packItems, { boxId, items: ['a', 'b'] }, c);
    expect(events.map((e) => e.id)).toEqual([eventIdFor(c.commandId, 0), eventIdFor(c.commandId, 1)]);
    expect(events.map((e) => e.metadata)).toEqual(Array(2).fill(expect.objectContaining({
      correlationId: c.correlationId, causationId: c.causationId, occurredAt: '2027-01-01T00:00:00.000Z',
    })));
    expect(events[0].metadata).not.toHaveProperty('programId');
  });

  it('handles the same command id once, answering a repeat with the same result', async () => {
    const input = openInput();
    const c = ctx();
    const first = await bus.dispatch(openBox, input, c);
    const again = await bus.dispatch(openBox, input, c);
    expect(again).toEqual({ ...first, replayed: true });
    const packCtx = ctx();
    const [packFirst, packAgain] = await Promise.all([packItems, packItems].map((h) => bus.dispatch(h, { boxId: input.boxId, items: ['x'] }, packCtx)));
    expect(packAgain.events).toEqual(packFirst.events);
    expect((await store.readStream(first.streamId)).map((e) => e.type)).toEqual(['BoxOpened', 'ItemPacked']);
  });

  it('reads the stream once per attempt: the append answers the recorded events', async () => {
    let reads = 0;
    const counting: EventStore = { ...store, readStream: (stream) => { reads++; return store.readStream(stream); } };
    const countingBus = new CommandBus(counting);
    const input = openInput();
    const result = await countingBus.dispatch(openBox, input, ctx());
    expect(reads).toBe(1);
    expect(result.events).toEqual(await store.readStream(result.streamId));
  });

  it('answers a concurrent copy of a command that lost the race with the winner\'s result, marked replayed', async () => {
    const input = openInput();
    const racing = racingStore(2);
    const c = ctx();
    // The copies decide at different times, so their events differ in occurredAt: the log keeps the winner's.
    const [a, b] = await Promise.all([
      new CommandBus(racing.store).dispatch(openBox, input, { ...c, now: '2026-01-01T00:00:00.000Z' }),
      new CommandBus(racing.store).dispatch(openBox, input, { ...c, now: '2026-01-01T00:00:01.000Z' }),
    ]);
    const stream = await store.readStream(`box-${input.boxId}`);
    expect(stream).toHaveLength(1);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(a.events).toEqual(stream);
    expect({ ...b, replayed: a.replayed }).toEqual(a);
    expect(racing.conflicts()).toBe(0);
  });

  it('lands concurrent different commands on one aggregate by re-reading and re-deciding', async () => {
    const { boxId } = openInput();
    await bus.dispatch(openBox, openInput(boxId), ctx());
    const items = ['a', 'b', 'c', 'd'];
    const racing = racingStore(items.length);
    const countingBus = new CommandBus(racing.store);
    await Promise.all(items.map((item) => countingBus.dispatch(packItems, { boxId, items: [item, 'shared'] }, ctx())));
    const stream = await store.readStream(`box-${boxId}`);
    expect(racing.conflicts()).toBeGreaterThanOrEqual(items.length - 1);
    expect(stream.map((e) => e.revision)).toEqual([...stream.keys()]);
    // 'shared' was decided by whichever command came first; the others re-decided without it.
    expect(stream.slice(1).map((e) => (e.data as { item: string }).item).sort()).toEqual([...items, 'shared'].sort());
  });

  it('gives up after maxRetries with a CONCURRENT_MODIFICATION conflict', async () => {
    const { boxId } = openInput();
    let appends = 0;
    const alwaysLosing: EventStore = { ...store, append: async (stream) => {
      appends++;
      throw new WrongExpectedRevisionError(stream, 'no_stream', 0);
    } };
    const err = await new CommandBus(alwaysLosing, { maxRetries: 2 }).dispatch(openBox, openInput(boxId), ctx()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IllegalStateError);
    expect(err).toMatchObject({ code: 'CONFLICT', conflictType: 'CONCURRENT_MODIFICATION' });
    expect((err as Error).cause).toBeInstanceOf(WrongExpectedRevisionError);
    expect(appends).toBe(3);
  });

  it('re-decides on the new state, so a rule broken by a concurrent writer is reported as such', async () => {
    const input = openInput();
    const racing = racingStore(2);
    const racingBus = new CommandBus(racing.store);
    const outcomes = await Promise.allSettled([racingBus.dispatch(openBox, input, ctx()), racingBus.dispatch(openBox, input, ctx())]);
    expect(racing.conflicts()).toBe(1);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = outcomes.find((o) => o.status === 'rejected');
    expect(rejected?.reason).toMatchObject({ message: 'This box is already open.', conflictType: 'ILLEGAL_STATE' });
  });

  it('appends nothing when the decision is empty', async () => {
    const { boxId } = openInput();
    await bus.dispatch(openBox, openInput(boxId), ctx());
    await bus.dispatch(packItems, { boxId, items: ['a'] }, ctx());
    const result = await bus.dispatch(packItems, { boxId, items: ['a'] }, ctx());
    expect(result).toMatchObject({ events: [], position: null, nextRevision: 1, replayed: false });
    expect(await store.readStream(`box-${boxId}`)).toHaveLength(2);
  });

  it('refuses to append an event its aggregate schema rejects', async () => {
    const { boxId } = openInput();
    await bus.dispatch(openBox, openInput(boxId), ctx());
    await expect(bus.dispatch(packItems, { boxId, items: [''] }, ctx())).rejects.toBeInstanceOf(InvalidDecidedEventError);
    expect(await store.readStream(`box-${boxId}`)).toHaveLength(1);
  });
});

describe('CommandBus with a command that creates its stream (createsStream)', () => {
  const createBox = { ...openBox, createsStream: true as const };
  function countingBus(): { bus: CommandBus; reads: () => number } {
    let reads = 0;
    const counting: EventStore = { ...store, readStream: (stream) => { reads++; return store.readStream(stream); } };
    return { bus: new CommandBus(counting, { clock: () => fixedNow }), reads: () => reads };
  }

  it('appends without reading the new stream, and answers a repeat from the log, also after later events', async () => {
    const { bus: creating, reads } = countingBus();
    const input = openInput();
    const c = ctx();
    const first = await creating.dispatch(createBox, input, c);
    expect(reads()).toBe(0);
    expect(first).toMatchObject({ replayed: false, nextRevision: 0, state: { status: 'open', items: [] } });
    expect(first.events).toEqual(await store.readStream(first.streamId));
    await creating.dispatch(packItems, { boxId: input.boxId, items: ['x'] }, ctx());
    const again = await creating.dispatch(createBox, input, c);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await store.readStream(first.streamId)).toHaveLength(2);
  });

  it('decides on the stream as it is when it exists already (another command created it)', async () => {
    const { bus: creating, reads } = countingBus();
    const input = openInput();
    await creating.dispatch(createBox, input, ctx());
    await expect(creating.dispatch(createBox, input, ctx())).rejects.toMatchObject({ message: 'This box is already open.' });
    expect(reads()).toBe(1);
    expect(await store.readStream(`box-${input.boxId}`)).toHaveLength(1);
  });

  it('answers the loser of two concurrent copies with the winner\'s result', async () => {
    const input = openInput();
    const c = ctx();
    const [a, b] = await Promise.all([bus.dispatch(createBox, input, c), bus.dispatch(createBox, input, c)]);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(b.events).toEqual(a.events);
    expect(await store.readStream(`box-${input.boxId}`)).toHaveLength(1);
  });
});
