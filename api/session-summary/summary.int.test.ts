/**
 * getCompletedSessionSummaryV3 over HTTP on the real PostgreSQL (docs/decisions/0063): held, missed and
 * cancelled sessions counted per month as sessionCompletionStatus judges them (joins within the
 * ecosystem's grace minutes), who may read whose summary (the session lists' policy: a linked parent
 * and the ecosystem's admins, not another family nor another ecosystem), and bad arguments.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { insertSessions } from '../sessions-admin/testing';
import { addPerson, buildWorld, type World } from '../people/testing';
import { toGlobalId } from '../relay';
import { codeOf, fieldsOf } from '../tenants/testing';

let api: TestApi;
let w: World;
let tutor: { userId: string; token: string };
let otherParent: { userId: string; token: string };

const SUMMARY = `query($input: CompletedSessionSummaryInput) { getCompletedSessionSummaryV3(input: $input) {
  userId timeZoneId from to totals { held missed cancelled minutesHeld } months { month counts { held missed cancelled minutesHeld } } } }`;
type Counts = { held: number; missed: number; cancelled: number; minutesHeld: number };
type Answer = { getCompletedSessionSummaryV3: { userId: string; timeZoneId: string; from: string; to: string; totals: Counts; months: Array<{ month: string; counts: Counts }> } };

// Two months ago and last month (UTC: the people of the test world have no zone of their own).
const base = DateTime.utc().startOf('month').minus({ months: 2 });
const at = (months: number, day: number) => base.plus({ months, days: day - 1, hours: 15 }).toJSDate();
const range = { from: base.toISODate(), to: base.plus({ months: 2 }).minus({ days: 1 }).toISODate() };
const ZERO = { held: 0, missed: 0, cancelled: 0, minutesHeld: 0 };

const summary = (token: string, input: Record<string, unknown>) => api.graphql<Answer>(SUMMARY, { input }, { token });

async function joined(sessionId: string, userId: string, minutesAfterStart: number): Promise<void> {
  await api.platform.pools.owner.query(
    `UPDATE read.session_participants SET joined_time = start_at + make_interval(mins => $3) WHERE session_id = $1 AND user_id = $2`,
    [sessionId, userId, minutesAfterStart]);
}

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  tutor = await addPerson(api, 'tess.tutor@example.com', [{ ecosystemId: w.e1, role: 'LEADER', programId: w.p1 }]);
  otherParent = await addPerson(api, 'oona.parent@example.com', [{ ecosystemId: w.e1, role: 'PARENT' }]);
  const link = await api.graphql('mutation($input: LinkFamilyMemberInput!) { linkFamilyMember(input: $input) { id } }',
    { input: { parentId: w.ids.parent, childId: w.ids.student, ecosystemId: w.e1, relationship: 'PARENT' } }, { token: w.tokens.admin1 });
  expect(link.errors).toBeUndefined();
  const pair = [{ userId: tutor.userId, isLeader: true }, { userId: w.ids.student, isLeader: false }];
  const s = (startAt: Date, extra: { minutes?: number; cancelled?: boolean } = {}) => ({ ecosystemId: w.e1, programId: w.p1, subject: 'Algebra', startAt, people: pair, ...extra });
  const [held, tutorOnly, late, , held90] = await insertSessions(api, [
    s(at(0, 3)), s(at(0, 10)), s(at(0, 17)), s(at(0, 24), { cancelled: true }), s(at(1, 5), { minutes: 90 }),
    // Upcoming and outside the range: never counted.
    s(DateTime.utc().plus({ days: 2 }).toJSDate()), s(base.minus({ months: 12 }).toJSDate()),
  ]);
  for (const id of [held, held90]) { await joined(id, tutor.userId, 0); await joined(id, w.ids.student, 5); }
  await joined(tutorOnly, tutor.userId, 0);
  // The ecosystem's default grace is 10 minutes: joining 30 minutes late is a no-show.
  await joined(late, tutor.userId, 0);
  await joined(late, w.ids.student, 30);
});

afterAll(async () => {
  await api?.stop();
});

const expected = {
  totals: { held: 2, missed: 2, cancelled: 1, minutesHeld: 150 },
  months: [
    { month: base.toFormat('yyyy-MM'), counts: { held: 1, missed: 2, cancelled: 1, minutesHeld: 60 } },
    { month: base.plus({ months: 1 }).toFormat('yyyy-MM'), counts: { held: 1, missed: 0, cancelled: 0, minutesHeld: 90 } },
  ],
};

describe('a person\'s completed sessions', () => {
  it('counts held, missed and cancelled sessions per month for the person themselves', async () => {
    const res = await summary(w.tokens.student, range);
    expect(res.errors).toBeUndefined();
    expect(res.data!.getCompletedSessionSummaryV3).toEqual({ userId: toGlobalId('User', w.ids.student), timeZoneId: 'UTC', ...range, ...expected });
  });

  it('counts the same for the tutor, a linked parent and the ecosystem\'s admin', async () => {
    const tutorView = await summary(tutor.token, range);
    expect(tutorView.data!.getCompletedSessionSummaryV3.totals).toEqual(expected.totals);
    for (const token of [w.tokens.parent, w.tokens.admin1]) {
      const res = await summary(token, { ...range, userId: toGlobalId('User', w.ids.student) });
      expect(res.errors).toBeUndefined();
      expect(res.data!.getCompletedSessionSummaryV3).toMatchObject(expected);
    }
  });

  it('shows another family and another ecosystem\'s admin nothing', async () => {
    for (const token of [otherParent.token, w.tokens.admin2]) {
      const res = await summary(token, { ...range, userId: toGlobalId('User', w.ids.student) });
      expect(res.errors).toBeUndefined();
      expect(res.data!.getCompletedSessionSummaryV3.totals).toEqual(ZERO);
      expect(res.data!.getCompletedSessionSummaryV3.months.every((m) => m.counts.held + m.counts.missed + m.counts.cancelled === 0)).toBe(true);
    }
  });

  it('defaults to the twelve months up to today, each month listed', async () => {
    const res = await summary(w.tokens.student, {});
    const s = res.data!.getCompletedSessionSummaryV3;
    expect(s.months).toHaveLength(12);
    expect(s.months.at(-1)!.month).toBe(DateTime.utc().toFormat('yyyy-MM'));
    expect(s.totals).toEqual(expected.totals);
  });

  it('refuses a backwards or too long range and a bad id on their fields', async () => {
    const backwards = await summary(w.tokens.student, { from: range.to, to: range.from });
    expect(codeOf(backwards)).toBe('BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(backwards))).toEqual(['input.to']);
    const long = await summary(w.tokens.student, { from: '2020-01-01', to: '2026-01-01' });
    expect(fieldsOf(long)['input.to']).toMatch(/36 months/);
    const badId = await summary(w.tokens.student, { userId: 'not-an-id' });
    expect(codeOf(badId)).toBe('BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(badId))).toEqual(['input.userId']);
    const badDate = await summary(w.tokens.student, { from: '2026-02-31' });
    expect(codeOf(badDate)).toBe('BAD_USER_INPUT');
  });

  it('answers in Spanish for a Spanish reader', async () => {
    const res = await api.graphql<Answer>(SUMMARY, { input: { from: range.to, to: range.from } }, { token: w.tokens.student, headers: { 'accept-language': 'es' } });
    expect(fieldsOf(res)['input.to']).toBe('El último día no puede ser anterior al primero.');
  });
});
