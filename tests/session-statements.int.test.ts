/**
 * What the session lists cost the database (docs/decisions/0025, 0056): a page of 50 sessions, with
 * every field the Session type has (participants and their people, the program, the join link,
 * statuses and the viewer's rights), sends as many statements as a page of 5, in at most one read
 * transaction. The web app's own session pages are counted by tests/page-statements.int.test.ts
 * once they exist; these are the API's lists as any client may send them. Counted on the server:
 * the queries of the platform's app_api pool, and the transactions begun on its wire.
 */
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPerson, buildWorld, type World } from '../api/people/testing';
import { toGlobalId } from '../api/relay';
import { booking, person, writeBooking } from '../projections/sessions/testing';
import { startTestApi, type TestApi } from './setup/api';
import { watchWire, type WireCounts } from './setup/wire';

const SIZES = [5, 50] as const;
const HOUR = 3_600_000;

const SESSION = `id rawId seriesId recurringSessionId ecosystemId programId program { id name } subject status sessionCompletionStatus sessionType
  date startTime endTime timeZoneId startAt endAt durationMinutes meetingSolution isInPerson joinUrl physicalSessionOptions { locationName }
  isPaid tutoringAmount maxStudents numAttendees numLeaders numLearners fullness frequency recurringDays weeksRecurring weeksRepeat
  recurringStartDate recurringEndDate cancelReason forceBooked lastModified viewerCanEdit viewerCanCancel viewerIsParticipant
  participants { userId userType isLeader isPaired joinedTime leftTime user { id profile { firstName lastName } } }
  recording { url lessonspaceSessionId recordedAt } uploadedFiles { method fileNames }`;
const LIST = (field: string) => `query($input: SessionsFilterInput) { ${field}(input: $input) { hasMore sessions { ${SESSION} } } }`;

interface Group { tutor: { userId: string; token: string }; child: { userId: string; token: string }; parent: { userId: string; token: string } }

let api: TestApi;
let w: World;
const groups = new Map<number, Group>();
const wires: WireCounts[] = [];
const watched = new WeakMap<PoolClient, WireCounts>();

interface Case {
  name: string;
  document: string;
  who(g: Group): string;
  variables(g: Group, size: number): Record<string, unknown>;
  rows(data: Record<string, unknown>): number;
}

const listRows = (field: string) => (d: Record<string, unknown>) => (d[field] as { sessions: unknown[] }).sessions.length;

const CASES: Case[] = [
  { name: 'a tutor\'s own upcoming sessions', document: LIST('getSessionsForUser'), who: (g) => g.tutor.token, variables: () => ({ input: { pageSize: 50 } }), rows: listRows('getSessionsForUser') },
  {
    name: 'an admin reading a learner\'s sessions', document: LIST('getSessionsForUserV2'), who: () => w.tokens.admin1,
    variables: (g) => ({ input: { userId: toGlobalId('User', g.child.userId), pageSize: 50 } }), rows: listRows('getSessionsForUserV2'),
  },
  { name: 'a parent\'s children\'s sessions', document: LIST('getSessionsForParent'), who: (g) => g.parent.token, variables: () => ({ input: { pageSize: 50 } }), rows: listRows('getSessionsForParent') },
  {
    name: 'a learner\'s sessions by filter', document: LIST('getSessionsForUserByFilter'), who: (g) => g.child.token,
    variables: () => ({ input: { pageSize: 50, sessionTypes: ['GROUP'] } }), rows: listRows('getSessionsForUserByFilter'),
  },
  {
    name: 'drop-in sessions a tutor leads', document: `query { getUpcomingDropInSessions(isTutorContext: true) { ${SESSION} } }`, who: (g) => g.tutor.token,
    variables: () => ({}), rows: (d) => (d.getUpcomingDropInSessions as unknown[]).length,
  },
];

async function costOf(c: Case, size: number): Promise<{ statements: number; transactions: number; rows: number }> {
  const g = groups.get(size)!;
  const pool = api.platform.pools.api;
  const begins = () => wires.reduce((n, wire) => n + wire.simpleTexts.filter((t) => t.startsWith('BEGIN')).length, 0);
  const runs: Array<{ statements: number; transactions: number; rows: number }> = [];
  // The least of two runs, so that a background statement cannot count.
  for (let i = 0; i < 2; i += 1) {
    const before = { statements: pool.queries, transactions: begins() };
    const res = await api.graphql<Record<string, unknown>>(c.document, c.variables(g, size), { token: c.who(g) });
    if (res.errors || !res.data) throw new Error(JSON.stringify(res.errors));
    await api.readsEnded();
    runs.push({ statements: pool.queries - before.statements, transactions: begins() - before.transactions, rows: c.rows(res.data) });
  }
  return runs.reduce((a, b) => (b.statements < a.statements ? b : a));
}

beforeAll(async () => {
  api = await startTestApi();
  api.platform.pools.api.on('acquire', (client: PoolClient) => {
    if (!watched.has(client)) {
      const wire = watchWire(client);
      watched.set(client, wire);
      wires.push(wire);
    }
  });
  w = await buildWorld(api);
  for (const size of SIZES) {
    const tutor = await addPerson(api, `tutor.of${size}@example.com`, [{ ecosystemId: w.e1, role: 'LEADER', programId: w.p1 }]);
    const child = await addPerson(api, `child.of${size}@example.com`, [{ ecosystemId: w.e1, role: 'STUDENT' }, { ecosystemId: w.e1, role: 'PUPIL', programId: w.p1 }]);
    const parent = await addPerson(api, `parent.of${size}@example.com`, [{ ecosystemId: w.e1, role: 'PARENT' }]);
    const linked = await api.graphql('mutation($input: LinkFamilyMemberInput!) { linkFamilyMember(input: $input) { id } }',
      { input: { parentId: parent.userId, childId: child.userId, ecosystemId: w.e1, relationship: 'PARENT' } }, { token: w.tokens.admin1 });
    expect(linked.errors).toBeUndefined();
    groups.set(size, { tutor, child, parent });
    for (let i = 0; i < size; i += 1) {
      await writeBooking(api.db.ownerPool, booking({
        ecosystemId: w.e1, programId: w.p1, startAt: new Date(Date.now() + (i + 1) * HOUR),
        details: { sessionType: i % 2 === 0 ? 'GROUP' : 'DROP_IN', maxStudents: 3 },
        participants: [person(tutor.userId, 'TUTOR'), person(child.userId, 'STUDENT'), person(w.ids.student, 'STUDENT')],
      }));
    }
  }
}, 120_000);

afterAll(async () => {
  await api?.stop();
});

describe('session lists cost the same statements for 5 and 50 sessions', () => {
  it.each(CASES)('$name', async (c) => {
    const costs = [];
    for (const size of SIZES) costs.push(await costOf(c, size));
    expect(costs[0].rows).toBeGreaterThan(0);
    expect(costs[0].rows).toBeLessThan(costs[1].rows);
    expect(costs[1].statements).toBe(costs[0].statements);
    for (const cost of costs) expect(cost.transactions).toBeLessThanOrEqual(1);
  });
});
