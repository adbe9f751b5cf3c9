/** Shared by the people API tests: a world of people in two ecosystems, and answer helpers. */
import { changeRoleStatus, editProfile } from '../../domain/user/handlers';
import type { RoleStatus, GrantableRole } from '../../domain/user/events';
import { USERS_PROJECTION } from '../../projections/users';
import { ROSTER_PROJECTION } from '../../projections/roster';
import { expect } from 'vitest';
import type { GraphQLResponse, TestApi } from '../../tests/setup/api';
import { codeOf } from '../tenants/testing';
import { ensureUser, SYSTEM_ACTOR } from '../auth/seed';

export const PASSWORD = 'people-test-password-1';

export interface World {
  e1: string;
  e2: string;
  p1: string;
  /** The demo ecosystem's other program. */
  p2: string;
  tokens: Record<'platformAdmin' | 'admin1' | 'admin2' | 'student' | 'parent' | 'programAdmin', string>;
  ids: Record<'student' | 'parent' | 'admin2', string>;
}

type RoleSpec = { ecosystemId: string; role: GrantableRole; programId?: string | null };

export async function addPerson(api: TestApi, email: string, roles: RoleSpec[]): Promise<{ userId: string; token: string }> {
  const [firstName, lastName] = email.split('@')[0].split('.').map((p) => p[0].toUpperCase() + p.slice(1));
  const { services } = api.platform;
  const { userId } = await ensureUser(services, { email, password: PASSWORD, firstName, lastName: lastName ?? 'Person', roles });
  // ensureUser waits for the users read model; the admins' pages (roster) read theirs, which may lag.
  const head = await services.eventStore.headPosition();
  if (head) await services.projections.waitFor(head, [ROSTER_PROJECTION], services.config.PROJECTION_WAIT_MS);
  return { userId, token: await api.login(email, PASSWORD) };
}

/** Moves one of a person's roles to `status` through the command bus, and waits for the read model. */
export async function setRoleStatus(api: TestApi, userId: string, role: RoleSpec, status: RoleStatus): Promise<void> {
  const { bus, projections, config } = api.platform.services;
  const result = await bus.dispatch(changeRoleStatus, { userId, ecosystemId: role.ecosystemId, role: role.role, programId: role.programId ?? null, status },
    { actor: SYSTEM_ACTOR, commandId: crypto.randomUUID(), now: new Date().toISOString() });
  if (result.position) await projections.waitFor(result.position, [USERS_PROJECTION], config.PROJECTION_WAIT_MS);
}

/** Renames a person through the command bus (names no other test data holds), and waits for the read model. */
export async function renamePerson(api: TestApi, userId: string, firstName: string, lastName: string): Promise<void> {
  const { bus, projections, config } = api.platform.services;
  const result = await bus.dispatch(editProfile, { userId, changes: { firstName, lastName } },
    { actor: SYSTEM_ACTOR, commandId: crypto.randomUUID(), now: new Date().toISOString() });
  if (result.position) await projections.waitFor(result.position, [USERS_PROJECTION], config.PROJECTION_WAIT_MS);
}

export async function buildWorld(api: TestApi): Promise<World> {
  const platformAdmin = await api.loginAs('platformAdmin');
  const admin1 = await api.loginAs('ecosystemAdmin');
  const e1 = api.platform.demo!.ecosystemId;
  const programs = await api.graphql<{ getProgramsByEcosystemId: { edges: Array<{ node: { rawId: string } }> } }>(
    'query($id: ID!) { getProgramsByEcosystemId(ecosystemId: $id) { edges { node { rawId } } } }', { id: e1 }, { token: admin1 });
  const [p1, p2] = programs.data!.getProgramsByEcosystemId.edges.map((e) => e.node.rawId);
  const created = await api.graphql<{ createEcosystem: { rawId: string } }>(
    'mutation($input: EcosystemInput!) { createEcosystem(ecosystemInput: $input) { rawId } }',
    { input: { name: 'Elsewhere Academy', organizationType: 'NON_PROFIT' } }, { token: platformAdmin });
  const e2 = created.data!.createEcosystem.rawId;
  const student = await addPerson(api, 'sam.student@example.com', [{ ecosystemId: e1, role: 'STUDENT' }, { ecosystemId: e1, role: 'PUPIL', programId: p1 }]);
  const parent = await addPerson(api, 'pat.parent@example.com', [{ ecosystemId: e1, role: 'PARENT' }]);
  const programAdmin = await addPerson(api, 'pia.programadmin@example.com', [{ ecosystemId: e1, role: 'PROGRAM_ADMIN', programId: p1 }]);
  const admin2 = await addPerson(api, 'otto.other@example.com', [{ ecosystemId: e2, role: 'SUPER_ADMIN' }]);
  return {
    e1, e2, p1, p2,
    tokens: { platformAdmin, admin1, admin2: admin2.token, student: student.token, parent: parent.token, programAdmin: programAdmin.token },
    ids: { student: student.userId, parent: parent.userId, admin2: admin2.userId },
  };
}

/** Runs a request that must be refused with `code`, and checks that it appended no event. */
export async function refusedUnchanged(api: TestApi, run: () => Promise<GraphQLResponse>, code: string): Promise<GraphQLResponse> {
  const before = await api.eventCount();
  const res = await run();
  expect(codeOf(res), JSON.stringify(res.errors)).toBe(code);
  expect(await api.eventCount()).toBe(before);
  return res;
}
