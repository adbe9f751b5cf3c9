/**
 * L3's mix of the web app's documents, 70% reads and 30% writes, chosen per request by a seeded
 * random so that two runs send the same sequence of kinds. Reads: the ecosystem admin's
 * ecosystems page, the programs page, the breadcrumbs page and the feature flags every page load
 * asks for. Writes: create, rename, archive and unarchive a program, each a user action with an
 * Idempotency-Key of its own. A program is never written by two requests at once (it is taken
 * from the pool until its answer comes), so every write is one a user could make, and the last
 * acknowledged write of each program is its state afterwards (checked by the soak).
 */
import { requestBody, webHeaders } from './load-client';
import { settle, type LoadRequest, type RequestSource, type Settled, type TokenSource } from './load-requests';
import { ProgramPool, type Ledger } from './load-programs';

export type MixOp = 'ecosystems' | 'programsPage' | 'breadcrumbs' | 'featureFlags' | 'create' | 'rename' | 'archive' | 'unarchive';

/** Weights in percent: reads 4 x 17.5 = 70, writes 10 + 10 + 5 + 5 = 30. */
export const MIX_WEIGHTS: ReadonlyArray<readonly [MixOp, number]> = [
  ['ecosystems', 17.5], ['programsPage', 17.5], ['breadcrumbs', 17.5], ['featureFlags', 17.5],
  ['create', 10], ['rename', 10], ['archive', 5], ['unarchive', 5],
];

export const WRITES: ReadonlySet<MixOp> = new Set(['create', 'rename', 'archive', 'unarchive']);

/** mulberry32: a small, fast, seeded generator (uniform in [0, 1)). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pickWeighted<T>(weights: ReadonlyArray<readonly [T, number]>, r: number): T {
  const total = weights.reduce((s, [, w]) => s + w, 0);
  let x = r * total;
  for (const [item, w] of weights) {
    if (x < w) return item;
    x -= w;
  }
  return weights[weights.length - 1][0];
}

const NO_FILTER = { actorUserIds: null, eventTypes: null, targetType: null, targetId: null, from: null, to: null };

export interface MixOptions {
  ecosystemId: string;
  token: TokenSource;
  pool: ProgramPool;
  seed: number;
  /** Records acknowledged writes (the soak checks them afterwards). */
  ledger?: Ledger;
  /** Names of created programs start with this, so runs on one database never collide. */
  prefix: string;
  /** The share of writes (0.3); reads and writes keep their weights among themselves. */
  writeShare?: number;
  /** Send only this kind (scripts/growth-cost.ts measures each kind alone); writeShare is then ignored. */
  only?: MixOp;
}

type Made = Omit<LoadRequest, 'headers'> & { mutation: boolean };

export class Mix implements RequestSource {
  private readonly random: () => number;
  private readonly weights: ReadonlyArray<readonly [MixOp, number]>;
  private n = 0;

  constructor(private readonly o: MixOptions) {
    this.random = seededRandom(o.seed);
    const share = o.writeShare ?? 0.3;
    const sum = (w: boolean) => MIX_WEIGHTS.filter(([op]) => WRITES.has(op) === w).reduce((s, [, x]) => s + x, 0);
    const reads = sum(false);
    const writes = sum(true);
    this.weights = o.only ? [[o.only, 1]]
      : MIX_WEIGHTS.map(([op, w]) => [op, WRITES.has(op) ? (w / writes) * share : (w / reads) * (1 - share)] as const);
  }

  next(): LoadRequest {
    const made = this.make(pickWeighted(this.weights, this.random()));
    return { ...made, headers: webHeaders(this.o.token(), made.mutation) };
  }

  private read(op: MixOp, operation: string, variables: Record<string, unknown>): Made {
    const body = requestBody(operation, variables);
    return { op, write: false, mutation: false, body, answer: (status, text) => settle(status, text) };
  }

  private make(op: MixOp): Made {
    const { ecosystemId } = this.o;
    switch (op) {
      case 'ecosystems': return this.read(op, 'EcosystemAdminPageEcosystemsQuery', { ecosystemIds: [ecosystemId] });
      case 'programsPage': return this.read(op, 'ProgramsPageQuery', { ecosystemId });
      case 'breadcrumbs': return this.read(op, 'BreadcrumbsPageQuery', { ecosystemId, filter: NO_FILTER });
      case 'featureFlags': return this.read(op, 'FeatureFlagsProviderQuery', {});
      case 'create': return this.create();
      case 'rename': case 'archive': case 'unarchive': return this.change(op) ?? this.create();
    }
  }

  private create(): Made {
    const name = `${this.o.prefix} ${++this.n}`;
    const body = requestBody('useCreateProgramMutation', { programInput: { ecosystemId: this.o.ecosystemId, name } });
    return {
      op: 'create', write: true, mutation: true, body,
      answer: (status, text) => {
        const s = settle(status, text);
        const created = s.data?.createProgram as { id?: string; name?: string } | undefined;
        if (s.outcome !== 'ok') return s;
        if (!created?.id || created.name !== name) return { outcome: 'graphql', code: 'WRONG_ANSWER' };
        this.o.pool.add({ id: created.id, name, archived: false });
        this.o.ledger?.acknowledge('create', { id: created.id, name, archived: false });
        return s;
      },
    };
  }

  /** A rename, archive or unarchive of a program no other request holds; null when none is free. */
  private change(op: 'rename' | 'archive' | 'unarchive'): Made | null {
    const program = this.o.pool.take(op === 'unarchive', this.random);
    if (!program) return null;
    const next = { ...program };
    let operation: string;
    let variables: Record<string, unknown>;
    if (op === 'rename') {
      next.name = `${this.o.prefix} ${++this.n} (renamed)`;
      [operation, variables] = ['useEditProgramMutation', { programId: program.id, programInput: { name: next.name } }];
    } else {
      next.archived = op === 'archive';
      [operation, variables] = [op === 'archive' ? 'useArchiveProgramMutation' : 'useUnArchiveProgramMutation', { programId: program.id }];
    }
    const field = { rename: 'editProgram', archive: 'archiveProgram', unarchive: 'unArchiveProgram' }[op];
    return {
      op, write: true, mutation: true, body: requestBody(operation, variables),
      answer: (status, text) => this.changed(settle(status, text), field, program, next),
      lost: () => this.o.pool.lose(program.id),
    };
  }

  private changed(s: Settled, field: string, before: { id: string }, next: { id: string; name: string; archived: boolean }): Settled {
    const payload = s.data?.[field] as { name?: string; archived?: boolean } | undefined;
    // Refused before anything ran: the program stays held for the resend with the same key (soak.ts).
    if (s.outcome === 'unauthenticated') return s;
    if (s.outcome !== 'ok') {
      this.o.pool.lose(before.id);
      return s;
    }
    if (payload?.archived !== next.archived || (payload?.name !== undefined && payload.name !== next.name)) {
      this.o.pool.lose(before.id);
      return { outcome: 'graphql', code: 'WRONG_ANSWER' };
    }
    this.o.pool.release(before.id, next);
    this.o.ledger?.acknowledge(field === 'editProgram' ? 'rename' : field === 'archiveProgram' ? 'archive' : 'unarchive', next);
    return s;
  }
}
