/** Where each reactor stands, for `npm run projections -- status` (docs/decisions/0069). */
import type { Position } from '../../domain/shared/events';
import type { Queryable } from '../../infra/db/pool';
import type { EventStore } from '../../infra/eventstore/port';
import type { BuildFailure, SkippedEvent } from '../checkpoints';
import type { EventCounter } from '../status';
import { listReactors } from './checkpoints';

export interface ReactorStatus {
  kind: 'reactor';
  name: string;
  /** running; FAILED when stopped at an event; not started when this code has it but it never ran. */
  status: 'running' | 'FAILED' | 'not started';
  /** Whether this code runs it (a row of a reactor since removed says false). */
  inCode: boolean;
  position: Position | null;
  effects: Position | null;
  eventsProcessed: number;
  /** Events in the log after `position` of every type (the reactor reads only a few); null when unknown. */
  lag: number | null;
  lastError: string | null;
  failure: BuildFailure | null;
  skipped: SkippedEvent[];
  updatedAt: Date | null;
}

export async function readReactorStatus(db: Queryable, store: EventStore, names: readonly string[], count: EventCounter): Promise<ReactorStatus[]> {
  const [rows, head] = await Promise.all([listReactors(db), store.headPosition()]);
  const out: ReactorStatus[] = [];
  for (const r of rows) {
    out.push({
      kind: 'reactor', name: r.name, status: r.failure ? 'FAILED' : 'running', inCode: names.includes(r.name), position: r.position, effects: r.effects,
      eventsProcessed: r.eventsProcessed, lag: head ? await count(r.position, head) : 0, lastError: r.lastError, failure: r.failure,
      skipped: r.skipped, updatedAt: r.updatedAt,
    });
  }
  for (const name of names) {
    if (rows.some((r) => r.name === name)) continue;
    out.push({
      kind: 'reactor', name, status: 'not started', inCode: true, position: null, effects: null, eventsProcessed: 0, lag: null,
      lastError: null, failure: null, skipped: [], updatedAt: null,
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}
