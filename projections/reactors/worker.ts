/**
 * Runs one reactor (docs/decisions/0069): reads the event types it consumes after its checkpoint,
 * one event at a time in log order, runs the handler (whose commands go through the command bus),
 * and only then moves the checkpoint past the event. A crash in between repeats the event; the
 * commands' ids are derived from it, so the repeat writes nothing twice.
 *
 * Shares the projection workers' parts: the lease (one process acts), the wake-up schedule, the
 * retry back-off and the FAILED state an operator retries or skips. A failure that a retry cannot
 * cure (an event that fails its schema, a command the domain refuses) stops this reactor at the
 * event; anything else (the database, a lost connection, a concurrent modification that outlasted
 * the bus's retries) is retried with back-off, the same event, until it succeeds.
 */
import { v5 as uuidv5 } from 'uuid';
import type { Pool } from 'pg';
import { DomainError, IllegalStateError } from '../../domain/shared/errors';
import { comparePositions, streamName, type Position, type RecordedEvent } from '../../domain/shared/events';
import type { CommandBus } from '../../infra/commandbus';
import { errorMessage } from '../../infra/db/pool';
import type { EventStore } from '../../infra/eventstore/port';
import type { BuildFailure } from '../checkpoints';
import { retryDelayMs, WakeSchedule } from '../wakes';
import { advanceReactor, getReactor, recordReactorError, recordReactorFailure, type ReactorCheckpoint } from './checkpoints';
import type { Reactor, ReactorContext } from './types';

/** Namespace of reactor command ids: uuidv5(`${reactor}/${eventId}/${key}`). */
const REACTOR_COMMAND_NAMESPACE = '3c7d9f0a-61b2-4e8d-9f4a-2b5e8c1d7a93';

export function reactorCommandId(reactor: string, eventId: string, key: string): string {
  return uuidv5(`${reactor}/${eventId}/${key}`, REACTOR_COMMAND_NAMESPACE);
}

export interface ReactorWorkerOptions {
  pool: Pool;
  store: EventStore;
  bus: CommandBus;
  reactor: Reactor;
  clock: () => Date;
  leases: { tryAcquire(key: string): Promise<boolean>; release(key: string): Promise<void> };
  batchSize: number;
  idleMs: number;
  coalesceMs: number;
  standbyMs: number;
  maxBackoffMs: number;
  onProgress(worker: ReactorWorker): void;
  onError(err: Error, worker: ReactorWorker): void;
}

/** Errors a retry of the same event would meet again: the domain refused, so the reactor stops there. */
function permanent(err: unknown): boolean {
  if (err instanceof IllegalStateError && err.conflictType === 'CONCURRENT_MODIFICATION') return false;
  return err instanceof DomainError;
}

export class ReactorWorker {
  readonly name: string;
  position: Position | null = null;
  /** The furthest position this reactor's commands appended. */
  effects: Position | null = null;
  eventsProcessed = 0;
  lastError: string | null = null;
  failure: BuildFailure | null = null;
  leading = false;
  private stopping = false;
  private readonly wakes: WakeSchedule;
  private readonly types: string[];
  private readonly typeSet: ReadonlySet<string>;
  private running: Promise<void> = Promise.resolve();

  /** `row`: the reactor's checkpoint, created (ensureReactor) before any request may wait for it. */
  constructor(private readonly o: ReactorWorkerOptions, row: ReactorCheckpoint) {
    this.name = o.reactor.name;
    this.types = Object.keys(o.reactor.handlers).sort();
    this.typeSet = new Set(this.types);
    this.wakes = new WakeSchedule(o, () => this.position);
    this.resync(row);
  }

  /** The lease key: apart from every projection build's (those are schema names, `proj_...`). */
  get leaseKey(): string {
    return `reactor:${this.name}`;
  }

  start(): void {
    this.running = this.loop();
  }

  wake(position: Position | null = null, urgent = true): void {
    this.wakes.wake(position, urgent);
  }

  /** Whether an append of `types` may hold an event this reactor handles. */
  consumes(types: readonly string[]): boolean {
    return types.some((t) => this.typeSet.has(t));
  }

  /** Finishes the event in flight, then returns. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakes.interrupt();
    await this.running;
  }

  private async loop(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      try {
        const leading = await this.o.leases.tryAcquire(this.leaseKey);
        if (leading && !this.leading) this.resync(await getReactor(this.o.pool, this.name));
        this.leading = leading;
        if (!leading || this.failure) {
          // Standing by, or stopped at an event until an operator's retry or skip changes the row.
          await this.sleep(this.o.standbyMs, false);
          if (!this.stopping) this.resync(await getReactor(this.o.pool, this.name));
          continue;
        }
        const lookingFor = this.wakes.lookingFor;
        const caughtUp = await this.step();
        failures = 0;
        if (caughtUp) await this.sleep(this.wakes.idleWait(lookingFor), true);
      } catch (err) {
        failures += 1;
        await this.recordError(err instanceof Error ? err : new Error(String(err)));
        await this.sleep(retryDelayMs(failures, this.o.maxBackoffMs), false);
      }
    }
    this.leading = false;
    await this.o.leases.release(this.leaseKey).catch((err: Error) => this.o.onError(err, this));
  }

  /** One page of events, each acted on and passed in turn. Resolves true when the log had nothing more. */
  private async step(): Promise<boolean> {
    const page = await this.o.store.readPage({ after: this.position, limit: this.o.batchSize, types: this.types });
    for (const event of page.events) {
      if (this.stopping) return false;
      if (!await this.act(event)) return false;
    }
    if (page.through && (!this.position || comparePositions(page.through, this.position) > 0)) await this.move(page.through, 0, null);
    return page.events.length < this.o.batchSize;
  }

  /** Runs the event's handler and moves past it; false when the reactor stopped (FAILED, or moved elsewhere). */
  private async act(event: RecordedEvent): Promise<boolean> {
    if (event.decodeError !== undefined) return this.fail(event, event.decodeError);
    let effects: Position | null;
    try {
      effects = await this.react(event);
    } catch (err) {
      if (permanent(err)) return this.fail(event, errorMessage(err));
      throw err;
    }
    return this.move(event.position, 1, effects);
  }

  private async react(event: RecordedEvent): Promise<Position | null> {
    let effects: Position | null = null;
    // One instant per event: what the handler chooses by it and what the commands decide by agree.
    const now = this.o.clock();
    const { bus } = this.o;
    const ctx: ReactorContext = {
      now: () => now,
      execute: async (handler, input, key) => {
        const result = await bus.dispatch(handler, input, {
          actor: event.metadata.actor,
          commandId: reactorCommandId(this.name, event.id, key),
          correlationId: event.metadata.correlationId,
          causationId: event.metadata.commandId,
          now: now.toISOString(),
        });
        if (result.position && (!effects || comparePositions(result.position, effects) > 0)) effects = result.position;
        return result;
      },
      stateAt: (aggregate, aggregateId) =>
        bus.load(aggregate, aggregateId, streamName(aggregate.category, aggregateId) === event.streamId ? event.revision : undefined),
      stateBefore: (aggregate) => {
        const prefix = `${aggregate.category}-`;
        if (!event.streamId.startsWith(prefix)) throw new Error(`stateBefore: ${event.type} is not an event of ${aggregate.category}`);
        return bus.load(aggregate, event.streamId.slice(prefix.length), event.revision - 1);
      },
    };
    await this.o.reactor.handlers[event.type](event, ctx);
    return effects;
  }

  private async move(to: Position, events: number, effects: Position | null): Promise<boolean> {
    if (!await advanceReactor(this.o.pool, this.name, this.position, to, events, effects)) {
      this.resync(await getReactor(this.o.pool, this.name));
      return false;
    }
    this.position = to;
    this.eventsProcessed += events;
    if (effects && (!this.effects || comparePositions(effects, this.effects) > 0)) this.effects = effects;
    this.lastError = null;
    this.o.onProgress(this);
    return true;
  }

  private async fail(event: RecordedEvent, error: string): Promise<boolean> {
    if (await recordReactorFailure(this.o.pool, this.name, this.position, event, error)) {
      this.failure = { position: event.position, eventId: event.id, eventType: event.type, error, at: new Date() };
      this.o.onError(new Error(`FAILED at ${event.position.commit}/${event.position.prepare} (${event.type} ${event.id}): ${error}`), this);
      this.o.onProgress(this);
    } else {
      this.resync(await getReactor(this.o.pool, this.name));
    }
    return false;
  }

  private async recordError(err: Error): Promise<void> {
    this.lastError = err.message;
    this.o.onError(err, this);
    try {
      await recordReactorError(this.o.pool, this.name, err.message);
    } catch (recordErr) {
      // The database is likely what failed; the original error was reported above.
      this.o.onError(new Error(`could not record the error of reactor ${this.name}: ${errorMessage(recordErr)}`), this);
    }
  }

  /** Adopts the row (another process acted, an operator retried or skipped). */
  private resync(row: ReactorCheckpoint | null): void {
    if (!row) return;
    this.position = row.position;
    this.effects = row.effects;
    this.eventsProcessed = row.eventsProcessed;
    this.failure = row.failure;
    this.lastError = row.lastError;
    this.o.onProgress(this);
  }

  private sleep(ms: number, wakeable: boolean): Promise<void> {
    return this.stopping ? Promise.resolve() : this.wakes.sleep(ms, wakeable);
  }
}
