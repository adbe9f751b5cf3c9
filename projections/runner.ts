/**
 * Runs projections (DESIGN.md section 5): one worker per build this code applies, woken when events
 * are appended (the store's wake-ups, with a polling head watcher as the fallback), and a reconcile
 * loop that picks up builds other processes created (an operator rebuild) and drops retired
 * schemas. `waitFor` is how a mutation waits until the read models it returns have seen its events:
 * it wakes on progress (decision 0026), in this process directly, from other processes by NOTIFY.
 */
import type { Pool } from 'pg';
import { comparePositions, type Position } from '../domain/shared/events';
import type { EventStore } from '../infra/eventstore/port';
import { dropRetiredSchemas, ensureBuilds, planBuilds, startRebuild } from './builds';
import { refreshTenantPolicies } from './policies';
import { LocksBusyError } from './ddl-locks';
import { listBuilds, type Build, type BuildStatus } from './checkpoints';
import { BuildLeases } from './lease';
import { ProgressWaits } from './progress';
import { validateProjections } from './sql';
import { readProjectionStatus, type EventCounter, type ProjectionStatus } from './status';
import { BuildWorker } from './worker';
import { appliedOrUnreadable, UNREADABLE_RETRY_MS } from './passed';
import { ReactorSet, type ReactorOptions } from './reactors/runner';
import { consumedTypes, type Projection } from './types';

export interface ProjectionRunnerOptions {
  /** Events per transaction. Default 500. */
  batchSize?: number;
  /**
   * Events per transaction while a rebuild loads (WorkerOptions.buildBatchSize). Default: batchSize
   * when that is given (tests choose where batches split), else 2000.
   */
  buildBatchSize?: number;
  /** Handler time after which a batch commits early, see WorkerOptions.maxBatchMs. Default 100 ms. */
  maxBatchMs?: number;
  /**
   * The fallback polling interval, for what no wake-up announces (an append inside another
   * transaction, a lost LISTEN connection): of the head of the log by the runner, of other
   * processes' checkpoints by waitFor. Default 100 ms. Workers idle 20 times as long.
   */
  pollIntervalMs?: number;
  /**
   * How long a worker nobody waits for may take to read after it is told of an append, so that
   * appends arriving together are read (and applied) together. waitFor's wake-ups read at once.
   * Default 20 ms.
   */
  coalesceMs?: number;
  /** How often builds created elsewhere are picked up and retired schemas dropped. Default 1000 ms. */
  reconcileIntervalMs?: number;
  /** Default timeout of waitFor. Default 5000 ms. */
  waitTimeoutMs?: number;
  /** Longest pause between retries of a failing batch. Default 30 s. */
  maxBackoffMs?: number;
  /** Counts lag for status(); postgresEventCounter(pool) with the PostgreSQL event store. */
  countEventsAfter?: EventCounter;
  onError?: (error: Error, context: string) => void;
  /** Event reactors run beside the projections (docs/decisions/0069), with the bus their commands go through. */
  reactors?: ReactorOptions;
}

/** A build's progress, reported after every applied batch, resynchronisation and switch. */
export interface BuildProgress {
  schema: string;
  name: string;
  version: number;
  generation: number;
  status: BuildStatus;
  position: Position | null;
  eventsProcessed: number;
}

type Listener = (progress: BuildProgress) => void;

export class ProjectionRunner {
  private readonly o: Required<Omit<ProjectionRunnerOptions, 'countEventsAfter' | 'reactors'>> & Pick<ProjectionRunnerOptions, 'countEventsAfter'>;
  /** The reactors (docs/decisions/0069); waitFor accepts their names beside projections'. */
  readonly reactors: ReactorSet;
  private readonly workers = new Map<string, BuildWorker>();
  private readonly listeners = new Set<Listener>();
  private readonly leases: BuildLeases;
  private timers: NodeJS.Timeout[] = [];
  /**
   * The newest position an append announcement named with its event types (this process's appends,
   * other processes' notifications): the head watcher wakes workers only for appends beyond it,
   * which nobody announced so.
   */
  private announcedThrough: Position | null = null;
  /** What waitFor waits on: progress here, and other processes' announcements. */
  private readonly progress: ProgressWaits;
  private stopWatching: (() => void) | null = null;
  private started = false;
  private ticking: Promise<void> | null = null;
  private reconciling: Promise<void> | null = null;
  /** Every build's tenant policy has today's predicate: builds this code creates get it, so stop looking. */
  private policiesCurrent = false;

  constructor(private readonly pool: Pool, private readonly store: EventStore, private readonly projections: Projection[], options: ProjectionRunnerOptions = {}) {
    validateProjections(projections);
    this.o = {
      batchSize: options.batchSize ?? 500,
      buildBatchSize: options.buildBatchSize ?? options.batchSize ?? 2000,
      maxBatchMs: options.maxBatchMs ?? 100,
      pollIntervalMs: options.pollIntervalMs ?? 100,
      coalesceMs: options.coalesceMs ?? 20,
      reconcileIntervalMs: options.reconcileIntervalMs ?? 1000,
      waitTimeoutMs: options.waitTimeoutMs ?? 5000,
      maxBackoffMs: options.maxBackoffMs ?? 30_000,
      countEventsAfter: options.countEventsAfter,
      onError: options.onError ?? ((error, context) => console.error(`[projections] ${context}: ${error.message}`)),
    };
    this.leases = new BuildLeases(pool, (err) => this.o.onError(err, 'lease connection lost'));
    this.progress = new ProgressWaits(pool);
    this.reactors = new ReactorSet(pool, store, options.reactors, { leases: this.leases, progress: this.progress, times: this.o });
  }

  /** Creates missing schemas and builds, then follows the log until stop(). */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    try {
      await this.reconcile();
      await this.reactors.start();
    } catch (err) {
      await this.stop();
      throw err;
    }
    this.stopWatching = this.store.watchAppends((position, types) => this.wakeWorkers(position, types ?? null));
    this.timers = [
      setInterval(() => void this.tick(), this.o.pollIntervalMs),
      setInterval(() => void this.reconcile().catch((err: Error) => this.o.onError(err, 'reconcile')), this.o.reconcileIntervalMs),
    ];
  }

  /** Stops following; each worker finishes the batch it is applying first. */
  async stop(): Promise<void> {
    this.started = false;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    this.stopWatching?.();
    this.stopWatching = null;
    await Promise.allSettled([this.ticking, this.reconciling]);
    await Promise.all([...this.workers.values()].map((w) => w.stop()));
    this.workers.clear();
    await this.reactors.stop();
    await this.leases.close();
    await this.progress.stop();
  }

  /**
   * Resolves true once every named projection's serving build (default: all this runner knows)
   * has applied the event at `position`, false when `timeoutMs` passes first. Names of reactors
   * wait first for those to act on `position`, then for the projections to reach their commands' events.
   */
  async waitFor(position: Position, names?: readonly string[], timeoutMs = this.o.waitTimeoutMs): Promise<boolean> {
    const all = names ?? this.projections.map((p) => p.name);
    const wanted = all.filter((n) => !this.reactors.has(n));
    const unknown = wanted.filter((n) => !this.projections.some((p) => p.name === n));
    if (unknown.length > 0) throw new Error(`waitFor: unknown projection(s) ${unknown.join(', ')}`);
    const deadline = Date.now() + timeoutMs;
    const reactors = all.filter((n) => this.reactors.has(n));
    if (reactors.length > 0) {
      const effects = await this.reactors.waitFor(position, reactors, deadline);
      if (effects === false) return false;
      if (effects && comparePositions(effects, position) > 0) position = effects;
    }
    let retry = UNREADABLE_RETRY_MS / 2;
    for (;;) {
      // Listening before looking: progress made while we look wakes the wait below at once.
      const progressed = this.progress.next();
      try {
        const passed = await this.passed(position, wanted);
        if (passed === true) return true;
        const left = deadline - Date.now();
        if (left <= 0) return false;
        for (const w of this.workers.values()) if (wanted.includes(w.name)) w.wake(position);
        // Not readable yet: no progress will announce it, so look again soon (decision 0078).
        retry = passed === 'unreadable' ? Math.min(retry * 2, this.o.pollIntervalMs) : UNREADABLE_RETRY_MS / 2;
        await progressed.wait(Math.min(left, passed === 'unreadable' ? retry : this.o.pollIntervalMs));
      } finally {
        progressed.cancel();
      }
    }
  }

  /**
   * Starts blue/green rebuilds of the named projections (all when absent) and returns their build
   * schemas. A started runner applies them; otherwise whichever runner starts next does.
   */
  async rebuild(names?: readonly string[]): Promise<string[]> {
    const chosen = names ? names.map((n) => this.projection(n)) : this.projections;
    const schemas: string[] = [];
    for (const p of chosen) {
      const build = await startRebuild(this.pool, p);
      schemas.push(build.schema);
      this.addWorker(p, build);
    }
    return schemas;
  }

  async status(): Promise<ProjectionStatus[]> {
    return readProjectionStatus(this.pool, this.store, { projections: this.projections, countEventsAfter: this.o.countEventsAfter });
  }

  /** Listens to build progress in this process; returns the unsubscribe function. */
  onProgress(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private projection(name: string): Projection {
    const p = this.projections.find((x) => x.name === name);
    if (!p) throw new Error(`unknown projection "${name}" (known: ${this.projections.map((x) => x.name).join(', ')})`);
    return p;
  }

  private async passed(position: Position, names: readonly string[]): Promise<boolean | 'unreadable'> {
    const remote: string[] = [];
    for (const name of names) {
      // A serving build this process leads is known exactly without asking the database.
      const local = [...this.workers.values()].find((w) => w.name === name && w.status === 'serving' && w.leading);
      if (!local) remote.push(name);
      else if (!local.position || comparePositions(local.position, position) < 0) return false;
    }
    if (remote.length === 0) return true;
    await this.progress.hearOthers();
    const serving = (await listBuilds(this.pool, { names: remote })).filter((b) => b.status === 'serving');
    for (const name of remote) {
      const b = serving.find((s) => s.name === name);
      if (!b) return false;
      // Behind only by events of types it does not consume: its leader was not woken for those (decision 0078).
      const applied = await appliedOrUnreadable(this.store, consumedTypes(this.projection(name)), b.position, position);
      if (applied !== true) return applied;
    }
    return true;
  }

  /**
   * The log moved (to `position`, when announced): workers read soon. When the announcement says
   * which event types were appended, only the workers that consume one of them are woken
   * (docs/decisions/0078); the others pass over those events when they next read anyway (their idle
   * read, or a waitFor), rather than reading and moving their checkpoint after every append.
   */
  private wakeWorkers(position: Position | null, types: readonly string[] | null): void {
    if (position && types && (!this.announcedThrough || comparePositions(position, this.announcedThrough) > 0)) this.announcedThrough = position;
    for (const w of this.workers.values()) if (!types || w.consumes(types)) w.wake(position, false);
    this.reactors.wake(position, false, types);
  }

  private tick(): Promise<void> {
    if (this.ticking || (this.workers.size === 0 && this.reactors.positions.length === 0)) return Promise.resolve();
    this.ticking = (async () => {
      const head = await this.store.headPosition();
      if (!head) return;
      // The head was announced with its types: that woke the workers of those types, and the others
      // are behind by events they do not consume (decision 0078). An append nobody announced that
      // committed below it (an append inside a caller's transaction, SQL by hand) is found by the
      // workers' idle reads (idleMs) instead of this watcher.
      if (this.announcedThrough && comparePositions(head, this.announcedThrough) <= 0) return;
      for (const w of this.workers.values()) {
        if (!w.position || comparePositions(w.position, head) < 0) w.wake(head, false);
      }
      for (const { worker, position } of this.reactors.positions) {
        if (!position || comparePositions(position, head) < 0) worker.wake(head, false);
      }
    })().catch((err: Error) => this.o.onError(err, 'reading the head of the log')).finally(() => { this.ticking = null; });
    return this.ticking;
  }

  /** Serialised: the interval may fire again while a slow reconcile is still running. */
  private reconcile(): Promise<void> {
    if (!this.started) return Promise.resolve();
    this.reconciling ??= this.reconcileOnce().finally(() => { this.reconciling = null; });
    return this.reconciling;
  }

  private async reconcileOnce(): Promise<void> {
    const builds = await listBuilds(this.pool, { names: this.projections.map((p) => p.name), includeRetired: true });
    const failures: string[] = [];
    for (const p of this.projections) {
      try {
        const plan = planBuilds(p, builds);
        // The locked path only when something must be created or retired; usually nothing must.
        const run = plan.create || plan.abandon ? await ensureBuilds(this.pool, p) : plan.run;
        for (const build of run) this.addWorker(p, build);
      } catch (err) {
        // Busy locks (a switch, a long reader): the next reconcile tries again; nothing is wrong.
        if (err instanceof LocksBusyError) continue;
        // One projection with broken DDL must not keep the others from being set up.
        failures.push(`${p.name}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    for (const [schema, w] of this.workers) if (w.status === 'retired') this.workers.delete(schema);
    await dropRetiredSchemas(this.pool);
    if (!this.policiesCurrent) this.policiesCurrent = (await refreshTenantPolicies(this.pool)).length === 0;
    if (failures.length > 0) throw new Error(`could not set up projection builds: ${failures.join('; ')}`);
  }

  private addWorker(p: Projection, build: Build): void {
    if (!this.started || this.workers.has(build.schema)) return;
    const worker = new BuildWorker({
      pool: this.pool, store: this.store, projection: p, leases: this.leases,
      batchSize: this.o.batchSize, buildBatchSize: this.o.buildBatchSize, maxBatchMs: this.o.maxBatchMs, idleMs: this.o.pollIntervalMs * 20, standbyMs: this.o.reconcileIntervalMs,
      coalesceMs: this.o.coalesceMs,
      maxBackoffMs: this.o.maxBackoffMs,
      onProgress: (w) => this.emit(w),
      onSwitched: (w) => {
        this.emit(w);
        dropRetiredSchemas(this.pool).catch((err: Error) => this.o.onError(err, `dropping schemas retired by ${w.schema}`));
      },
      onError: (err, w) => this.o.onError(err, w.schema),
    }, build);
    this.workers.set(build.schema, worker);
    worker.start();
  }

  private emit(w: BuildWorker): void {
    const progress: BuildProgress = {
      schema: w.schema, name: w.name, version: w.version, generation: w.generation,
      status: w.status, position: w.position, eventsProcessed: w.eventsProcessed,
    };
    for (const l of [...this.listeners]) l(progress);
    this.progress.progressed();
    // Waiters elsewhere wait for serving builds only; the NOTIFY goes after the commit, coalesced.
    if (w.status === 'serving' && w.leading && w.position) this.progress.announce(w.position, w.schema);
  }
}
