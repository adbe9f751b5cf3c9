/**
 * The EventStoreDB adapter's read of some event types only (port.ts ReadAllOptions.types), filtered
 * by the server. This client's readAll always asks for no filter, but its catch-up subscription
 * to $all takes a server-side event-type filter (`eventTypeFilter`): the page is read through one,
 * closed as soon as the page is known complete. Needs a server that reports the end of catch-up
 * (CaughtUp: EventStoreDB / KurrentDB 23.10 or later) when the log ends in events of other types.
 */
import { START, eventTypeFilter, type EventStoreDBClient, type Position as EsdbPosition } from '@eventstore/db-client';
import { comparePositions, type Position, type RecordedEvent } from '../../domain/shared/events';
import { latest, pageThrough } from './pages';
import type { LogPage } from './port';

/** What the subscription hands back and offers, narrowed to what this read uses. */
interface TypedSource {
  on(event: 'data', listener: (resolved: { event?: { position?: EsdbPosition } }) => void): unknown;
  on(event: 'caughtUp' | 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
  readonly readableLength: number;
  unsubscribe(): Promise<void>;
  destroy(): void;
}

export interface TypedReadDeps {
  client: EventStoreDBClient;
  /** The newest event of the log (system events aside), read before subscribing. */
  head(): Promise<Position | null>;
  /** Maps and decodes a delivered event as readAll does (undecodable ones marked). */
  toEvent(stored: unknown): RecordedEvent;
}

/** An exact-match, anchored alternation: the server's regular expressions match anywhere otherwise. */
export function typeRegex(types: readonly string[]): string {
  return `^(?:${types.map((t) => t.replace(/[.*+?^${}()|[\]\\#\s-]/g, '\\$&')).join('|')})$`;
}

/**
 * The page ends at `limit` events; at the first event at or past the head read before subscribing
 * (everything wanted up to the head has then arrived, in order); or once the server reports it has
 * caught up and every event it sent before that report has been taken from the stream's buffer.
 */
export async function readTypedPage(deps: TypedReadDeps, after: Position | null, limit: number, types: readonly string[]): Promise<LogPage> {
  const head = await deps.head();
  if (types.length === 0 || !head || (after && comparePositions(head, after) <= 0)) return { events: [], through: latest(after, head) };
  const source = deps.client.subscribeToAll({
    fromPosition: after ? { commit: after.commit, prepare: after.prepare } : START,
    filter: eventTypeFilter({ regex: typeRegex(types) }),
  }) as unknown as TypedSource;
  const events: RecordedEvent[] = [];
  return new Promise<LogPage>((resolve, reject) => {
    let caughtUp = false;
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      // The call is cancelled, then the stream ended: unsubscribe() alone leaves it open.
      const closed = source.unsubscribe().then(() => source.destroy(), () => source.destroy());
      if (err) void closed.finally(() => reject(err));
      else void closed.finally(() => resolve({ events, through: pageThrough(after, events, limit, head) }));
    };
    source.on('data', ({ event: stored }) => {
      if (settled || !stored) return;
      // The start position may or may not be delivered again; the port promises strictly after it.
      if (after && stored.position && comparePositions(stored.position, after) <= 0) return;
      try {
        events.push(deps.toEvent(stored));
      } catch (err) {
        finish(err instanceof Error ? err : new Error(String(err)));
        return;
      }
      const last = events[events.length - 1].position;
      if (events.length >= limit || comparePositions(last, head) >= 0 || (caughtUp && source.readableLength === 0)) finish();
    });
    source.on('caughtUp', () => {
      caughtUp = true;
      if (source.readableLength === 0) finish();
    });
    source.on('error', (err) => finish(err));
    const ended = () => finish(new Error('The filtered $all subscription ended before the page was complete'));
    source.on('end', ended);
    source.on('close', ended);
  });
}
