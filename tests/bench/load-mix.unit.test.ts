import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { docId } from './web-requests';
import { Mix, MIX_WEIGHTS, pickWeighted, seededRandom, WRITES } from './load-mix';
import { Ledger, ProgramPool } from './load-programs';
import { settle, type LoadRequest } from './load-requests';
import type { ProgramState } from './load-seed';

describe('settle', () => {
  it('counts an answer with data and no errors as ok', () => {
    expect(settle(200, '{"data":{"x":1}}')).toEqual({ outcome: 'ok', data: { x: 1 } });
  });

  it('counts GraphQL errors answered with 200 as errors, with their code', () => {
    expect(settle(200, '{"errors":[{"message":"m","extensions":{"code":"CONFLICT"}}],"data":null}')).toEqual({ outcome: 'graphql', code: 'CONFLICT' });
    expect(settle(200, '{"data":null}')).toEqual({ outcome: 'graphql', code: 'NO_DATA' });
  });

  it('tells an expired token apart, and counts other failures as HTTP errors', () => {
    expect(settle(200, '{"errors":[{"message":"m","extensions":{"code":"UNAUTHENTICATED"}}]}').outcome).toBe('unauthenticated');
    expect(settle(429, '{"errors":[{"message":"m","extensions":{"code":"RATE_LIMITED"}}]}')).toEqual({ outcome: 'http', code: 'RATE_LIMITED' });
    expect(settle(502, '<html>bad gateway</html>')).toEqual({ outcome: 'http', code: 'HTTP 502' });
  });
});

describe('the mix', () => {
  it('is 70% reads and 30% writes', () => {
    const share = (w: boolean) => MIX_WEIGHTS.filter(([op]) => WRITES.has(op) === w).reduce((s, [, x]) => s + x, 0);
    expect([share(false), share(true)]).toEqual([70, 30]);
  });

  it('picks each kind in proportion to its weight', () => {
    const counts = new Map<string, number>();
    const n = 10_000;
    for (let i = 0; i < n; i++) {
      const op = pickWeighted(MIX_WEIGHTS, (i + 0.5) / n);
      counts.set(op, (counts.get(op) ?? 0) + 1);
    }
    for (const [op, w] of MIX_WEIGHTS) expect(counts.get(op)).toBeCloseTo((w / 100) * n, -1);
  });

  it('repeats its sequence for a seed', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    expect(Array.from({ length: 5 }, a)).toEqual(Array.from({ length: 5 }, b));
  });
});

/** A server that applies the mix's program writes in the order it answers them. */
function fakeServer(initial: ProgramState[]) {
  const programs = new Map(initial.map((p) => [p.id, { ...p }]));
  const ops = new Map(['useCreateProgramMutation', 'useEditProgramMutation', 'useArchiveProgramMutation', 'useUnArchiveProgramMutation'].map((o) => [docId(o), o]));
  let ids = 0;
  return {
    programs,
    answer(r: LoadRequest): string {
      const { doc_id: id, variables: v } = JSON.parse(r.body) as { doc_id: string; variables: Record<string, never> };
      const program = (pid: string) => programs.get(pid)!;
      switch (ops.get(id)) {
        case 'useCreateProgramMutation': {
          const p = { id: `new-${++ids}`, name: (v.programInput as { name: string }).name, archived: false };
          programs.set(p.id, p);
          return JSON.stringify({ data: { createProgram: p } });
        }
        case 'useEditProgramMutation': return JSON.stringify({ data: { editProgram: Object.assign(program(v.programId), { name: (v.programInput as { name: string }).name }) } });
        case 'useArchiveProgramMutation': return JSON.stringify({ data: { archiveProgram: Object.assign(program(v.programId), { archived: true }) } });
        case 'useUnArchiveProgramMutation': return JSON.stringify({ data: { unArchiveProgram: Object.assign(program(v.programId), { archived: false }) } });
        default: return JSON.stringify({ data: { read: true } });
      }
    },
  };
}

describe('programs written by the mix', () => {
  it('are never written by two requests at once, and the ledger matches the server whatever the order of answers', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.boolean(), fc.nat(), fc.constantFrom('ok', 'error', 'lost')), { minLength: 1, maxLength: 300 }), fc.nat(), (steps, seed) => {
      const initial = Array.from({ length: 5 }, (_, i) => ({ id: `p${i}`, name: `P ${i}`, archived: i % 2 === 0 }));
      const server = fakeServer(initial);
      const pool = new ProgramPool(initial);
      const ledger = new Ledger();
      const mix = new Mix({ ecosystemId: 'e1', token: () => 't', pool, ledger, seed, prefix: 'T' });
      const open: LoadRequest[] = [];
      for (const [send, pick, fate] of steps) {
        if (send || open.length === 0) {
          open.push(mix.next());
        } else {
          const [r] = open.splice(pick % open.length, 1);
          if (fate === 'lost') r.lost?.();
          else if (fate === 'error') r.answer(200, '{"errors":[{"message":"m","extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}');
          else r.answer(200, server.answer(r));
        }
        const targets = open.map((r) => (JSON.parse(r.body) as { variables: { programId?: string } }).variables.programId).filter(Boolean);
        expect(new Set(targets).size).toBe(targets.length);
      }
      const check = ledger.check([...server.programs.values()], pool.unknown());
      expect(check.missing).toEqual([]);
      expect(check.wrong).toEqual([]);
    }));
  });
});
