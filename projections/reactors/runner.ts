/**
 * The reactors one process runs, beside its projections (the ProjectionRunner holds a ReactorSet,
 * so `npm start` and every test harness that starts the runner run them too). `waitFor` is how a
 * mutation waits for a reactor: until it has acted on the mutation's event, answering the furthest
 * position its commands appended, which the mutation then waits for the read models to reach.
 */
import type { Pool } from 'pg';
import { comparePositions, type Position } from '../../domain/shared/events';
import type { CommandBus } from '../../infra/commandbus';
import type { EventStore } from '../../infra/eventstore/port';
import type { BuildLeases } from '../lease';
import type { ProgressWaits } from '../progress';
import { appliedThrough } from '../passed';
import { ensureReactor, listReactors } from './checkpoints';
import type { Reactor } from './types';
import { ReactorWorker } from './worker';

export interface ReactorOptions {
  bus: CommandBus;
  reactors: Reactor[];
  /** The clock commands decide by. Default: the system clock. */
  clock?: () => Date;
}

export interface ReactorTimes {
  batchSize: number;
  pollIntervalMs: number;
  coalesceMs: number;
  reconcileIntervalMs: number;
  maxBackoffMs: number;
  onError(error: Error, context: string): void;
}

const NAME = /^[a-z][a-z0-9_]*$/;

export class ReactorSet {
  private readonly workers = new Map<string, ReactorWorker>();
  private readonly reactors: Map<string, Reactor>;

  constructor(
    private readonly pool: Pool, private readonly store: EventStore, private readonly options: ReactorOptions | undefined,
    private readonly shared: { leases: BuildLeases; progress: ProgressWaits; times: ReactorTimes },
  ) {
    const list = options?.reactors ?? [];
    for (const r of list) if (!NAME.test(r.name)) throw new Error(`reactor name "${r.name}" must match ${NAME.source}`);
    this.reactors = new Map(list.map((r) => [r.name, r]));
    if (this.reactors.size !== list.length) throw new Error('two reactors share a name');
  }

  has(name: string): boolean {
    return this.reactors.has(name);
  }

  get names(): string[] {
    return [...this.reactors.keys()];
  }

  /** Creates missing checkpoints (at the head of the log) before returning, then runs every reactor. */
  async start(): Promise<void> {
    for (const name of this.reactors.keys()) await this.startOne(name);
  }

  async stop(): Promise<void> {
    const workers = [...this.workers.values()];
    this.workers.clear();
    await Promise.all(workers.map((w) => w.stop()));
  }

  /** Stops one reactor in this process (tests: a crash between a command and its reaction). */
  async pause(name: string): Promise<void> {
    const w = this.workers.get(name);
    this.workers.delete(name);
    await w?.stop();
    await this.shared.leases.release(`reactor:${name}`);
  }

  async resume(name: string): Promise<void> {
    await this.startOne(name);
  }

  /** `types`: the appended event types when known (decision 0078); a reactor handling none of them is not woken. */
  wake(position: Position | null, urgent: boolean, types: readonly string[] | null = null): void {
    for (const w of this.workers.values()) if (!types || w.consumes(types)) w.wake(position, urgent);
  }

  /** Positions of this process's workers, for the head watcher. */
  get positions(): Array<{ worker: ReactorWorker; position: Position | null }> {
    return [...this.workers.values()].map((w) => ({ worker: w, position: w.position }));
  }

  /**
   * Waits until every named reactor has acted on `position`, up to `deadline` (ms since the epoch).
   * Answers the furthest position their commands appended (null: none), or false on timeout.
   */
  async waitFor(position: Position, names: readonly string[], deadline: number): Promise<Position | null | false> {
    for (;;) {
      const progressed = this.shared.progress.next();
      try {
        const passed = await this.passed(position, names);
        if (passed !== false) return passed;
        const left = deadline - Date.now();
        if (left <= 0) return false;
        for (const name of names) this.workers.get(name)?.wake(position);
        await progressed.wait(Math.min(left, this.shared.times.pollIntervalMs));
      } finally {
        progressed.cancel();
      }
    }
  }

  private async passed(position: Position, names: readonly string[]): Promise<Position | null | false> {
    const states: Array<{ name: string; position: Position | null; effects: Position | null }> = [];
    const remote: string[] = [];
    for (const name of names) {
      const local = this.workers.get(name);
      if (local?.leading) states.push(local);
      else remote.push(name);
    }
    if (remote.length > 0) {
      await this.shared.progress.hearOthers();
      const rows = await listReactors(this.pool, remote);
      if (rows.length < remote.length) return false;
      states.push(...rows);
    }
    let effects: Position | null = null;
    for (const s of states) {
      if (!s.position || comparePositions(s.position, position) < 0) {
        // Behind only by events of types it does not handle: its leader was not woken for those (decision 0078).
        const reactor = this.reactors.get(s.name);
        if (!reactor || !await appliedThrough(this.store, Object.keys(reactor.handlers), s.position, position)) return false;
      }
      if (s.effects && (!effects || comparePositions(s.effects, effects) > 0)) effects = s.effects;
    }
    return effects;
  }

  private async startOne(name: string): Promise<void> {
    const reactor = this.reactors.get(name);
    if (!reactor || !this.options || this.workers.has(name)) return;
    const t = this.shared.times;
    const row = await ensureReactor(this.pool, name, await this.store.headPosition());
    const worker = new ReactorWorker({
      pool: this.pool, store: this.store, bus: this.options.bus, reactor, clock: this.options.clock ?? (() => new Date()),
      leases: this.shared.leases, batchSize: t.batchSize, idleMs: t.pollIntervalMs * 20, coalesceMs: t.coalesceMs,
      standbyMs: t.reconcileIntervalMs, maxBackoffMs: t.maxBackoffMs,
      onProgress: (w) => {
        this.shared.progress.progressed();
        if (w.leading && w.position) this.shared.progress.announce(w.position, w.leaseKey);
      },
      onError: (err, w) => t.onError(err, `reactor ${w.name}`),
    }, row);
    this.workers.set(name, worker);
    worker.start();
  }
}
