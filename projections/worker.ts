/**
 * Applies one build's events: reads a page of the log after its checkpoint, runs the handlers and
 * advances the checkpoint in one transaction, and when a building build has caught up, switches the
 * read views to it. Follows the log by reading pages; the runner wakes it when events are appended.
 *
 * It fetches only the event types its projection consumes (consumedTypes, decision 0026); the page
 * says how far into the log it is complete (LogPage.through), and the checkpoint moves there, past
 * the events of other types, so a build that consumed nothing is not behind.
 *
 * An event the store could not decode (RecordedEvent.decodeError) stops the build only if the
 * projection has a handler for its type: the events before it are applied, and the build is FAILED
 * at it until an operator retries or skips (decision 0016). Projections that see every event
 * through handleBatch get such events marked, and decide for themselves.
 */
import { escapeLiteral, type Pool } from 'pg';
import { comparePositions, type Position, type RecordedEvent } from '../domain/shared/events';
import type { EventStore, LogPage } from '../infra/eventstore/port';
import { finishLoad, switchToServing } from './builds';
import { jitter } from './ddl-locks';
import {
  advanceCheckpoint, advanceCheckpointStatement, getBuild, lockBuildStatement, lockedBuild, passCheckpoint, recordError, recordFailure, samePosition, type Build, type BuildFailure, type BuildStatus,
} from './checkpoints';
import { ReadAhead } from './read-ahead';
import { qualified, quoteIdent } from './sql';
import { errorMessage, withTransaction } from '../infra/db/pool';
import { consumedTypes, type Projection, type ProjectionContext } from './types';
import { retryDelayMs, WakeSchedule } from './wakes';

export interface WorkerOptions {
  pool: Pool;
  store: EventStore;
  projection: Projection;
  leases: { tryAcquire(schema: string): Promise<boolean>; release(schema: string): Promise<void> };
  batchSize: number;
  /**
   * Events per batch while building (nobody reads the build yet, and its load is what a rebuild
   * waits for): fewer, larger transactions. The time limit below still ends a batch early.
   */
  buildBatchSize: number;
  /**
   * A batch's transaction holds back the event log's visibility horizon (DESIGN.md section 4) for
   * every reader in the cluster while it runs, so a batch also ends at the first event boundary
   * after this many milliseconds of handler time.
   */
  maxBatchMs: number;
  /** Longest wait between reads when caught up and not woken (the runner wakes workers on new events). */
  idleMs: number;
  /**
   * How long a wake-up nobody waits for (an append) may wait, so that appends arriving together
   * are read together; a waiter's wake-up (waitFor) reads at once.
   */
  coalesceMs: number;
  /** How often a standby worker asks for the lease. */
  standbyMs: number;
  maxBackoffMs: number;
  onProgress(worker: BuildWorker): void;
  onSwitched(worker: BuildWorker, retired: string | null): void;
  onError(err: Error, worker: BuildWorker): void;
}

type BatchOutcome =
  | { applied: true; last: Position | null; count: number; poison: RecordedEvent | null }
  | { applied: false; row: Build | null };


export class BuildWorker {
  readonly schema: string;
  readonly name: string;
  readonly version: number;
  readonly generation: number;
  status: BuildStatus;
  position: Position | null;
  eventsProcessed: number;
  lastError: string | null;
  failure: BuildFailure | null;
  leading = false;
  /** This process created the build's deferred indexes (finishLoad); they stay, so once is enough. */
  private loaded = false;
  /** Consecutive switch attempts that found the locks busy. */
  private switchBusy = 0;
  private stopping = false;
  private readonly wakes: WakeSchedule;
  private readonly types: string[] | null;
  private readonly typeSet: ReadonlySet<string> | null;
  private readonly ahead = new ReadAhead((after, limit) => this.read(after, limit));
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly o: WorkerOptions, build: Build) {
    this.schema = build.schema;
    this.name = build.name;
    this.version = build.version;
    this.generation = build.generation;
    this.status = build.status;
    this.position = build.position;
    this.eventsProcessed = build.eventsProcessed;
    this.lastError = build.lastError;
    this.failure = build.failure;
    this.types = consumedTypes(o.projection);
    this.typeSet = this.types && new Set(this.types);
    this.wakes = new WakeSchedule(o, () => this.position);
  }

  get finished(): boolean {
    return this.stopping || this.status === 'retired';
  }

  start(): void {
    this.running = this.loop();
  }

  /** New events may be readable (up to `position`, when known): see WakeSchedule.wake. */
  wake(position: Position | null = null, urgent = true): void {
    this.wakes.wake(position, urgent);
  }

  /** Whether an append of `types` may hold an event this build applies (a handleBatch projection sees every type). */
  consumes(types: readonly string[]): boolean {
    const wanted = this.typeSet;
    return wanted === null || types.some((t) => wanted.has(t));
  }

  /** Finishes the batch in flight, then returns. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakes.interrupt();
    await this.running;
  }

  private async loop(): Promise<void> {
    let failures = 0;
    while (!this.finished) {
      try {
        const leading = await this.o.leases.tryAcquire(this.schema);
        if (leading && !this.leading) this.resync(await getBuild(this.o.pool, this.schema));
        this.leading = leading;
        if (!leading) {
          await this.sleep(this.o.standbyMs, false);
          continue;
        }
        if (this.failure) {
          // Stopped at an event it cannot read: only an operator's retry or skip (a row change) moves it.
          await this.sleep(this.o.standbyMs, false);
          if (!this.finished) this.resync(await getBuild(this.o.pool, this.schema));
          continue;
        }
        const lookingFor = this.wakes.lookingFor;
        const caughtUp = await this.step();
        failures = 0;
        if (this.switchBusy > 0) await this.sleep(jitter(Math.min(this.o.idleMs, 50 * 2 ** this.switchBusy)), false);
        else if (caughtUp) await this.sleep(this.wakes.idleWait(lookingFor), true);
      } catch (err) {
        failures += 1;
        await this.fail(err instanceof Error ? err : new Error(String(err)));
        // Not wakeable: a failing batch is retried on its own schedule, however often readers poke.
        await this.sleep(retryDelayMs(failures, this.o.maxBackoffMs), false);
      }
    }
    this.leading = false;
    await this.ahead.drop();
    await this.o.leases.release(this.schema).catch((err: Error) => this.o.onError(err, this));
  }

  /** One read and, if there were events, one batch. Resolves true when the log had nothing more. */
  private async step(): Promise<boolean> {
    const building = this.status === 'building';
    const limit = building ? this.o.buildBatchSize : this.o.batchSize;
    const page = building ? await this.ahead.page(this.position, limit) : await this.read(this.position, limit);
    // Loading: the next page is read while this one is applied (projections/read-ahead.ts).
    if (building && page.events.length >= limit) this.ahead.start(page.through, limit);
    if (page.events.length === 0) {
      await this.passOver(page.through);
      if (this.status === 'building' && !this.finished) await this.finishAndSwitch();
      return true;
    }
    const outcome = await this.applyBatch(page);
    if (!outcome.applied) {
      this.resync(outcome.row);
      return false;
    }
    if (outcome.last) this.position = outcome.last;
    this.eventsProcessed += outcome.count;
    this.lastError = null;
    if (outcome.poison) this.failed(outcome.poison);
    this.o.onProgress(this);
    // A short page applied whole was all there was to read: a serving build now waits for a wake-up
    // (a building one reads on, to find the empty page that lets it switch).
    return this.status === 'serving' && !outcome.poison && outcome.count === page.events.length && page.events.length < limit;
  }

  private failed(event: RecordedEvent): void {
    this.failure = { position: event.position, eventId: event.id, eventType: event.type, error: event.decodeError ?? '', at: new Date() };
    this.o.onError(new Error(`FAILED at ${event.position.commit}/${event.position.prepare} (${event.type} ${event.id}): ${event.decodeError}`), this);
  }

  /** Nothing to apply, but the log moved on in events of other types: the checkpoint follows. */
  private async passOver(through: Position | null): Promise<void> {
    if (!through || (this.position && comparePositions(through, this.position) <= 0)) return;
    if (!await passCheckpoint(this.o.pool, this.schema, this.position, through)) {
      this.resync(await getBuild(this.o.pool, this.schema));
      return;
    }
    this.position = through;
    this.lastError = null;
    this.o.onProgress(this);
  }

  /**
   * One transaction in three round trips (a waiting mutation's answer waits for it): BEGIN with the
   * settings and the row lock, the handlers' statements, and the checkpoint's move with COMMIT.
   */
  private async applyBatch({ events, through }: LogPage): Promise<BatchOutcome> {
    // The runner writes every tenant's rows, and FORCE row-level security applies to it too.
    const withBegin = `SELECT set_config('app.platform_admin', 'on', true), set_config('search_path', ${escapeLiteral(`${quoteIdent(this.schema)}, public`)}, true); `
      + lockBuildStatement(this.schema);
    let finish: string | null = null;
    return withTransaction(this.o.pool, async (client, begun): Promise<BatchOutcome> => {
      const row = lockedBuild(begun[1]);
      if (!row || row.status === 'retired' || row.failure || !samePosition(row.position, this.position)) return { applied: false, row };
      const ctx: ProjectionContext = { client, table: (name) => qualified(this.schema, name) };
      const { count, poison } = await this.applyEvents(events, ctx);
      const applied = count === events.length ? events : events.slice(0, count);
      if (applied.length > 0 && this.o.projection.handleBatch) await this.o.projection.handleBatch(applied, ctx);
      // The whole page applied: the checkpoint goes where the page is complete, past what it skipped.
      const last = count === events.length ? through : applied.at(-1)?.position ?? null;
      if (poison) {
        if (last) await advanceCheckpoint(client, this.schema, last, applied.length);
        // In the same transaction: the checkpoint stops right before the event it cannot read.
        await recordFailure(client, this.schema, poison, poison.decodeError ?? '');
      } else if (last) {
        finish = advanceCheckpointStatement(this.schema, last, applied.length);
      }
      return { applied: true, last, count, poison };
    }, { withBegin, beforeCommit: () => finish });
  }

  /** Runs the per-type handlers up to the batch's time limit or the first event this projection cannot read. */
  private async applyEvents(events: RecordedEvent[], ctx: ProjectionContext): Promise<{ count: number; poison: RecordedEvent | null }> {
    const { handlers } = this.o.projection;
    const deadline = Date.now() + this.o.maxBatchMs;
    let count = 0;
    while (count < events.length && (count === 0 || Date.now() < deadline)) {
      const event = events[count];
      // hasOwn: an event type named like an Object.prototype member must not find a "handler".
      const handled = Object.hasOwn(handlers, event.type);
      if (handled && event.decodeError !== undefined) return { count, poison: event };
      if (handled) await handlers[event.type](event, ctx);
      count += 1;
    }
    return { count, poison: null };
  }

  /** Caught up while building: the deferred indexes first (once), then the switch. */
  private async finishAndSwitch(): Promise<void> {
    if (!this.loaded) {
      this.loaded = await finishLoad(this.o.pool, this.o.projection, this.schema, this.position);
      if (!this.loaded) {
        this.resync(await getBuild(this.o.pool, this.schema));
        return;
      }
    }
    await this.trySwitch();
  }

  private async trySwitch(): Promise<void> {
    const result = await switchToServing(this.o.pool, this.name, this.schema, this.position);
    // Locked by a reader or a batch: try again soon, a little later each time, never in step with others.
    this.switchBusy = result.outcome === 'busy' ? Math.min(this.switchBusy + 1, 8) : 0;
    if (result.outcome === 'switched') {
      this.status = 'serving';
      this.o.onSwitched(this, result.retired);
    } else if (result.outcome === 'stale') {
      this.resync(result.build);
    }
  }

  /** Adopts what the checkpoint row says (another process applied, switched or retired this build). */
  private resync(row: Build | null): void {
    if (!row) {
      this.status = 'retired';
      return;
    }
    const moved = !samePosition(row.position, this.position) || row.status !== this.status || (row.failure === null) !== (this.failure === null);
    this.status = row.status;
    this.position = row.position;
    this.eventsProcessed = row.eventsProcessed;
    this.failure = row.failure;
    if (moved) this.o.onProgress(this);
  }

  private async fail(err: Error): Promise<void> {
    this.lastError = err.message;
    this.o.onError(err, this);
    try {
      await recordError(this.o.pool, this.schema, err.message);
    } catch (recordErr) {
      // The database is likely what failed; the original error was reported above.
      this.o.onError(new Error(`could not record the error of ${this.schema}: ${errorMessage(recordErr)}`), this);
    }
  }

  private read(after: Position | null, limit: number): Promise<LogPage> {
    return this.o.store.readPage({ after, limit, ...(this.types ? { types: this.types } : {}) });
  }

  private sleep(ms: number, wakeable: boolean): Promise<void> {
    return this.stopping ? Promise.resolve() : this.wakes.sleep(ms, wakeable);
  }
}
