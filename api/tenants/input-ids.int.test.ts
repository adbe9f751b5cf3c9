/**
 * Ids inside inputs belong to the caller's tenant: the program ids of an ecosystem's tutor hours
 * limits must be programs of that ecosystem. Other tenants' programs and made-up ids are refused
 * with BAD_USER_INPUT naming the field, and nothing is written.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type GraphQLResponse, type TestApi } from '../../tests/setup/api';
import { codeOf, fieldsOf, type EcosystemData, type ProgramData } from './testing';

let api: TestApi;
let platformAdmin: string;
let ecosystemAdmin: string;
let home: EcosystemData;
let homeProgram: ProgramData;
let otherProgram: ProgramData;

const FIELD = 'ecosystemInput.sessionSettings.tutorHoursLimitConfig.limits';
const EDIT = 'mutation($id: ID!, $input: EcosystemInput!) { editEcosystem(ecosystemId: $id, ecosystemInput: $input) { id } }';
const CREATE = 'mutation($input: EcosystemInput!) { createEcosystem(ecosystemInput: $input) { id rawId name } }';
const DEFAULTS = 'mutation($input: EcosystemInput!) { updatePlatformEcosystemConfig(ecosystemInput: $input) { tutorTerm } }';
const CREATE_PROGRAM = 'mutation($input: ProgramInput!) { createProgram(programInput: $input) { id rawId ecosystemId name } }';

const limits = (...programIds: string[][]) => ({
  sessionSettings: { tutorHoursLimitConfig: { isEnabled: true, limits: programIds.map((ids) => ({ programIds: ids, weeklyHourLimit: 10 })) } },
});

async function refused(run: () => Promise<GraphQLResponse>): Promise<GraphQLResponse> {
  const before = await api.eventCount();
  const res = await run();
  expect(codeOf(res), JSON.stringify(res.errors)).toBe('BAD_USER_INPUT');
  expect(await api.eventCount()).toBe(before);
  return res;
}

beforeAll(async () => {
  api = await startTestApi();
  platformAdmin = await api.loginAs('platformAdmin');
  ecosystemAdmin = await api.loginAs('ecosystemAdmin');
  const mine = await api.graphql<{ getEcosystems: { edges: Array<{ node: EcosystemData }> } }>('{ getEcosystems { edges { node { id rawId name } } } }', {}, { token: ecosystemAdmin });
  home = mine.data!.getEcosystems.edges[0].node;
  homeProgram = (await api.graphql<{ createProgram: ProgramData }>(CREATE_PROGRAM, { input: { ecosystemId: home.id, name: 'Home Hours' } }, { token: ecosystemAdmin })).data!.createProgram;
  const other = (await api.graphql<{ createEcosystem: EcosystemData }>(CREATE, { input: { name: 'Elsewhere Academy', organizationType: 'NON_PROFIT' } }, { token: platformAdmin })).data!.createEcosystem;
  otherProgram = (await api.graphql<{ createProgram: ProgramData }>(CREATE_PROGRAM, { input: { ecosystemId: other.id, name: 'Elsewhere Hours' } }, { token: platformAdmin })).data!.createProgram;
});
afterAll(async () => { await api.stop(); });

describe('program ids in tutor hours limits', () => {
  it('accept the ecosystem\'s own programs, by global or raw id', async () => {
    const res = await api.graphql(EDIT, { id: home.id, input: limits([homeProgram.id, homeProgram.rawId]) }, { token: ecosystemAdmin });
    expect(res.errors).toBeUndefined();
  });

  it('refuse another tenant\'s program and a made-up id, naming each field, for ecosystem and platform admins alike', async () => {
    for (const token of [ecosystemAdmin, platformAdmin]) {
      const res = await refused(() => api.graphql(EDIT, { id: home.id, input: limits([homeProgram.id, otherProgram.id], [randomUUID()]) }, { token }));
      expect(fieldsOf(res)).toEqual({
        [`${FIELD}.0.programIds.1`]: 'This program does not belong to this ecosystem.',
        [`${FIELD}.1.programIds.0`]: 'This program does not belong to this ecosystem.',
      });
    }
  });

  it('refuse any program in a new ecosystem, and in the platform-wide defaults', async () => {
    const created = await refused(() => api.graphql(CREATE, { input: { name: 'Fresh Academy', organizationType: 'NON_PROFIT', ...limits([homeProgram.id]) } }, { token: platformAdmin }));
    expect(fieldsOf(created)).toEqual({ [`${FIELD}.0.programIds.0`]: 'This program does not belong to this ecosystem.' });
    expect((await api.graphql<{ getEcosystems: { edges: Array<{ node: { name: string } }> } }>(
      '{ searchEcosystems(searchTerm: "Fresh Academy") { edges { node { name } } } }', {}, { token: platformAdmin })).data).toEqual({ searchEcosystems: { edges: [] } });
    const defaults = await refused(() => api.graphql(DEFAULTS, { input: limits([homeProgram.id]) }, { token: platformAdmin }));
    expect(fieldsOf(defaults)).toEqual({ [`${FIELD}.0.programIds.0`]: 'Platform-wide defaults cannot name programs; set tutor hours limits on each ecosystem.' });
  });

  it('leave malformed ids to the domain\'s own message', async () => {
    const res = await refused(() => api.graphql(EDIT, { id: home.id, input: limits(['not-a-program']) }, { token: ecosystemAdmin }));
    expect(fieldsOf(res)).toEqual({ [`${FIELD}.0.programIds.0`]: 'Program id must be a valid id.' });
  });
});
