/**
 * Appends with an exact expected revision take a plain INSERT first and judge only after a unique
 * key refused it (docs/decisions/0022). These tests pin that the split changes no outcome: every
 * expectation, retry and clash answers as the one-statement judge (APPEND_SQL) did, and a stream
 * never gets a gap.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '../../domain/shared/events';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { newEvent, newEvents, uniqueStream } from '../../tests/eventstore-contract/helpers';
import { WrongExpectedRevisionError, type EventStore, type ExpectedRevision } from './port';
import { DuplicateEventIdError, appendInTransaction, createPostgresEventStore } from './postgres';

let db: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

const ids = async (stream: string) => (await store.readStream(stream)).map((e) => e.id);

describe('appends with an exact expected revision', () => {
  it('refuse ids taken in another stream, for one event and several, writing nothing', async () => {
    const [a, b] = [uniqueStream(), uniqueStream()];
    const taken = newEvents(2);
    await store.append(a, taken, { expectedRevision: 'no_stream' });
    await expect(store.append(b, [taken[0]], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(DuplicateEventIdError);
    await expect(store.append(b, [newEvent(), taken[1]], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(DuplicateEventIdError);
    await store.append(b, [newEvent()], { expectedRevision: 'no_stream' });
    await expect(store.append(b, [taken[1]], { expectedRevision: 0 })).rejects.toBeInstanceOf(DuplicateEventIdError);
    expect(await ids(b)).toHaveLength(1);
    expect(await ids(a)).toEqual(taken.map((e) => e.id));
  });

  it('answer a retried single-event append with the original, and go on after it', async () => {
    const stream = uniqueStream();
    await store.append(stream, [newEvent()], { expectedRevision: 'no_stream' });
    const event = newEvent();
    const first = await store.append(stream, [event], { expectedRevision: 0 });
    expect(await store.append(stream, [event], { expectedRevision: 0 })).toEqual({ ...first, duplicate: true });
    expect((await store.append(stream, [newEvent()], { expectedRevision: 1 })).nextRevision).toBe(2);
  });

  it('never leave a gap: an expectation ahead of the stream is a conflict naming the real revision', async () => {
    const stream = uniqueStream();
    await store.append(stream, newEvents(2), { expectedRevision: 'no_stream' });
    for (const events of [[newEvent()], newEvents(3)]) {
      const err = await store.append(stream, events, { expectedRevision: 3 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(WrongExpectedRevisionError);
      expect((err as WrongExpectedRevisionError).actual).toBe(1);
    }
    expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1]);
  });

  it("keep the caller's transaction usable after a conflict inside it", async () => {
    const stream = uniqueStream();
    await store.append(stream, [newEvent()], { expectedRevision: 'no_stream' });
    const client = await db.ownerPool.connect();
    try {
      await client.query('BEGIN');
      await expect(appendInTransaction(client, stream, [newEvent()], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      const ok = await appendInTransaction(client, stream, newEvents(2), { expectedRevision: 0 });
      await client.query('COMMIT');
      expect(ok.nextRevision).toBe(2);
    } finally {
      client.release();
    }
    expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1, 2]);
  });
});

/** One step of the property: what to append where, with which expectation. */
type Step =
  | { kind: 'fresh'; stream: number; count: number; expect: Expect }
  | { kind: 'again'; step: number; expect: Expect }
  | { kind: 'steal'; step: number; stream: number; expect: Expect };
type Expect = { kind: 'right' } | { kind: 'off'; by: number } | { kind: 'no_stream' } | { kind: 'any' } | { kind: 'stream_exists' };
type Outcome = 'appended' | 'duplicate' | 'conflict' | 'taken';

const expectation: fc.Arbitrary<Expect> = fc.oneof(
  fc.constant({ kind: 'right' as const }), fc.record({ kind: fc.constant('off' as const), by: fc.constantFrom(-2, -1, 1, 2) }),
  fc.constant({ kind: 'no_stream' as const }), fc.constant({ kind: 'any' as const }), fc.constant({ kind: 'stream_exists' as const }),
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('fresh' as const), stream: fc.nat(2), count: fc.integer({ min: 1, max: 3 }), expect: expectation }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('again' as const), step: fc.nat(20), expect: expectation }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('steal' as const), step: fc.nat(20), stream: fc.nat(2), expect: expectation }) },
);

/** The rules of decision 0002, as a model: where every id is, and what an append must answer. */
class Model {
  readonly streams: string[][] = [[], [], []];
  private readonly at = new Map<string, { stream: number; revision: number }>();

  expected(stream: number, e: Expect): ExpectedRevision {
    const current = this.streams[stream].length - 1;
    if (e.kind === 'right') return current < 0 ? 'no_stream' : current;
    if (e.kind === 'off') return Math.max(0, current + e.by);
    return e.kind;
  }

  append(stream: number, events: readonly string[], expected: ExpectedRevision): Outcome {
    const current = this.streams[stream].length - 1;
    const found = events.map((id) => this.at.get(id));
    if (found.every((f) => f !== undefined)) {
      const first = found[0]!.revision;
      const inPlace = found.every((f, i) => f!.stream === stream && f!.revision === first + i);
      const samePlace = typeof expected === 'number' ? first === expected + 1 : expected === 'no_stream' ? first === 0 : true;
      if (inPlace && samePlace) return 'duplicate';
    }
    const fits = expected === 'any' || (expected === 'no_stream' ? current === -1 : expected === 'stream_exists' ? current >= 0 : current === expected);
    if (!fits) return 'conflict';
    if (found.some((f) => f !== undefined)) return 'taken';
    for (const id of events) {
      this.at.set(id, { stream, revision: this.streams[stream].length });
      this.streams[stream].push(id);
    }
    return 'appended';
  }
}

function outcomeOf(err: unknown): Outcome {
  if (err instanceof WrongExpectedRevisionError) return 'conflict';
  if (err instanceof DuplicateEventIdError) return 'taken';
  throw err;
}

describe('every expectation, retry and clash (property)', () => {
  it('answers as the model of decision 0002 and leaves exactly its streams', async () => {
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
      const model = new Model();
      const names = [0, 1, 2].map(() => `prop-${randomUUID()}`);
      const done: Array<{ stream: number; events: NewEvent[] }> = [];
      for (const s of steps) {
        const previous = s.kind === 'fresh' ? null : done[s.step % Math.max(1, done.length)];
        if (s.kind !== 'fresh' && !previous) continue;
        const stream = s.kind === 'again' ? previous!.stream : s.stream;
        const events = s.kind === 'fresh' ? newEvents(s.count) : s.kind === 'again' ? previous!.events : [...previous!.events.slice(1), newEvent()];
        const expected = model.expected(stream, s.expect);
        const want = model.append(stream, events.map((e) => e.id), expected);
        const got = await store.append(names[stream], events, { expectedRevision: expected })
          .then((r): Outcome => (r.duplicate ? 'duplicate' : 'appended'), outcomeOf);
        expect(got).toBe(want);
        if (s.kind === 'fresh') done.push({ stream, events });
      }
      for (const [i, name] of names.entries()) expect(await ids(name)).toEqual(model.streams[i]);
    }), { numRuns: 60 });
  }, 120_000);
});

/** Appends `events` at the stream's current revision, reading it again after each conflict. */
async function appendUntilIn(stream: string, events: NewEvent[], retryAfter: boolean) {
  for (let conflicts = 0; ; conflicts++) {
    const current = (await store.readStream(stream)).length - 1;
    const expected: ExpectedRevision = current < 0 ? 'no_stream' : current;
    try {
      const result = await store.append(stream, events, { expectedRevision: expected });
      // A client retrying after the answer was lost, while the others go on appending.
      const again = retryAfter ? await store.append(stream, events, { expectedRevision: expected }) : null;
      return { events, result, again, conflicts };
    } catch (err) {
      if (!(err instanceof WrongExpectedRevisionError)) throw err;
    }
  }
}

describe('concurrent writers to one stream (property)', () => {
  it('land each append once, whole and in order, with no gap; a retry answers the original', async () => {
    const writer = fc.record({ count: fc.integer({ min: 1, max: 3 }), retry: fc.boolean() });
    await fc.assert(fc.asyncProperty(fc.array(writer, { minLength: 2, maxLength: 6 }), fc.boolean(), async (writers, existing) => {
      const stream = uniqueStream();
      if (existing) await store.append(stream, [newEvent()], { expectedRevision: 'no_stream' });
      const done = await Promise.all(writers.map((w) => appendUntilIn(stream, newEvents(w.count), w.retry)));
      const stored = await store.readStream(stream);
      expect(stored.map((e) => e.revision)).toEqual(stored.map((_, i) => i));
      expect(stored).toHaveLength(writers.reduce((n, w) => n + w.count, existing ? 1 : 0));
      for (const d of done) {
        const first = stored.findIndex((e) => e.id === d.events[0].id);
        expect(stored.slice(first, first + d.events.length).map((e) => e.id)).toEqual(d.events.map((e) => e.id));
        expect(d.result).toMatchObject({ nextRevision: first + d.events.length - 1, duplicate: false });
        expect(d.result.events.map((e) => e.position)).toEqual(stored.slice(first, first + d.events.length).map((e) => e.position));
        if (d.again) expect(d.again).toEqual({ ...d.result, duplicate: true });
      }
    }), { numRuns: 30 });
  }, 120_000);

  it('let exactly one of rival appends at one revision in; copies of the winner answer as duplicates', async () => {
    const rivals = fc.record({ copies: fc.integer({ min: 1, max: 4 }), others: fc.integer({ min: 0, max: 3 }), count: fc.integer({ min: 1, max: 3 }) });
    await fc.assert(fc.asyncProperty(rivals, fc.boolean(), async ({ copies, others, count }, existing) => {
      const stream = uniqueStream();
      if (existing) await store.append(stream, [newEvent()], { expectedRevision: 'no_stream' });
      const expectedRevision: ExpectedRevision = existing ? 0 : 'no_stream';
      const shared = newEvents(count);
      const batches = [...Array.from({ length: copies }, () => shared), ...Array.from({ length: others }, () => newEvents(count))];
      const answers = await Promise.all(batches.map((events) => store.append(stream, events, { expectedRevision }).then(
        (r) => ({ events, r }),
        (err: unknown) => { if (err instanceof WrongExpectedRevisionError) return null; throw err; })));
      const won = answers.filter((a) => a !== null);
      const fresh = won.filter((a) => !a.r.duplicate);
      expect(fresh).toHaveLength(1);
      // Every success is the winner's append: the winner itself, or a copy of it answered as a duplicate.
      for (const a of won) expect({ ...a.r, duplicate: false }).toEqual(fresh[0].r);
      const stored = await store.readStream(stream);
      expect(stored.map((e) => e.id)).toEqual([...(existing ? [stored[0].id] : []), ...fresh[0].events.map((e) => e.id)]);
      if (fresh[0].events === shared) expect(won).toHaveLength(copies);
      else expect(won).toHaveLength(1);
    }), { numRuns: 30 });
  }, 120_000);
});
