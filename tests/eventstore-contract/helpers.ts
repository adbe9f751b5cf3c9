/** Shared helpers of the event-store contract and the PostgreSQL concurrency tests. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { comparePositions, type NewEvent, type Position, type RecordedEvent } from '../../domain/shared/events';
import type { EventStore, Subscription } from '../../infra/eventstore/port';

export function uniqueStream(category = 'contract'): string {
  // The category must not contain '-': EventStoreDB's $ce- and our category column cut at the first one.
  return `${category}-${randomUUID()}`;
}

export function newEvent(type = 'ThingHappened', data: Record<string, unknown> = { n: 1 }, commandId = randomUUID()): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      ecosystemId: randomUUID(),
      actor: { userId: randomUUID(), role: 'SYSTEM' },
      commandId,
      correlationId: commandId,
      causationId: commandId,
      occurredAt: new Date('2026-01-02T03:04:05.000Z').toISOString(),
      schemaVersion: 1,
    },
  };
}

export function newEvents(count: number, type = 'ThingHappened'): NewEvent[] {
  return Array.from({ length: count }, (_, i) => newEvent(type, { n: i }));
}

/** The part of a recorded event that must equal what was appended. */
export function asWritten(e: RecordedEvent): NewEvent {
  return { id: e.id, type: e.type, data: e.data, metadata: e.metadata };
}

export async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Readers see an append once every older transaction has finished, which on a shared server can
 * lag the append by a moment (another test's transaction still open): wait for it, never assume it.
 */
export async function waitUntilReadable(store: EventStore, position: Position): Promise<Position> {
  return eventually(`head to reach ${position.commit}/${position.prepare}`, async () => {
    const head = await store.headPosition();
    return head && comparePositions(head, position) >= 0 ? head : undefined;
  });
}

/** Reads the log after `after` to the current head, page by page, keeping events that `keep` accepts. */
export async function readAllPages(store: EventStore, after: Position | null, limit: number, keep: (e: RecordedEvent) => boolean = () => true) {
  const kept: RecordedEvent[] = [];
  const pages: RecordedEvent[][] = [];
  let from = after;
  for (;;) {
    const page = await store.readAll({ after: from, limit });
    if (page.length === 0) return { kept, pages };
    expect(page.length).toBeLessThanOrEqual(limit);
    pages.push(page);
    kept.push(...page.filter(keep));
    from = page[page.length - 1].position;
  }
}

export function expectStrictlyIncreasing(positions: Position[]): void {
  for (let i = 1; i < positions.length; i++) {
    expect(comparePositions(positions[i - 1], positions[i]), `position ${i} after position ${i - 1}`).toBe(-1);
  }
}

export interface Consumer {
  events: RecordedEvent[];
  /** Resolves when at least `count` events arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<RecordedEvent[]>;
  /** Settles when the iteration ends (close, break or error). */
  done: Promise<void>;
}

export function consume(subscription: Subscription): Consumer {
  const events: RecordedEvent[] = [];
  const done = (async () => {
    for await (const event of subscription) events.push(event);
  })();
  // Surfaced through `done`; this only keeps an early failure from being reported as unhandled.
  done.catch(() => undefined);
  return {
    events,
    done,
    waitFor: (count, timeoutMs) => eventually(`${count} events (have ${events.length})`, async () => {
      return events.length >= count ? events.slice() : undefined;
    }, timeoutMs),
  };
}

export async function settlesWithin<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} did not settle within ${ms} ms`)), ms); });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
