/**
 * The programs the mix writes to, and the writes the server acknowledged. A program is held by at
 * most one request at a time; when a write's outcome is unknown (an error, or no answer), the
 * program leaves the pool, as its state is then known only to the server.
 */
import type { ProgramState } from './load-seed';

export type WriteOp = 'create' | 'rename' | 'archive' | 'unarchive';

export class ProgramPool {
  private readonly free = { active: [] as string[], archived: [] as string[] };
  private readonly programs = new Map<string, ProgramState>();
  private readonly held = new Set<string>();
  private readonly lost = new Set<string>();

  constructor(programs: readonly ProgramState[]) {
    for (const p of programs) this.add(p);
  }

  get size(): number {
    return this.programs.size;
  }

  add(p: ProgramState): void {
    this.programs.set(p.id, { ...p });
    this.free[p.archived ? 'archived' : 'active'].push(p.id);
  }

  /** A random free program that is archived (or not), now held; null when there is none. */
  take(archived: boolean, random: () => number): ProgramState | null {
    const list = this.free[archived ? 'archived' : 'active'];
    if (list.length === 0) return null;
    const i = Math.floor(random() * list.length);
    const id = list[i];
    list[i] = list[list.length - 1];
    list.pop();
    this.held.add(id);
    return { ...this.programs.get(id)! };
  }

  /** The held program's write was acknowledged: it is free again, in its new state. */
  release(id: string, next: ProgramState): void {
    if (!this.held.delete(id)) throw new Error(`program ${id} was not held`);
    this.programs.set(id, { ...next });
    this.free[next.archived ? 'archived' : 'active'].push(id);
  }

  /** The held program's write has no known outcome: it is written no more. */
  lose(id: string): void {
    this.held.delete(id);
    this.lost.add(id);
  }

  /** Programs whose state the client cannot know: outcome unknown, or a write still unanswered. */
  unknown(): Set<string> {
    return new Set([...this.lost, ...this.held]);
  }
}

export interface LedgerCheck {
  /** Programs with an acknowledged write. */
  checked: number;
  /** Acknowledged programs the API does not list. */
  missing: string[];
  /** Programs whose name or archived flag differ from their last acknowledged write. */
  wrong: Array<{ id: string; expected: ProgramState; found: ProgramState }>;
  /** Acknowledged programs with a later write of unknown outcome: checked to exist only. */
  existenceOnly: number;
}

/** The writes the server acknowledged, and the state each program must have afterwards. */
export class Ledger {
  readonly counts: Record<WriteOp, number> = { create: 0, rename: 0, archive: 0, unarchive: 0 };
  private readonly expected = new Map<string, ProgramState>();

  acknowledge(op: WriteOp, state: ProgramState): void {
    this.counts[op] += 1;
    this.expected.set(state.id, { ...state });
  }

  get acknowledged(): number {
    return Object.values(this.counts).reduce((a, b) => a + b, 0);
  }

  check(found: readonly ProgramState[], unknown: ReadonlySet<string>): LedgerCheck {
    const byId = new Map(found.map((p) => [p.id, p]));
    const out: LedgerCheck = { checked: this.expected.size, missing: [], wrong: [], existenceOnly: 0 };
    for (const [id, expected] of this.expected) {
      const actual = byId.get(id);
      if (!actual) out.missing.push(id);
      else if (unknown.has(id)) out.existenceOnly += 1;
      else if (actual.name !== expected.name || actual.archived !== expected.archived) out.wrong.push({ id, expected, found: actual });
    }
    return out;
  }
}
