/**
 * The admin's actions on chosen sessions (decision 0060) against the real platform and real
 * bookings: cancel (a reason within 24 hours), restore, approve and decline pending ones; a repeat
 * changes nothing twice; bad, foreign and forbidden input is refused with the right code and writes
 * nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { buildWorld, refusedUnchanged, type World } from '../people/testing';
import { toGlobalId } from '../relay';
import { fieldsOf } from '../tenants/testing';
import { bookSession } from './testing';

let api: TestApi;
let w: World;
/** Occurrence ids of a weekly series far ahead, of one starting within the day, and of a pending one-off. */
let weekly: string[];
let soon: string;
let pending: string;
let foreign: string;

const PAYLOAD = '{ changedCount sessions { rawId status cancelReason } }';
const CANCEL = `mutation($e: ID, $ids: [ID!]!, $reason: String) { adminCancelOneOrManySession(ecosystemId: $e, sessionIds: $ids, reason: $reason) ${PAYLOAD} }`;
const RESTORE = `mutation($e: ID, $ids: [ID!]!) { adminRestoreOneOrManySessions(ecosystemId: $e, sessionIds: $ids) ${PAYLOAD} }`;
const PENDING = `mutation($e: ID, $ids: [ID!]!, $approve: Boolean!, $reason: String) {
  adminUpdateOneOrManyPendingSessions(ecosystemId: $e, sessionIds: $ids, approve: $approve, reason: $reason) ${PAYLOAD} }`;

type Payload = { changedCount: number; sessions: Array<{ rawId: string; status: string; cancelReason: string | null }> };

async function run(query: string, variables: Record<string, unknown>, token = w.tokens.admin1) {
  return api.graphql<Record<string, Payload>>(query, { e: w.e1, ...variables }, { token, headers: { 'idempotency-key': randomUUID() } });
}
async function ok(query: string, variables: Record<string, unknown>): Promise<Payload> {
  const res = await run(query, variables);
  expect(res.errors).toBeUndefined();
  return Object.values(res.data!)[0];
}

const book = (ecosystemId: string, programId: string, start: Date, options: { weeks?: number; pending?: boolean } = {}) =>
  bookSession(api, { ecosystemId, programId, start, learnerId: w.ids.student, ...options });

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  const hour = new Date();
  hour.setUTCMinutes(0, 0, 0);
  weekly = await book(w.e1, w.p1, new Date(hour.getTime() + 10 * 86_400_000), { weeks: 3 });
  [soon] = await book(w.e1, w.p1, new Date(hour.getTime() + 5 * 3_600_000));
  [pending] = await book(w.e1, w.p1, new Date(hour.getTime() + 5 * 86_400_000), { pending: true });
  const programs = await api.platform.pools.owner.query<{ id: string }>('SELECT id FROM read.programs WHERE ecosystem_id = $1 LIMIT 1', [w.e2]);
  [foreign] = await book(w.e2, programs.rows[0]?.id ?? w.p1, new Date(hour.getTime() + 3 * 86_400_000));
}, 90_000);
afterAll(async () => { await api.stop(); });

describe('adminCancelOneOrManySession and adminRestoreOneOrManySessions', () => {
  it('cancels the sessions named, one occurrence each, leaves the rest of the series, and restores them', async () => {
    const cancelled = await ok(CANCEL, { ids: [toGlobalId('Session', weekly[0]), weekly[2]] });
    expect(cancelled.changedCount).toBe(2);
    expect(cancelled.sessions.map((s) => [s.rawId, s.status])).toEqual([[weekly[0], 'CANCELLED'], [weekly[2], 'CANCELLED']]);
    const status = await api.platform.pools.owner.query<{ id: string; cancelled: boolean }>('SELECT id, cancelled FROM read.sessions WHERE id = ANY($1)', [weekly]);
    expect(Object.fromEntries(status.rows.map((r) => [r.id, r.cancelled]))).toEqual({ [weekly[0]]: true, [weekly[1]]: false, [weekly[2]]: true });
    // A repeat (a session already cancelled) changes nothing and writes nothing.
    const before = await api.eventCount();
    expect((await ok(CANCEL, { ids: [weekly[0]] })).changedCount).toBe(0);
    expect(await api.eventCount()).toBe(before);
    const restored = await ok(RESTORE, { ids: [weekly[0], weekly[1], weekly[2]] });
    expect(restored.changedCount).toBe(2);
    expect(restored.sessions.map((s) => s.status)).toEqual(['UPCOMING', 'UPCOMING', 'UPCOMING']);
  });

  it('asks for a reason when a session named starts within 24 hours, before cancelling any', async () => {
    const res = await refusedUnchanged(api, () => run(CANCEL, { ids: [weekly[1], soon] }), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(res))).toEqual(['reason']);
    const done = await ok(CANCEL, { ids: [weekly[1], soon], reason: 'Storm closure' });
    expect(done.sessions.map((s) => s.cancelReason)).toEqual(['Storm closure', 'Storm closure']);
    expect((await ok(RESTORE, { ids: [weekly[1], soon] })).changedCount).toBe(2);
  });

  it('refuses malformed, foreign and forbidden input and writes nothing', async () => {
    const field = async (variables: Record<string, unknown>) => Object.keys(fieldsOf(await refusedUnchanged(api, () => run(CANCEL, variables), 'BAD_USER_INPUT')));
    expect(await field({ ids: [] })).toEqual(['sessionIds']);
    expect(await field({ ids: ['nope'] })).toEqual(['sessionIds.0']);
    expect(await field({ ids: [weekly[0], weekly[0]] })).toEqual(['sessionIds.1']);
    expect(await field({ ids: [weekly[0], foreign], reason: 'x' })).toEqual(['sessionIds.1']);
    expect(await field({ ids: Array.from({ length: 101 }, () => randomUUID()) })).toEqual(['sessionIds']);
    expect(await field({ ids: [weekly[0]], reason: 'x'.repeat(2001) })).toEqual(['reason']);
    expect(await field({ ids: [randomUUID()], reason: 'a\nb' })).toEqual(['reason']);
    for (const token of [w.tokens.admin2, w.tokens.student, w.tokens.programAdmin, w.tokens.parent]) {
      await refusedUnchanged(api, () => run(CANCEL, { ids: [weekly[0]], reason: 'x' }, token), 'FORBIDDEN');
      await refusedUnchanged(api, () => run(RESTORE, { ids: [weekly[0]] }, token), 'FORBIDDEN');
      await refusedUnchanged(api, () => run(PENDING, { ids: [pending], approve: true }, token), 'FORBIDDEN');
    }
    // Another ecosystem's admin aiming at their own ecosystem with this one's sessions finds none of them.
    const res = await refusedUnchanged(api, () => run(CANCEL, { e: w.e2, ids: [weekly[0]], reason: 'x' }, w.tokens.admin2), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(res))).toEqual(['sessionIds.0']);
  });
});

describe('adminUpdateOneOrManyPendingSessions', () => {
  it('approves pending sessions; one already approved is left as it is', async () => {
    const approved = await ok(PENDING, { ids: [pending, weekly[0]], approve: true });
    expect(approved.changedCount).toBe(1);
    expect(approved.sessions.map((s) => s.status)).toEqual(['UPCOMING', 'UPCOMING']);
    expect((await ok(PENDING, { ids: [pending], approve: true })).changedCount).toBe(0);
  });

  it('declines a pending session by cancelling it', async () => {
    const [another] = await book(w.e1, w.p1, new Date(Date.now() + 6 * 86_400_000), { pending: true });
    const declined = await ok(PENDING, { ids: [another], approve: false });
    expect(declined).toEqual({ changedCount: 1, sessions: [{ rawId: another, status: 'CANCELLED', cancelReason: null }] });
  });
});
