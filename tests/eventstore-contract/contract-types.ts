/**
 * Reading some event types only (ReadAllOptions.types, LogPage.through; decision 0026): the events
 * of the wanted types in log order, and a position up to which the page is complete, so a reader
 * passes the other types without fetching them. Every test uses type names of its own, so only its
 * own events match whatever else the server holds.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { comparePositions, type Position, type RecordedEvent } from '../../domain/shared/events';
import type { EventStore } from '../../infra/eventstore/port';
import { newEvent, readAllPages, uniqueStream, waitUntilReadable } from './helpers';

/** Type names no other test uses: `base` plus a suffix. */
function typesOf(...bases: string[]): string[] {
  const suffix = randomUUID().replace(/-/g, '').slice(0, 12);
  return bases.map((b) => `${b}${suffix}`);
}

/** Appends one event per type given, in this order, each to a new stream; returns the last position. */
async function appendTypes(store: EventStore, types: string[]): Promise<Position> {
  let last: Position | null = null;
  for (const [i, type] of types.entries()) {
    ({ position: last } = await store.append(uniqueStream(), [newEvent(type, { i })], { expectedRevision: 'no_stream' }));
  }
  if (!last) throw new Error('appendTypes needs at least one type');
  return last;
}

/** Follows `through` from `after` until a page comes back empty; returns every event read. */
async function readTypedPages(store: EventStore, after: Position | null, limit: number, types: string[]) {
  const events: RecordedEvent[] = [];
  let from = after;
  for (;;) {
    const page = await store.readPage({ after: from, limit, types });
    expect(page.events.length).toBeLessThanOrEqual(limit);
    events.push(...page.events);
    if (page.events.length > 0) expect(comparePositions(page.through as Position, page.events[page.events.length - 1].position)).toBeGreaterThanOrEqual(0);
    if (page.events.length === 0) return { events, through: page.through };
    from = page.through;
  }
}

export function describeTypesContract(getStore: () => EventStore): void {
  describe('reading some event types only', () => {
    it('reads exactly the wanted types, in log order, page by page, as filtering every event would', async () => {
      const store = getStore();
      const [a, b, other] = typesOf('Wanted', 'AlsoWanted', 'Other');
      const before = await store.headPosition();
      const last = await appendTypes(store, [other, a, other, other, b, a, other, b, other, other, a, other]);
      await waitUntilReadable(store, last);
      const { events, through } = await readTypedPages(store, before, 2, [b, a]);
      const { kept } = await readAllPages(store, before, 5, (e) => e.type === a || e.type === b);
      expect(events).toEqual(kept);
      expect(events.map((e) => e.type)).toEqual([a, b, a, b, a]);
      // The read passed the trailing events of the other type: nothing wanted is behind it.
      expect(comparePositions(through as Position, last)).toBeGreaterThanOrEqual(0);
      expect(await store.readAll({ after: before, limit: 100, types: [a, b] })).toEqual(kept);
    });

    it('ends a full page at its last event, and a short one past the events of other types', async () => {
      const store = getStore();
      const [a, other] = typesOf('Wanted', 'Other');
      const before = await store.headPosition();
      const last = await appendTypes(store, [a, other, a, other, other]);
      await waitUntilReadable(store, last);
      const full = await store.readPage({ after: before, limit: 1, types: [a] });
      expect(full.events.map((e) => e.type)).toEqual([a]);
      expect(full.through).toEqual(full.events[0].position);
      const rest = await store.readPage({ after: full.through, limit: 5, types: [a] });
      expect(rest.events.map((e) => e.type)).toEqual([a]);
      expect(comparePositions(rest.through as Position, last)).toBeGreaterThanOrEqual(0);
      // From there only what comes later is found.
      const next = await appendTypes(store, [other, a]);
      await waitUntilReadable(store, next);
      const after = await store.readPage({ after: rest.through, limit: 5, types: [a] });
      expect(after.events.map((e) => e.position)).toEqual([next]);
    });

    it('an empty list wants nothing, yet the page passes the log up to the head', async () => {
      const store = getStore();
      const [other] = typesOf('Other');
      const before = await store.headPosition();
      const last = await appendTypes(store, [other, other]);
      await waitUntilReadable(store, last);
      const page = await store.readPage({ after: before, limit: 10, types: [] });
      expect(page.events).toEqual([]);
      expect(comparePositions(page.through as Position, last)).toBeGreaterThanOrEqual(0);
    });

    it('matches type names exactly: not by prefix, not as a pattern', async () => {
      const store = getStore();
      const [thing] = typesOf('Thing');
      const before = await store.headPosition();
      const last = await appendTypes(store, [`${thing}Happened`, `X${thing}`, thing, `${thing}.`, `${thing}s`]);
      await waitUntilReadable(store, last);
      const dotted = `${thing.slice(0, 2)}.${thing.slice(3)}`;
      const { events } = await readTypedPages(store, before, 10, [thing, dotted]);
      expect(events.map((e) => e.type)).toEqual([thing]);
    });

    it('refuses a type that is not a non-empty name', async () => {
      const store = getStore();
      await expect(store.readPage({ limit: 1, types: [''] })).rejects.toThrow(/type/);
    });

    it('reads the events of every type as readAll does when no types are given', async () => {
      const store = getStore();
      const [a, other] = typesOf('Wanted', 'Other');
      const before = await store.headPosition();
      const last = await appendTypes(store, [a, other]);
      await waitUntilReadable(store, last);
      const ours = (events: RecordedEvent[]) => events.filter((e) => e.type === a || e.type === other);
      const page = await store.readPage({ after: before, limit: 1000 });
      expect(ours(page.events).map((e) => e.type)).toEqual([a, other]);
      expect(ours(page.events)).toEqual(ours(await store.readAll({ after: before, limit: 1000 })));
    });
  });
}
