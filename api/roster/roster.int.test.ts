/**
 * The roster queries against the real platform (decision 0049): filters, sorts and both kinds of
 * paging; the searches and lists; a user of another ecosystem and a parent find nothing; a page of
 * N rows costs as many statements as a page of one.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { codeOf, fieldsOf } from '../tenants/testing';
import { addPerson, buildWorld, setRoleStatus, type World } from '../people/testing';
import { toGlobalId } from '../relay';

let api: TestApi;
let w: World;

const ROSTER = `query($eco: ID, $filters: UserRosterFilters, $first: Int, $after: String, $pageNum: Int) {
  getUserRoster(ecosystemId: $eco, selectedFilters: $filters, first: $first, after: $after, pageNum: $pageNum) {
    pageNum totalCount pageInfo { hasNextPage endCursor } edges { node { userId firstName lastName email status roles programIds user { id } } } } }`;

type Entry = { userId: string; firstName: string; lastName: string; email: string | null; status: string; roles: string[]; programIds: string[] };
type Page = { pageNum: number; totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: Array<{ node: Entry }> };

async function roster(variables: Record<string, unknown>, token = w.tokens.admin1): Promise<Page> {
  const res = await api.graphql<{ getUserRoster: Page }>(ROSTER, { eco: w.e1, ...variables }, { token });
  expect(res.errors).toBeUndefined();
  return res.data!.getUserRoster;
}
const names = (page: Page) => page.edges.map((e) => e.node.firstName);

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  const zed = await addPerson(api, 'zed.archived@example.com', [{ ecosystemId: w.e1, role: 'STUDENT' }]);
  await setRoleStatus(api, zed.userId, { ecosystemId: w.e1, role: 'STUDENT' }, 'ARCHIVED');
  await addPerson(api, 'lea.leader@example.com', [{ ecosystemId: w.e1, role: 'LEADER', programId: w.p1 }]);
  // People are added through the command bus, which waits for the users read model, not the roster's.
  await vi.waitFor(async () => expect(names(await roster({ filters: { statuses: ['ARCHIVED'], roles: ['TUTEE'] } }))).toEqual(['Zed']), { timeout: 10_000 });
  await vi.waitFor(async () => expect(names(await roster({ filters: { roles: ['LEADER'] } }))).toEqual(['Lea']), { timeout: 10_000 });
}, 60_000);
afterAll(async () => { await api.stop(); });

describe('getUserRoster', () => {
  it('lists everyone of the ecosystem in any status, by last name, with roles, programs and e-mail', async () => {
    const page = await roster({});
    expect(page.totalCount).toBe(page.edges.length);
    const lastNames = page.edges.map((e) => e.node.lastName.toLowerCase());
    expect(lastNames).toEqual([...lastNames].sort());
    const sam = page.edges.find((e) => e.node.firstName === 'Sam')!.node;
    expect(sam).toMatchObject({
      userId: toGlobalId('User', w.ids.student), email: 'sam.student@example.com', status: 'ACTIVATED',
      roles: ['PUPIL', 'STUDENT'], programIds: [toGlobalId('Program', w.p1)],
    });
    expect(page.edges.find((e) => e.node.firstName === 'Zed')!.node.status).toBe('ARCHIVED');
    expect(names(page)).not.toContain('Otto');
  });

  it('filters by role (TUTEE is students and pupils), status, program and text, and combines them', async () => {
    expect(names(await roster({ filters: { roles: ['TUTEE'] } })).sort()).toEqual(['Sam', 'Zed']);
    expect(names(await roster({ filters: { roles: ['LEADER'] } }))).toEqual(['Lea']);
    expect(names(await roster({ filters: { statuses: ['ARCHIVED'] } }))).toEqual(['Zed']);
    expect(names(await roster({ filters: { programIds: [toGlobalId('Program', w.p1)] } })).sort()).toEqual(['Lea', 'Pia', 'Sam']);
    expect(names(await roster({ filters: { searchTerm: 'PAT.PAR' } }))).toEqual(['Pat']);
    expect(names(await roster({ filters: { roles: ['TUTEE'], statuses: ['ACTIVATED'] } }))).toEqual(['Sam']);
    expect(names(await roster({ filters: { roles: ['STUDENT', 'LEADER'], searchTerm: 'example' } })).sort()).toEqual(['Lea', 'Sam', 'Zed']);
    expect((await roster({ filters: { searchTerm: '100%_' } })).edges).toEqual([]);
  });

  it('pages by cursor and by page number alike, in each sort order', async () => {
    for (const sort of ['NAME_ASC', 'NAME_DESC', 'JOINED_ASC', 'JOINED_DESC']) {
      const all = names(await roster({ filters: { sort }, first: 100 }));
      const first = await roster({ filters: { sort }, first: 2 });
      const second = await roster({ filters: { sort }, first: 2, after: first.pageInfo.endCursor });
      const byNumber = await roster({ filters: { sort }, first: 2, pageNum: 2 });
      expect([...names(first), ...names(second)], sort).toEqual(all.slice(0, 4));
      expect(names(byNumber), sort).toEqual(names(second));
      expect(byNumber.pageNum).toBe(2);
    }
    const joined = names(await roster({ filters: { sort: 'JOINED_DESC' }, first: 1 }));
    expect(joined).toEqual(['Lea']);
  });

  it('refuses bad paging and filters per field', async () => {
    for (const [variables, field] of [
      [{ pageNum: 0 }, 'pageNum'], [{ after: 'garbage' }, 'after'], [{ first: 500 }, 'first'],
      [{ filters: { programIds: ['nope'] } }, 'selectedFilters.programIds.0'], [{ filters: { searchTerm: 'x'.repeat(101) } }, 'selectedFilters.searchTerm'],
      [{ pageNum: 1000, first: 100 }, 'pageNum'],
    ] as const) {
      const res = await api.graphql(ROSTER, { eco: w.e1, ...variables }, { token: w.tokens.admin1 });
      expect(codeOf(res), JSON.stringify(variables)).toBe('BAD_USER_INPUT');
      expect(Object.keys(fieldsOf(res))).toEqual([field]);
    }
  });

  it('shows nothing to a user of another ecosystem, a parent, a learner or a program admin', async () => {
    for (const token of [w.tokens.admin2, w.tokens.parent, w.tokens.student, w.tokens.programAdmin]) {
      const res = await api.graphql(ROSTER, { eco: w.e1 }, { token });
      expect(codeOf(res)).toBe('FORBIDDEN');
      expect(res.data).toBeNull();
    }
    const own = await roster({ eco: w.e2 }, w.tokens.admin2);
    expect(names(own)).toEqual(['Otto']);
  });

  it('costs as many statements for 20 rows as for 1', async () => {
    for (let i = 0; i < 16; i += 1) await addPerson(api, `bulk${i}.person@example.com`, [{ ecosystemId: w.e1, role: 'STUDENT' }]);
    await expect.poll(async () => (await roster({ first: 100, filters: { roles: ['STUDENT'] } })).edges.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(17);
    const pool = api.platform.pools.api;
    // The least of two runs, so that a statement of the platform's own background work cannot count
    // (as tests/page-statements.int.test.ts measures).
    const cost = async (first: number) => {
      const runs: number[] = [];
      for (let i = 0; i < 2; i += 1) {
        const before = pool.queries;
        const page = await roster({ first, filters: { roles: ['STUDENT'] } });
        await api.readsEnded();
        expect(page.edges).toHaveLength(first);
        runs.push(pool.queries - before);
      }
      return Math.min(...runs);
    };
    const one = await cost(1);
    expect(await cost(5)).toBe(one);
    expect(await cost(17)).toBe(one);
  });
});

describe('searches and lists', () => {
  it('getHomeEcosystemAdminUserSearch finds people of the admin\'s own ecosystem only', async () => {
    const q = 'query($t: String!) { getHomeEcosystemAdminUserSearch(searchTerm: $t) { edges { node { firstName } } } }';
    const mine = await api.graphql<{ getHomeEcosystemAdminUserSearch: Page }>(q, { t: 'sam' }, { token: w.tokens.admin1 });
    expect(names(mine.data!.getHomeEcosystemAdminUserSearch)).toEqual(['Sam']);
    const theirs = await api.graphql<{ getHomeEcosystemAdminUserSearch: Page }>(q, { t: 'sam' }, { token: w.tokens.admin2 });
    expect(theirs.data!.getHomeEcosystemAdminUserSearch.edges).toEqual([]);
    expect(codeOf(await api.graphql(q, { t: 'sam' }, { token: w.tokens.parent }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await api.graphql(q, { t: 'sam' }, { token: w.tokens.parent, headers: { 'x-ecosystem-profile-id': w.e1 } }))).toBe('FORBIDDEN');
  });

  it('getAdminsForEcosystem lists the admins in force to members; another ecosystem is refused', async () => {
    const q = 'query($e: ID) { getAdminsForEcosystem(ecosystemId: $e) { id profile { firstName } } }';
    const res = await api.graphql<{ getAdminsForEcosystem: Array<{ id: string }> }>(q, { e: w.e1 }, { token: w.tokens.student });
    expect(res.errors).toBeUndefined();
    expect(res.data!.getAdminsForEcosystem).toHaveLength(1);
    expect(codeOf(await api.graphql(q, { e: w.e1 }, { token: w.tokens.admin2 }))).toBe('FORBIDDEN');
  });

  it('getTuteesForEcosystem lists students and pupils to tutors and program admins, without e-mails; parents are refused', async () => {
    const q = 'query($e: ID, $p: Int) { getTuteesForEcosystem(ecosystemId: $e, pageNumber: $p, first: 50) { pageNum edges { node { firstName email } } } }';
    const res = await api.graphql<{ getTuteesForEcosystem: Page }>(q, { e: w.e1, p: 1 }, { token: w.tokens.programAdmin });
    expect(res.errors).toBeUndefined();
    const page = res.data!.getTuteesForEcosystem;
    expect(names(page)).toContain('Sam');
    expect(names(page)).not.toContain('Pat');
    expect(page.edges.every((e) => e.node.email === null)).toBe(true);
    for (const token of [w.tokens.parent, w.tokens.admin2, w.tokens.student]) expect(codeOf(await api.graphql(q, { e: w.e1 }, { token }))).toBe('FORBIDDEN');
  });

  it('getTuteesForEcosystem shows a program lead only the tutees of their own programs, a teacher every tutee (decision 0053)', async () => {
    const q = 'query($e: ID) { getTuteesForEcosystem(ecosystemId: $e, first: 50) { edges { node { firstName } } } }';
    const tutees = async (token: string) => {
      const res = await api.graphql<{ getTuteesForEcosystem: Page }>(q, { e: w.e1 }, { token });
      expect(res.errors).toBeUndefined();
      return names(res.data!.getTuteesForEcosystem).sort();
    };
    const teacher = await addPerson(api, 'tia.teacher@example.com', [{ ecosystemId: w.e1, role: 'TEACHER' }]);
    const otherLead = await addPerson(api, 'lou.otherlead@example.com', [{ ecosystemId: w.e1, role: 'LEADER', programId: w.p2 }]);
    expect(await tutees(teacher.token)).toEqual(expect.arrayContaining(['Sam', 'Zed']));
    const lead = await tutees(w.tokens.programAdmin);
    expect(lead).toContain('Sam');
    expect(lead).not.toContain('Zed');
    expect(await tutees(otherLead.token)).toEqual([]);
  });
});

describe('CSV export', () => {
  const exportUrl = (params: Record<string, string>) => `${api.url}/exports/user-roster.csv?${new URLSearchParams(params).toString()}`;
  const get = (params: Record<string, string>, token?: string, language = 'en') =>
    fetch(exportUrl(params), { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': language } });

  it('streams the same filter as the page, in the reader\'s language, with formulas neutralised', async () => {
    const edit = await api.graphql('mutation($id: ID!) { editPrimaryInfo(userId: $id, input: { firstName: "=HYPERLINK(\\"http://x\\")" }) { id } }',
      { id: w.ids.student }, { token: w.tokens.admin1 });
    expect(edit.errors).toBeUndefined();
    // The roster projection follows the profile edit a moment later (the mutation waits for users only).
    await expect.poll(async () => names(await roster({ filters: { searchTerm: 'HYPERLINK' } })), { timeout: 10_000 }).toHaveLength(1);
    const res = await get({ ecosystemId: w.e1, filters: JSON.stringify({ roles: ['TUTEE'] }) }, w.tokens.admin1);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('First name,Last name,Preferred name,Email,Status,Roles,Program ids,Joined');
    const emails = lines.slice(1).map((l) => l.split(',')[3]);
    expect(emails).toEqual(expect.arrayContaining(['sam.student@example.com', 'zed.archived@example.com']));
    expect(emails.filter((e) => /pat\.|pia\.|lea\./.test(e))).toEqual([]);
    expect(lines.find((l) => l.includes('sam.student'))).toMatch(/^"'=HYPERLINK\(""http:\/\/x""\)"/);
    const es = await get({ ecosystemId: w.e1 }, w.tokens.admin1, 'es');
    expect((await es.text()).split('\r\n')[0]).toContain('Nombre,Apellido');
  });

  it('refuses another ecosystem\'s admin, a parent, no token and bad filters, with a clear message', async () => {
    expect((await get({ ecosystemId: w.e1 }, w.tokens.admin2)).status).toBe(403);
    expect((await get({ ecosystemId: w.e1 }, w.tokens.parent)).status).toBe(403);
    expect((await get({ ecosystemId: w.e1 })).status).toBe(401);
    const bad = await get({ ecosystemId: w.e1, filters: '{nope' }, w.tokens.admin1);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: 'BAD_USER_INPUT', error: 'The filters must be a JSON object of roster filters.' });
  });
});
