/**
 * Scoped edits, cancels, deletes, restores, drops and seat reservations in any order, with the clock moving on, against
 * a brute-force model: a plain list of occurrence records that each operation changes directly
 * (decision 0055: multi-occurrence scopes skip ended occurrences; an edit of many wins over SINGLE
 * edits for the fields it gives; "this and following" not from the first starts a new series).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors';
import type { SessionEvent } from './events';
import { ana, ben, booked, booking, cleo, handlers, NOW, occurrences, run, seriesId, tutor } from './fixtures.testing';
import type { EditScope } from './model';
import { wallTimeToInstant } from './recurrence';

interface Row {
  seg: number; originalDate: string; startTime: string; subject: string;
  cancelled: boolean; reason: string | null; deleted: boolean; people: string[];
}

type Op =
  | { kind: 'edit'; k: number; scope: EditScope; startTime?: string; subject?: string }
  | { kind: 'cancel' | 'delete' | 'restore'; k: number; scope: EditScope }
  | { kind: 'drop' | 'reserve'; k: number; scope: EditScope; who: number }
  | { kind: 'wait'; hours: number };

const ZONE = 'America/New_York';
const HOUR = 3_600_000;
const PEOPLE = [tutor.userId, ana.userId, ben.userId, cleo.userId];
const SEATS = 2;

const endAt = (r: Row): number => wallTimeToInstant(r.originalDate, r.startTime, ZONE) + HOUR;

class Model {
  rows: Row[];
  segments = 1;
  now = Date.parse(NOW);

  constructor(initial: Row[]) {
    this.rows = initial;
  }

  visible(): Row[] {
    return this.rows.filter((r) => !r.deleted).sort((a, b) => (a.originalDate < b.originalDate ? -1 : 1));
  }

  covered(c: Row, scope: EditScope): Row[] {
    if (scope === 'SINGLE') return [c];
    return this.visible().filter((r) => r.seg === c.seg && (scope === 'ALL' || r.originalDate >= c.originalDate) && endAt(r) > this.now);
  }

  /** Applies an operation; false when it must be refused (and nothing changes). */
  apply(op: Exclude<Op, { kind: 'wait' }>, c: Row): boolean {
    const covered = this.covered(c, op.scope);
    if (covered.length === 0) return false;
    switch (op.kind) {
      case 'cancel': return this.each(covered.filter((r) => !r.cancelled), (r) => Object.assign(r, { cancelled: true, reason: 'Because' }));
      case 'delete': return this.each(covered, (r) => Object.assign(r, { cancelled: true, deleted: true, reason: r.reason ?? 'Because' }));
      case 'restore': return this.each(covered.filter((r) => r.cancelled), (r) => Object.assign(r, { cancelled: false, reason: null }));
      case 'drop': return this.each(covered.filter((r) => r.people.includes(PEOPLE[op.who])), (r) => { r.people = r.people.filter((p) => p !== PEOPLE[op.who]); });
      case 'reserve': return this.reserve(PEOPLE[op.who], c, covered);
      case 'edit': return op.scope === 'SINGLE' ? this.editSingle(op, c) : this.editMany(op, c, covered);
    }
  }

  /** A learner's seat in each open covered occurrence they are not in; none at all if one is full. */
  private reserve(who: string, c: Row, covered: Row[]): boolean {
    if (c.cancelled || endAt(c) <= this.now) return false;
    const rows = covered.filter((r) => !r.cancelled && !r.people.includes(who));
    if (rows.length === 0 || rows.some((r) => r.people.filter((p) => p !== tutor.userId).length >= SEATS)) return false;
    return this.each(rows, (r) => { r.people = [...r.people, who]; });
  }

  private each(rows: Row[], change: (r: Row) => void): boolean {
    rows.forEach(change);
    return rows.length > 0;
  }

  private given(op: Extract<Op, { kind: 'edit' }>): Partial<Row> {
    return { ...(op.startTime ? { startTime: op.startTime } : {}), ...(op.subject ? { subject: op.subject } : {}) };
  }

  private editSingle(op: Extract<Op, { kind: 'edit' }>, c: Row): boolean {
    if (c.cancelled) return false;
    Object.assign(c, this.given(op));
    return true;
  }

  private editMany(op: Extract<Op, { kind: 'edit' }>, c: Row, covered: Row[]): boolean {
    const given = this.given(op);
    if (covered.every((r) => Object.entries(given).every(([k, v]) => r[k as keyof Row] === v))) return true;
    const from = covered[0].originalDate;
    const whole = !this.visible().some((r) => r.seg === c.seg && r.originalDate < from);
    const seg = !whole && op.scope === 'SINGLE_AND_FOLLOWING' ? this.segments++ : c.seg;
    for (const r of this.rows.filter((x) => x.seg === c.seg && (whole || x.originalDate >= from))) Object.assign(r, given, { seg });
    return true;
  }
}

const scope = fc.constantFrom<EditScope>('SINGLE', 'SINGLE_AND_FOLLOWING', 'ALL');
const k = fc.nat({ max: 9 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('edit' as const), k, scope,
    startTime: fc.option(fc.constantFrom('08:00', '16:00', '19:30'), { nil: undefined }),
    subject: fc.option(fc.constantFrom('Algebra', 'Geometry'), { nil: undefined }),
  }),
  fc.record({ kind: fc.constantFrom('cancel' as const, 'delete' as const, 'restore' as const), k, scope }),
  fc.record({ kind: fc.constantFrom('drop' as const, 'reserve' as const), k, scope, who: fc.nat({ max: 3 }) }),
  fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 96 }) }),
);

function rowsOf(events: SessionEvent[]) {
  return occurrences(events).sort((a, b) => (a.originalDate < b.originalDate ? -1 : 1));
}

function command(o: Exclude<Op, { kind: 'wait' }>, occurrenceId: string): [typeof handlers[keyof typeof handlers], Record<string, unknown>] {
  const base = { seriesId, occurrenceId, scope: o.scope };
  switch (o.kind) {
    case 'edit': return [handlers.editSession, { ...base, actorIsAdmin: true, changes: { startTime: o.startTime, ...(o.subject ? { details: { subject: o.subject } } : {}) } }];
    case 'cancel': return [handlers.cancelSession, { ...base, reason: 'Because' }];
    case 'delete': return [handlers.cancelSession, { ...base, reason: 'Because', deleted: true }];
    case 'restore': return [handlers.restoreSession, base];
    case 'drop': return [handlers.dropSession, { ...base, userId: PEOPLE[o.who] }];
    case 'reserve': return [handlers.reserveSessionSeat, { ...base, userId: PEOPLE[o.who] }];
  }
}

describe('scoped operations (property)', () => {
  it('give the occurrences a brute-force list of records gives', () => {
    fc.assert(fc.property(fc.array(op, { maxLength: 14 }), (ops) => {
      let events = booked({ participants: [tutor, ana, ben], details: { ...(booking().details as object), maxStudents: SEATS } });
      const model = new Model(rowsOf(events).map((o) => ({
        seg: 0, originalDate: o.originalDate, startTime: o.startTime, subject: o.details.subject, cancelled: false, reason: null, deleted: false,
        people: [tutor.userId, ana.userId, ben.userId],
      })));
      for (const o of ops) {
        if (o.kind === 'wait') {
          model.now += o.hours * HOUR;
          continue;
        }
        const visible = model.visible();
        if (visible.length === 0) return;
        const chosen = visible[o.k % visible.length];
        const real = rowsOf(events).find((x) => x.originalDate === chosen.originalDate);
        expect(real).toBeDefined();
        const [handler, input] = command(o, real?.id ?? '');
        let refused = false;
        try {
          events = run(events, handler as typeof handlers.editSession, input, { now: new Date(model.now).toISOString() });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          refused = true;
        }
        expect(refused).toBe(!model.apply(o, chosen));
        compare(rowsOf(events), model);
      }
    }), { numRuns: 300 });
  });
});

function compare(real: ReturnType<typeof rowsOf>, model: Model): void {
  const expected = model.visible();
  expect(real.map((o) => [o.originalDate, o.date, o.startTime, o.details.subject, o.cancelled, o.cancelReason, o.participants.map((p) => p.userId).sort()]))
    .toEqual(expected.map((r) => [r.originalDate, r.originalDate, r.startTime, r.subject, r.cancelled, r.reason, [...r.people].sort()]));
  // The same occurrences share a series (segment) in both.
  const pairs = new Map<number, string>();
  real.forEach((o, i) => {
    const seg = expected[i].seg;
    expect(pairs.get(seg) ?? o.segmentId).toBe(o.segmentId);
    pairs.set(seg, o.segmentId);
  });
  expect(new Set(pairs.values()).size).toBe(pairs.size);
}
