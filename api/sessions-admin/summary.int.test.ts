/**
 * The admin session summary against the real platform (decision 0060): filters, sorts and both
 * kinds of paging, statuses from the clock, participants by name, the count, one session by id and
 * the search options; another ecosystem's admin, a student and no one signed in see nothing; bad
 * input is refused with its field; a page of N sessions costs as many statements as a page of one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { codeOf, fieldsOf } from '../tenants/testing';
import { addPerson, buildWorld, type World } from '../people/testing';
import { toGlobalId } from '../relay';
import { insertSessions } from './testing';

let api: TestApi;
let w: World;
let tutorId: string;
let ids: Record<string, string>;
let otherId: string;

const SUMMARY = `query($eco: ID, $filters: AdminSessionFilters, $pageNumber: Int, $pageSize: Int, $after: String) {
  getEcosystemAdminPaginatedSessionSummary(ecosystemId: $eco, filters: $filters, pageNumber: $pageNumber, pageSize: $pageSize, after: $after) {
    hasMore pageNumber endCursor totalCount
    sessions { id rawId subject status programId programName sessionType numLeaders numLearners customProperties { key value }
      participants { userId name isLeader userType } } } }`;

type Row = { rawId: string; subject: string; status: string; programName: string | null; participants: Array<{ name: string; isLeader: boolean }> };
type Page = { hasMore: boolean; pageNumber: number; endCursor: string | null; totalCount: number; sessions: Row[] };

async function summary(variables: Record<string, unknown>, token = w.tokens.admin1): Promise<Page> {
  const res = await api.graphql<{ getEcosystemAdminPaginatedSessionSummary: Page }>(SUMMARY, { eco: w.e1, ...variables }, { token });
  expect(res.errors).toBeUndefined();
  return res.data!.getEcosystemAdminPaginatedSessionSummary;
}
const subjects = (page: Page) => page.sessions.map((s) => s.subject);
const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR);

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  tutorId = (await addPerson(api, 'tina.tutor@example.com', [{ ecosystemId: w.e1, role: 'LEADER', programId: w.p1 }])).userId;
  const pair = [{ userId: tutorId, isLeader: true }, { userId: w.ids.student, isLeader: false }];
  const [algebra, biology, chemistry, algebra2, drawing, economics] = await insertSessions(api, [
    { ecosystemId: w.e1, programId: w.p1, subject: 'Algebra', startAt: at(48), people: pair, customProperties: [{ key: 'room', value: '12' }] },
    { ecosystemId: w.e1, programId: w.p2, subject: 'Biology', startAt: at(72), sessionType: 'GROUP', people: [{ userId: w.ids.student, isLeader: false }] },
    { ecosystemId: w.e1, programId: w.p1, subject: 'Chemistry', startAt: at(-72), people: [{ userId: tutorId, isLeader: true }] },
    { ecosystemId: w.e1, programId: w.p1, subject: 'algebra II', startAt: at(-2) },
    { ecosystemId: w.e1, programId: w.p2, subject: 'Drawing', startAt: at(24), cancelled: true },
    { ecosystemId: w.e1, programId: w.p1, subject: 'Economics', startAt: at(120), pending: true },
  ]);
  ids = { algebra, biology, chemistry, algebra2, drawing, economics };
  [otherId] = await insertSessions(api, [{ ecosystemId: w.e2, programId: crypto.randomUUID(), subject: 'Secret Geography', startAt: at(30) }]);
}, 60_000);
afterAll(async () => { await api.stop(); });

describe('getEcosystemAdminPaginatedSessionSummary', () => {
  it('lists the ecosystem\'s sessions, latest start first, with statuses from the clock, programs and named participants', async () => {
    const page = await summary({});
    expect(subjects(page)).toEqual(['Economics', 'Biology', 'Algebra', 'Drawing', 'algebra II', 'Chemistry']);
    expect(Object.fromEntries(page.sessions.map((s) => [s.subject, s.status]))).toEqual({
      Economics: 'PENDING', Biology: 'UPCOMING', Algebra: 'UPCOMING', Drawing: 'CANCELLED', 'algebra II': 'RECENTLY_COMPLETED', Chemistry: 'COMPLETED',
    });
    const algebra = page.sessions.find((s) => s.subject === 'Algebra')!;
    expect(algebra).toMatchObject({ id: toGlobalId('Session', ids.algebra), numLeaders: 1, numLearners: 1, customProperties: [{ key: 'room', value: '12' }] });
    expect(algebra.participants).toEqual([
      { userId: toGlobalId('User', tutorId), name: 'Tina Tutor', isLeader: true, userType: 'TUTOR' },
      { userId: toGlobalId('User', w.ids.student), name: 'Sam Student', isLeader: false, userType: 'STUDENT' },
    ]);
    expect(algebra.programName).toBeTruthy();
    expect(page).toMatchObject({ hasMore: false, pageNumber: 1, totalCount: 6 });
  });

  it('filters by date range, program, status, type and a term in the subject or a participant\'s name, and combines them', async () => {
    expect(subjects(await summary({ filters: { from: at(0).toISOString(), to: at(60).toISOString() } }))).toEqual(['Algebra', 'Drawing']);
    expect(subjects(await summary({ filters: { programIds: [toGlobalId('Program', w.p2)] } }))).toEqual(['Biology', 'Drawing']);
    expect(subjects(await summary({ filters: { statuses: ['COMPLETED', 'RECENTLY_COMPLETED'] } }))).toEqual(['algebra II', 'Chemistry']);
    expect(subjects(await summary({ filters: { statuses: ['CANCELLED'] } }))).toEqual(['Drawing']);
    expect(subjects(await summary({ filters: { statuses: ['ERROR'] } }))).toEqual([]);
    expect(subjects(await summary({ filters: { sessionTypes: ['GROUP'] } }))).toEqual(['Biology']);
    expect(subjects(await summary({ filters: { searchTerm: 'ALGEBRA' } }))).toEqual(['Algebra', 'algebra II']);
    expect(subjects(await summary({ filters: { searchTerm: 'tina' } }))).toEqual(['Algebra', 'Chemistry']);
    expect(subjects(await summary({ filters: { searchTerm: 'sam stu', statuses: ['UPCOMING'], programIds: [w.p1] } }))).toEqual(['Algebra']);
    expect(subjects(await summary({ filters: { searchTerm: '100%_' } }))).toEqual([]);
    expect((await summary({ filters: { searchTerm: 'tina' } })).totalCount).toBe(2);
  });

  it('filters each status to exactly the sessions whose status field says it', async () => {
    const all = (await summary({ pageSize: 100 })).sessions;
    for (const status of ['UPCOMING', 'PENDING', 'RECENTLY_COMPLETED', 'COMPLETED', 'CANCELLED', 'ERROR']) {
      const filtered = (await summary({ filters: { statuses: [status] }, pageSize: 100 })).sessions;
      expect(filtered.map((x) => x.rawId).sort(), status).toEqual(all.filter((x) => x.status === status).map((x) => x.rawId).sort());
    }
  });

  it('pages by number and by cursor alike, in each sort order', async () => {
    for (const sort of ['START_ASC', 'START_DESC', 'SUBJECT', 'PROGRAM']) {
      const all = await summary({ filters: { sort }, pageSize: 100 });
      expect(all.sessions).toHaveLength(6);
      const byNumber: string[] = [];
      const byCursor: string[] = [];
      let after: string | null = null;
      for (let n = 1; n <= 3; n++) {
        const numbered = await summary({ filters: { sort }, pageSize: 2, pageNumber: n });
        const cursored: Page = await summary({ filters: { sort }, pageSize: 2, after });
        expect(numbered.hasMore).toBe(n < 3);
        expect(cursored.hasMore).toBe(n < 3);
        byNumber.push(...subjects(numbered));
        byCursor.push(...subjects(cursored));
        after = cursored.endCursor;
      }
      expect(byNumber).toEqual(subjects(all));
      expect(byCursor).toEqual(subjects(all));
    }
    expect(subjects(await summary({ filters: { sort: 'START_ASC' } }))).toEqual(['Chemistry', 'algebra II', 'Drawing', 'Algebra', 'Biology', 'Economics']);
    // Subjects compare as written (code points), so the index orders them and a cursor compares exactly as it does.
    expect(subjects(await summary({ filters: { sort: 'SUBJECT' } }))).toEqual(['Algebra', 'Biology', 'Chemistry', 'Drawing', 'Economics', 'algebra II']);
    const byProgram = (await summary({ filters: { sort: 'PROGRAM' } })).sessions.map((s) => s.programName!.toLowerCase());
    expect(byProgram).toEqual([...byProgram].sort());
  });

  it('refuses bad input with the field at fault', async () => {
    const bad = async (variables: Record<string, unknown>) => {
      const res = await api.graphql(SUMMARY, { eco: w.e1, ...variables }, { token: w.tokens.admin1 });
      expect(codeOf(res), JSON.stringify(res.errors)).toBe('BAD_USER_INPUT');
      return Object.keys(fieldsOf(res));
    };
    expect(await bad({ filters: { searchTerm: 'x'.repeat(101) } })).toEqual(['filters.searchTerm']);
    expect(await bad({ filters: { searchTerm: 'a\nb' } })).toEqual(['filters.searchTerm']);
    expect(await bad({ filters: { from: at(5).toISOString(), to: at(1).toISOString() } })).toEqual(['filters.to']);
    expect(await bad({ filters: { programIds: ['not-an-id'] } })).toEqual(['filters.programIds.0']);
    expect(await bad({ pageNumber: 0 })).toEqual(['pageNumber']);
    expect(await bad({ pageNumber: 600 })).toEqual(['pageNumber']);
    expect(await bad({ after: 'garbage' })).toEqual(['after']);
    const startCursor = (await summary({ pageSize: 1 })).endCursor;
    expect(await bad({ after: startCursor, filters: { sort: 'PROGRAM' } })).toEqual(['after']);
  });

  it('answers nothing of the ecosystem to another ecosystem\'s admin, a student, a program admin or no one', async () => {
    for (const token of [w.tokens.admin2, w.tokens.student, w.tokens.programAdmin, w.tokens.parent]) {
      const res = await api.graphql(SUMMARY, { eco: w.e1 }, { token });
      expect(codeOf(res)).toBe('FORBIDDEN');
      expect(JSON.stringify(res)).not.toContain('Algebra');
    }
    expect(codeOf(await api.graphql(SUMMARY, { eco: w.e1 }, { token: null }))).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
    const own = await summary({ eco: w.e2 }, w.tokens.admin2);
    expect(subjects(own)).toEqual(['Secret Geography']);
    expect(subjects(await summary({ filters: { searchTerm: 'Secret' } }))).toEqual([]);
    const platform = await summary({}, w.tokens.platformAdmin);
    expect(platform.totalCount).toBe(6);
  });

  it('costs as many statements for a page of 6 as for a page of 1', async () => {
    const pool = api.platform.pools.api;
    const cost = async (pageSize: number, filters: Record<string, unknown> = {}, rows = pageSize) => {
      await api.readsEnded();
      const before = pool.queries;
      const page = await summary({ pageSize, filters });
      await api.readsEnded();
      expect(page.sessions).toHaveLength(rows);
      return pool.queries - before;
    };
    const one = await cost(1);
    expect(await cost(6)).toBe(one);
    const every = { sort: 'PROGRAM', statuses: ['UPCOMING', 'PENDING', 'RECENTLY_COMPLETED', 'COMPLETED', 'CANCELLED'], searchTerm: 'e' };
    expect(await cost(10, every, 5)).toBe(await cost(1, every));
  });
});

describe('getEcosystemAdminSessionSummaryById', () => {
  const BY_ID = 'query($id: ID!) { getEcosystemAdminSessionSummaryById(sessionId: $id) { subject status participants { name } } }';
  it('answers one session to the admins of its ecosystem, null to anyone else', async () => {
    const mine = await api.graphql<{ getEcosystemAdminSessionSummaryById: Row | null }>(BY_ID, { id: toGlobalId('Session', ids.algebra) }, { token: w.tokens.admin1 });
    expect(mine.data?.getEcosystemAdminSessionSummaryById).toEqual({ subject: 'Algebra', status: 'UPCOMING', participants: [{ name: 'Tina Tutor' }, { name: 'Sam Student' }] });
    for (const token of [w.tokens.admin2, w.tokens.student, w.tokens.programAdmin]) {
      const res = await api.graphql(BY_ID, { id: ids.algebra }, { token });
      expect(res.data?.getEcosystemAdminSessionSummaryById ?? null).toBeNull();
    }
    const other = await api.graphql(BY_ID, { id: otherId }, { token: w.tokens.admin1 });
    expect(other.data?.getEcosystemAdminSessionSummaryById).toBeNull();
    expect((await api.graphql(BY_ID, { id: 'nope' }, { token: w.tokens.admin1 })).data?.getEcosystemAdminSessionSummaryById).toBeNull();
  });
});

describe('getEcosystemAdminSessionsSearchAutocompleteOptions', () => {
  const OPTIONS = `query($eco: ID, $t: String!, $s: SessionStatus) {
    getEcosystemAdminSessionsSearchAutocompleteOptions(ecosystemId: $eco, searchTerm: $t, sessionStatus: $s) { subjects people { userId name } } }`;
  type Options = { subjects: string[]; people: Array<{ userId: string; name: string }> };
  const options = async (t: string, s: string | null = null, token = w.tokens.admin1, eco = w.e1) => {
    const res = await api.graphql<{ getEcosystemAdminSessionsSearchAutocompleteOptions: Options }>(OPTIONS, { eco, t, s }, { token });
    return res;
  };
  it('offers subjects and people of the ecosystem\'s sessions that contain the term', async () => {
    const alg = (await options('alg')).data!.getEcosystemAdminSessionsSearchAutocompleteOptions;
    expect(alg.subjects.sort()).toEqual(['Algebra', 'algebra II']);
    expect((await options('t')).data!.getEcosystemAdminSessionsSearchAutocompleteOptions.people.map((p) => p.name)).toEqual(['Sam Student', 'Tina Tutor']);
    expect((await options('t', 'COMPLETED')).data!.getEcosystemAdminSessionsSearchAutocompleteOptions.people).toEqual([
      { userId: toGlobalId('User', tutorId), name: 'Tina Tutor' },
    ]);
    expect((await options('sam', 'CANCELLED')).data!.getEcosystemAdminSessionsSearchAutocompleteOptions.people).toEqual([]);
    expect((await options('sam', 'PENDING')).data!.getEcosystemAdminSessionsSearchAutocompleteOptions.people).toEqual([]);
    expect((await options('geo')).data!.getEcosystemAdminSessionsSearchAutocompleteOptions.subjects).toEqual([]);
  });
  it('is refused to anyone but the ecosystem\'s admins', async () => {
    for (const token of [w.tokens.admin2, w.tokens.student, w.tokens.parent]) expect(codeOf(await options('a', null, token))).toBe('FORBIDDEN');
    expect(codeOf(await options('x'.repeat(101)))).toBe('BAD_USER_INPUT');
  });
});
