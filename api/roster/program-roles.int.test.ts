/**
 * Program roles through updateOneOrManyUserPermissions (decisions 0035, 0049): an ecosystem admin
 * gives and takes any program role; a program admin only LEADER and PUPIL of their own programs.
 * Anything more, and anyone else, is refused with FORBIDDEN and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type GraphQLResponse, type TestApi } from '../../tests/setup/api';
import { addPerson, buildWorld, refusedUnchanged, type World } from '../people/testing';
import { toGlobalId } from '../relay';

let api: TestApi;
let w: World;
let p2: string;
let lee: { userId: string; token: string };

const PERMISSIONS = `mutation($e: ID, $ids: [ID!]!, $changes: UserPermissionChanges!) { updateOneOrManyUserPermissions(ecosystemId: $e, userIds: $ids, changes: $changes) {
  changedCount users { firstName roles programIds } } }`;
type Result = { updateOneOrManyUserPermissions: { changedCount: number; users: Array<{ firstName: string; roles: string[]; programIds: string[] }> } };
const program = (id: string) => toGlobalId('Program', id);
const change = (token: string, changes: Record<string, unknown>, e = w.e1) => api.graphql<Result>(PERMISSIONS, { e, ids: [lee.userId], changes }, { token });

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  const made = await api.graphql<{ createProgram: { rawId: string } }>('mutation($input: ProgramInput!) { createProgram(programInput: $input) { rawId } }',
    { input: { ecosystemId: toGlobalId('Ecosystem', w.e1), name: 'Second program' } }, { token: w.tokens.admin1 });
  expect(made.errors).toBeUndefined();
  p2 = made.data!.createProgram.rawId;
  lee = await addPerson(api, 'lee.leader@example.com', [{ ecosystemId: w.e1, role: 'MEMBER' }]);
});
afterAll(async () => { await api.stop(); });

describe('program roles through the role dialog\'s mutation', () => {
  it('a program admin gives and takes LEADER and PUPIL of their own program', async () => {
    const given = await change(w.tokens.programAdmin, { add: [{ role: 'LEADER', programId: program(w.p1) }, { role: 'PUPIL', programId: program(w.p1) }] });
    expect(given.errors).toBeUndefined();
    expect(given.data!.updateOneOrManyUserPermissions).toEqual({
      changedCount: 1, users: [{ firstName: 'Lee', roles: ['LEADER', 'MEMBER', 'PUPIL'], programIds: [program(w.p1)] }],
    });
    const taken = await change(w.tokens.programAdmin, { remove: [{ role: 'LEADER', programId: program(w.p1) }, { role: 'PUPIL', programId: program(w.p1) }] });
    expect(taken.data!.updateOneOrManyUserPermissions.users[0].roles).toEqual(['MEMBER']);
  });

  it('refuses a program admin anything else, writing nothing', async () => {
    for (const changes of [
      { add: [{ role: 'PROGRAM_ADMIN', programId: program(w.p1) }] },
      { add: [{ role: 'LEADER', programId: program(p2) }] },
      { add: [{ role: 'STUDENT' }] },
      { remove: [{ role: 'MEMBER' }] },
      { add: [{ role: 'LEADER', programId: program(w.p1) }], remove: [{ role: 'PUPIL', programId: program(p2) }] },
    ]) {
      await refusedUnchanged(api, () => change(w.tokens.programAdmin, changes), 'FORBIDDEN');
    }
  });

  it('refuses people who administer no program here, and another ecosystem\'s admin', async () => {
    const leader = { add: [{ role: 'LEADER', programId: program(w.p1) }] };
    for (const token of [w.tokens.student, w.tokens.parent, w.tokens.admin2, lee.token]) {
      await refusedUnchanged(api, () => change(token, leader), 'FORBIDDEN');
    }
    await refusedUnchanged(api, (): Promise<GraphQLResponse> => change(w.tokens.programAdmin, leader, w.e2), 'FORBIDDEN');
  });

  it('an ecosystem admin gives any program role of any program of the ecosystem', async () => {
    const res = await change(w.tokens.admin1, { add: [{ role: 'PROGRAM_ADMIN', programId: program(p2) }] });
    expect(res.data!.updateOneOrManyUserPermissions.users[0]).toEqual({ firstName: 'Lee', roles: ['MEMBER', 'PROGRAM_ADMIN'], programIds: [program(p2)] });
  });
});
