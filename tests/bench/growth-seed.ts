/**
 * Grows one ecosystem to tens of thousands of programs quickly, as the soak grows it in half an
 * hour: the same commands (create, rename, archive, unarchive a program) dispatched through the
 * command bus into the same event store the server appends to, by the same actor, so the server's
 * projections apply every event (tenants, audit) exactly as they apply the API's. Only HTTP,
 * GraphQL and the mutation's wait for its projection are skipped, which is what makes it fast.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { EcosystemDetails } from '../../domain/ecosystem/config';
import { archiveProgram, createProgram, editProgram, unarchiveProgram } from '../../domain/program/handlers';
import { programDefaultsFromEcosystem } from '../../domain/program/fromEcosystem';
import type { Actor, Position } from '../../domain/shared/events';
import { CommandBus } from '../../infra/commandbus';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { ProgramState } from './load-seed';

export interface GrowOptions {
  /** Owner URL of the server's database. */
  databaseUrl: string;
  ecosystemId: string;
  actor: Actor;
  /** Programs to add. */
  programs: number;
  /** Names start with this. */
  prefix: string;
  /** Programs written at once. */
  width?: number;
  log(line: string): void;
}

export interface Grown {
  programs: ProgramState[];
  events: number;
  /** Position of the last appended event: the projections have applied it once waitApplied returns. */
  last: Position | null;
}

/**
 * What each program goes through, about the soak's shares (create 1 : rename 1 : archive 0.5 :
 * unarchive 0.5): every program is created and renamed; half are archived and unarchived again;
 * a quarter end archived.
 */
function stepsOf(i: number): Array<'rename' | 'archive' | 'unarchive'> {
  const steps: Array<'rename' | 'archive' | 'unarchive'> = ['rename'];
  if (i % 2 === 0) steps.push('archive', 'unarchive');
  if (i % 4 === 1) steps.push('archive');
  return steps;
}

const later = (a: Position | null, b: Position | null): Position | null =>
  !a ? b : !b ? a : a.commit > b.commit || (a.commit === b.commit && a.prepare > b.prepare) ? a : b;

export async function growPrograms(o: GrowOptions): Promise<Grown> {
  const pool = new pg.Pool({ connectionString: o.databaseUrl, max: (o.width ?? 8) + 2 });
  const store = createPostgresEventStore(pool);
  const bus = new CommandBus(store);
  try {
    const eco = await pool.query<{ details: EcosystemDetails }>('SELECT details FROM read.ecosystems WHERE id = $1', [o.ecosystemId]);
    if (!eco.rows[0]) throw new Error(`no ecosystem ${o.ecosystemId} in read.ecosystems`);
    const defaults = programDefaultsFromEcosystem(eco.rows[0].details);
    const out: ProgramState[] = [];
    let events = 0;
    let last: Position | null = null;
    const dispatch = async (run: () => ReturnType<CommandBus['dispatch']>) => {
      const r = await run();
      events += r.events.length;
      last = later(last, r.position);
    };
    const ctx = () => ({ actor: o.actor, commandId: randomUUID() });
    let next = 0;
    const started = Date.now();
    await Promise.all(Array.from({ length: o.width ?? 8 }, async () => {
      while (next < o.programs) {
        const i = next++;
        const programId = randomUUID();
        let state: ProgramState = { id: programId, name: `${o.prefix} ${i + 1}`, archived: false };
        await dispatch(() => bus.dispatch(createProgram, { programId, ecosystemId: o.ecosystemId, details: { name: state.name }, defaults }, ctx()));
        for (const step of stepsOf(i)) {
          if (step === 'rename') {
            state = { ...state, name: `${state.name} (renamed)` };
            await dispatch(() => bus.dispatch(editProgram, { programId, changes: { name: state.name } }, ctx()));
          } else {
            state = { ...state, archived: step === 'archive' };
            await dispatch(() => bus.dispatch(step === 'archive' ? archiveProgram : unarchiveProgram, { programId }, ctx()));
          }
        }
        out.push(state);
        if (out.length % 5000 === 0) o.log(`   grown: ${out.length} programs, ${events} events (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      }
    }));
    return { programs: out, events, last };
  } finally {
    await store.close();
    await pool.end();
  }
}

/** Waits until the serving builds of the named projections have applied `position`. */
export async function waitApplied(databaseUrl: string, names: readonly string[], position: Position, timeoutMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const r = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM projections.checkpoints WHERE status = 'serving' AND name = ANY($1::text[])
           AND (commit, prepare) >= ($2::bigint, $3::bigint)`, [names, position.commit.toString(), position.prepare.toString()]);
      if (r.rows[0].n === names.length) return;
      if (Date.now() > deadline) throw new Error(`the projections ${names.join(', ')} did not apply the grown events within ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await client.end();
  }
}
