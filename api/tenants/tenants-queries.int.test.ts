/**
 * The tenant queries over HTTP: what each caller sees, pre-log-in reads, paging, and tenant
 * isolation (an ecosystem admin of one tenant never sees another tenant's ecosystem or programs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type GraphQLResponse, type TestApi } from '../../tests/setup/api';
import { ECOSYSTEM, PROGRAM, codeOf, type EcosystemData, type ProgramData } from './testing';

let api: TestApi;
let platformAdmin: string;
let ecosystemAdmin: string;
let home: EcosystemData;
let other: EcosystemData;
let otherPrograms: ProgramData[];

type Vars = Record<string, unknown>;
const as = (token: string | null, headers?: Record<string, string>) =>
  <T = Record<string, unknown>>(query: string, variables: Vars = {}): Promise<GraphQLResponse<T>> => api.graphql<T>(query, variables, { token, headers });

interface Connection<T> { edges: Array<{ node: T; cursor: string }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } }
const names = <T extends { name: string }>(c: Connection<T>) => c.edges.map((e) => e.node.name);

beforeAll(async () => {
  api = await startTestApi();
  platformAdmin = await api.loginAs('platformAdmin');
  ecosystemAdmin = await api.loginAs('ecosystemAdmin');
  const mine = await as(ecosystemAdmin)<{ getEcosystems: Connection<EcosystemData> }>(`{ getEcosystems { edges { node { ${ECOSYSTEM} } } } }`);
  home = mine.data!.getEcosystems.edges[0].node;
  const created = await as(platformAdmin)<{ createEcosystem: EcosystemData }>(
    `mutation($i: EcosystemInput!) { createEcosystem(ecosystemInput: $i) { ${ECOSYSTEM} } }`, { i: { name: 'Zenith Other Tenant', organizationType: 'NON_PROFIT' } });
  other = created.data!.createEcosystem;
  otherPrograms = [];
  for (const name of ['Other Alpha', 'Other Beta', 'Other Gamma']) {
    const p = await as(platformAdmin)<{ createProgram: ProgramData }>(`mutation($i: ProgramInput!) { createProgram(programInput: $i) { ${PROGRAM} } }`, { i: { ecosystemId: other.id, name } });
    otherPrograms.push(p.data!.createProgram);
  }
});

afterAll(async () => {
  await api?.stop();
});

describe('ecosystem queries', () => {
  it('getEcosystems: an ecosystem admin sees their own ecosystem only, a platform admin sees all', async () => {
    const q = `{ getEcosystems(first: 50) { edges { node { id name } } } }`;
    const mine = await as(ecosystemAdmin)<{ getEcosystems: Connection<EcosystemData> }>(q);
    expect(mine.data!.getEcosystems.edges.map((e) => e.node.id)).toEqual([home.id]);
    const all = await as(platformAdmin)<{ getEcosystems: Connection<EcosystemData> }>(q);
    expect(names(all.data!.getEcosystems)).toEqual(expect.arrayContaining([home.name, other.name]));
    expect(codeOf(await as(null)(q))).toBe('UNAUTHENTICATED');
  });

  it('searchEcosystems: filters by term within what the caller may see, and pages by name', async () => {
    const q = `query($t: String, $after: String) { searchEcosystems(searchTerm: $t, first: 1, after: $after) { edges { node { name } } pageInfo { hasNextPage endCursor } } }`;
    const found = await as(platformAdmin)<{ searchEcosystems: Connection<EcosystemData> }>(q, { t: 'zenith' });
    expect(names(found.data!.searchEcosystems)).toEqual(['Zenith Other Tenant']);
    expect(names((await as(ecosystemAdmin)<{ searchEcosystems: Connection<EcosystemData> }>(q, { t: 'zenith' })).data!.searchEcosystems)).toEqual([]);
    const page1 = (await as(platformAdmin)<{ searchEcosystems: Connection<EcosystemData> }>(q, {})).data!.searchEcosystems;
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = (await as(platformAdmin)<{ searchEcosystems: Connection<EcosystemData> }>(q, { after: page1.pageInfo.endCursor })).data!.searchEcosystems;
    expect(names(page2)).not.toEqual(names(page1));
    expect(codeOf(await as(platformAdmin)(q, { after: 'garbage' }))).toBe('BAD_USER_INPUT');
  });

  it('getEcosystemById and getEcosystemsById: another tenant is null, in the order asked', async () => {
    const one = `query($id: ID!) { getEcosystemById(ecosystemId: $id) { id } }`;
    expect((await as(ecosystemAdmin)<{ getEcosystemById: unknown }>(one, { id: other.id })).data!.getEcosystemById).toBeNull();
    expect((await as(ecosystemAdmin)<{ getEcosystemById: { id: string } }>(one, { id: home.rawId })).data!.getEcosystemById.id).toBe(home.id);
    const many = `query($ids: [ID!]!) { getEcosystemsById(ecosystemIds: $ids) { id } }`;
    expect((await as(ecosystemAdmin)<{ getEcosystemsById: unknown[] }>(many, { ids: [other.id, home.id] })).data!.getEcosystemsById).toEqual([null, { id: home.id }]);
    expect((await as(platformAdmin)<{ getEcosystemsById: unknown[] }>(many, { ids: [other.id, home.id] })).data!.getEcosystemsById).toEqual([{ id: other.id }, { id: home.id }]);
    expect(codeOf(await as(ecosystemAdmin)(many, { ids: ['junk'] }))).toBe('BAD_USER_INPUT');
  });

  it('getEcosystemProfilePage: the branded page before log-in, without the full ecosystem', async () => {
    const q = `query($p: String!) { getEcosystemProfilePage(profileId: $p) { ecosystemId name tutorTerm supportedLanguages landing { howItWorksEnabled } ecosystem { id } } }`;
    const res = await as(null)<{ getEcosystemProfilePage: Record<string, unknown> }>(q, { p: home.profileId });
    expect(res.data!.getEcosystemProfilePage).toEqual({
      ecosystemId: home.id, name: home.name, tutorTerm: home.tutorTerm, supportedLanguages: ['en', 'sp'], landing: { howItWorksEnabled: true }, ecosystem: null,
    });
    expect((await as(ecosystemAdmin)<{ getEcosystemProfilePage: { ecosystem: unknown } }>(q, { p: home.profileId })).data!.getEcosystemProfilePage.ecosystem).toEqual({ id: home.id });
    expect((await as(null)<{ getEcosystemProfilePage: unknown }>(q, { p: 'no-such-place' })).data!.getEcosystemProfilePage).toBeNull();
  });

  it('reviewAppSearchEcosystems: only with the review-app secret', async () => {
    const q = `query($t: String) { reviewAppSearchEcosystems(searchTerm: $t) { edges { node { name profileId } } } }`;
    const ok = await as(null, { 'x-review-app-secret': 'review-app-secret-for-tests' })<{ reviewAppSearchEcosystems: Connection<{ name: string }> }>(q, { t: 'zenith' });
    expect(names(ok.data!.reviewAppSearchEcosystems)).toEqual(['Zenith Other Tenant']);
    expect(codeOf(await as(null, { 'x-review-app-secret': 'wrong' })(q, { t: 'zenith' }))).toBe('FORBIDDEN');
    expect(codeOf(await as(platformAdmin)(q, { t: 'zenith' }))).toBe('FORBIDDEN');
  });
});

describe('program queries and tenant isolation', () => {
  const programsOf = `query($id: ID!) { getProgramsByEcosystemId(ecosystemId: $id, first: 2) { edges { node { name } } pageInfo { hasNextPage } } }`;

  it('getProgramsByEcosystemId pages a tenant\'s programs; another tenant\'s are FORBIDDEN', async () => {
    const res = await as(platformAdmin)<{ getProgramsByEcosystemId: Connection<ProgramData> }>(programsOf, { id: other.id });
    expect(names(res.data!.getProgramsByEcosystemId)).toEqual(['Other Alpha', 'Other Beta']);
    expect(res.data!.getProgramsByEcosystemId.pageInfo.hasNextPage).toBe(true);
    expect(codeOf(await as(ecosystemAdmin)(programsOf, { id: other.id }))).toBe('FORBIDDEN');
  });

  it('lists answer settings as the program itself does, in one more statement for the whole page', async () => {
    const settings = 'id tutoringRequestType showFiloButton sessionCapabilities subBoard { enabled visibleToTutors } sessions { zoomEnabled sessionJoinMinutesPrior }';
    const edited = await as(platformAdmin)(`mutation($id: ID!, $i: ProgramInput!) { editProgram(programId: $id, programInput: $i) { id } }`,
      { id: otherPrograms[1].id, i: { subBoard: { visibleToTutors: false }, sessions: { sessionJoinMinutesPrior: 25 } } });
    expect(edited.errors).toBeUndefined();
    const statements = async (first: number, fields: string) => {
      const pool = api.platform.services.apiPool as unknown as { queries: number };
      await api.readsEnded();
      const before = pool.queries;
      const res = await as(platformAdmin)<{ getProgramsByEcosystemId: Connection<Record<string, unknown>> }>(
        `query($id: ID!, $n: Int!) { getProgramsByEcosystemId(ecosystemId: $id, first: $n) { edges { node { ${fields} } } } }`, { id: other.id, n: first });
      expect(res.errors).toBeUndefined();
      // The read transaction commits while the answer is sent (decision 0030): count its COMMIT too.
      await api.readsEnded();
      return { nodes: res.data!.getProgramsByEcosystemId.edges.map((e) => e.node), count: pool.queries - before };
    };
    const listed = await statements(3, settings);
    for (const node of listed.nodes) {
      const own = await as(platformAdmin)<{ node: Record<string, unknown> }>(`query($id: ID!) { node(id: $id) { ... on Program { ${settings} } } }`, { id: node.id });
      expect(node).toEqual(own.data!.node);
    }
    expect(listed.nodes.map((n) => (n.sessions as { sessionJoinMinutesPrior: number }).sessionJoinMinutesPrior)).toEqual([10, 25, 10]);
    const namesOnly = await statements(3, 'id name');
    expect((await statements(1, settings)).count).toBe(listed.count);
    expect(listed.count).toBe(namesOnly.count + 1);
  });

  it('ecosystem lists answer terms and settings as the ecosystem itself does, settings in one more statement', async () => {
    const fields = 'id name shortName type organizationType profileId city state isDemoEcosystem archived tutorTerm tuteeTerm moduleTerm';
    const settings = 'id MFAEnabled supportedLanguages sessionSettings { attendanceGraceMinutes } landing { howItWorksEnabled }';
    const edited = await as(platformAdmin)(`mutation($id: ID!, $i: EcosystemInput!) { editEcosystem(ecosystemId: $id, ecosystemInput: $i) { id } }`,
      { id: other.id, i: { tutorTerm: 'Coach', sessionSettings: { attendanceGraceMinutes: 7 } } });
    expect(edited.errors).toBeUndefined();
    const pool = api.platform.services.apiPool as unknown as { queries: number };
    const listed = async (selection: string) => {
      await api.readsEnded();
      const before = pool.queries;
      const res = await as(platformAdmin)<{ searchEcosystems: Connection<Record<string, unknown>> }>(
        `{ searchEcosystems(first: 50, includeArchived: true) { edges { node { ${selection} } } } }`);
      expect(res.errors).toBeUndefined();
      await api.readsEnded();
      return { nodes: res.data!.searchEcosystems.edges.map((e) => e.node), count: pool.queries - before };
    };
    const plain = await listed(fields);
    const withSettings = await listed(settings);
    expect(withSettings.count).toBe(plain.count + 1);
    for (const [selection, nodes] of [[fields, plain.nodes], [settings, withSettings.nodes]] as const) {
      for (const node of nodes) {
        const own = await as(platformAdmin)<{ node: Record<string, unknown> }>(`query($id: ID!) { node(id: $id) { ... on Ecosystem { ${selection} } } }`, { id: node.id });
        expect(node).toEqual(own.data!.node);
      }
    }
    expect(plain.nodes.find((n) => n.id === other.id)).toMatchObject({ tutorTerm: 'Coach' });
    expect(withSettings.nodes.find((n) => n.id === other.id)).toMatchObject({ sessionSettings: { attendanceGraceMinutes: 7 } });
  });

  it('an ecosystem admin never sees another tenant\'s programs through any query', async () => {
    const otherIds = otherPrograms.map((p) => p.id);
    const all = await as(ecosystemAdmin)<{ getPrograms: Connection<ProgramData> }>(`{ getPrograms(first: 100, includeArchived: true) { edges { node { id ecosystemId } } } }`);
    expect(all.data!.getPrograms.edges.length).toBeGreaterThan(0);
    expect(all.data!.getPrograms.edges.every((e) => e.node.ecosystemId === home.id)).toBe(true);
    const byIds = await as(ecosystemAdmin)<{ getProgramsByIds: unknown[] }>(`query($ids: [ID!]!) { getProgramsByIds(programIds: $ids) { id } }`, { ids: otherIds });
    expect(byIds.data!.getProgramsByIds).toEqual([null, null, null]);
    const withInfo = await as(ecosystemAdmin)<{ getProgramsWithEcosystemInfoByEcosystemIds: unknown[] }>(
      `query($ids: [ID!]!) { getProgramsWithEcosystemInfoByEcosystemIds(ecosystemIds: $ids) { id } }`, { ids: [other.id] });
    expect(withInfo.data!.getProgramsWithEcosystemInfoByEcosystemIds).toEqual([]);
    const node = await as(ecosystemAdmin)<{ node: unknown }>(`query($id: ID!) { node(id: $id) { id } }`, { id: otherIds[0] });
    expect(node.data!.node).toBeNull();
    const viaHeader = await as(ecosystemAdmin, { 'x-ecosystem-profile-id': other.profileId })(`{ getProgramsForEcosystem { edges { node { id } } } }`);
    expect(codeOf(viaHeader)).toBe('FORBIDDEN');
  });

  it('getProgramsWithEcosystemInfoByEcosystemIds: programs with their ecosystem, grouped in the order asked', async () => {
    const res = await as(platformAdmin)<{ getProgramsWithEcosystemInfoByEcosystemIds: ProgramData[] }>(
      `query($ids: [ID!]!) { getProgramsWithEcosystemInfoByEcosystemIds(ecosystemIds: $ids) { name ecosystem { id name } } }`, { ids: [other.id, home.id] });
    const rows = res.data!.getProgramsWithEcosystemInfoByEcosystemIds;
    expect(rows.slice(0, 3).map((p) => [p.name, p.ecosystem?.name])).toEqual([
      ['Other Alpha', other.name], ['Other Beta', other.name], ['Other Gamma', other.name],
    ]);
    expect(rows.slice(3).every((p) => p.ecosystem?.id === home.id)).toBe(true);
  });

  it('getProgramsForEcosystem reads the x-ecosystem-profile-id header; getPrograms needs a log-in', async () => {
    const res = await as(ecosystemAdmin, { 'x-ecosystem-profile-id': home.profileId })<{ getProgramsForEcosystem: Connection<ProgramData> }>(
      `{ getProgramsForEcosystem(first: 100) { edges { node { ecosystemId } } } }`);
    expect(res.data!.getProgramsForEcosystem.edges.every((e) => e.node.ecosystemId === home.id)).toBe(true);
    expect(codeOf(await as(ecosystemAdmin)(`{ getProgramsForEcosystem { edges { node { id } } } }`))).toBe('BAD_USER_INPUT');
    expect(codeOf(await as(null)(`{ getPrograms { edges { node { id } } } }`))).toBe('UNAUTHENTICATED');
  });

  it('Ecosystem.programs and node() resolve for members', async () => {
    const res = await as(platformAdmin)<{ node: { programs: Connection<ProgramData> } }>(
      `query($id: ID!) { node(id: $id) { ... on Ecosystem { programs(first: 10) { edges { node { name } } } } } }`, { id: other.id });
    expect(names(res.data!.node.programs)).toEqual(['Other Alpha', 'Other Beta', 'Other Gamma']);
  });
});
