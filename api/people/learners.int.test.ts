/**
 * Who sees a learner (decision 0053), end to end: for each pair of viewer role and relation to the
 * learner, node(id) shows the learner exactly when the rule says, the row-level security of
 * read.users and the `user.read` policy agree on it, and an adult of the same ecosystem stays
 * visible to every co-member.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import type { RoleGrant } from '../../domain/user/events';
import { principalOf, type Person } from '../../domain/user/policy/principal';
import { userPolicy } from '../../domain/user/policy/user';
import { addPerson, buildWorld, setRoleStatus, type World } from './testing';
import { toGlobalId } from '../relay';

let api: TestApi;
let w: World;

interface Viewer { token: string | null; userId: string; grants: RoleGrant[]; platformAdmin?: boolean }
const viewers = new Map<string, Viewer>();
let learner: Person;
let adult: Person;

const NODE = 'query($id: ID!) { node(id: $id) { ... on User { id profile { firstName } } } }';
const grant = (ecosystemId: string, role: RoleGrant['role'], programId: string | null = null): RoleGrant =>
  ({ ecosystemId, role, programId, status: programId ? 'ACTIVE' : 'ACTIVATED' });

/** The rule, pair by pair: viewer (their role, and their relation to the learner) -> sees the learner. */
const EXPECTED: Record<string, boolean> = {
  'platform admin': true,
  'SUPER_ADMIN of E1': true,
  'STAFF of E1': true,
  'TEACHER of E1': true,
  'PROGRAM_ADMIN of the learner\'s program': true,
  'LEADER of the learner\'s program': true,
  'LEADER of another program': false,
  'PROGRAM_ADMIN of another program': false,
  'linked PARENT': true,
  'PARENT of another family': false,
  'STUDENT of E1': false,
  'PUPIL of the learner\'s program': false,
  'MEMBER of E1': false,
  'SUPER_ADMIN of another ecosystem': false,
  'the learner': true,
  anonymous: false,
};

async function person(name: string, grants: RoleGrant[]): Promise<void> {
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.').replace(/^\.|\.$/g, '')}@example.com`;
  const roles = grants.map((g) => ({ ecosystemId: g.ecosystemId, role: g.role, programId: g.programId }));
  const { userId, token } = await addPerson(api, email, roles);
  viewers.set(name, { token, userId, grants });
}

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  const { e1, e2, p1, p2 } = w;
  viewers.set('platform admin', { token: w.tokens.platformAdmin, userId: 'platform', grants: [], platformAdmin: true });
  viewers.set('SUPER_ADMIN of E1', { token: w.tokens.admin1, userId: 'admin1', grants: [grant(e1, 'SUPER_ADMIN')] });
  viewers.set('PROGRAM_ADMIN of the learner\'s program', { token: w.tokens.programAdmin, userId: 'pa', grants: [grant(e1, 'PROGRAM_ADMIN', p1)] });
  viewers.set('linked PARENT', { token: w.tokens.parent, userId: w.ids.parent, grants: [grant(e1, 'PARENT')] });
  viewers.set('SUPER_ADMIN of another ecosystem', { token: w.tokens.admin2, userId: w.ids.admin2, grants: [grant(e2, 'SUPER_ADMIN')] });
  viewers.set('the learner', { token: w.tokens.student, userId: w.ids.student, grants: [grant(e1, 'STUDENT'), grant(e1, 'PUPIL', p1)] });
  viewers.set('anonymous', { token: null, userId: 'nobody', grants: [] });
  await person('STAFF of E1', [grant(e1, 'STAFF')]);
  await person('TEACHER of E1', [grant(e1, 'TEACHER')]);
  await person('LEADER of the learner\'s program', [grant(e1, 'LEADER', p1)]);
  await person('LEADER of another program', [grant(e1, 'LEADER', p2)]);
  await person('PROGRAM_ADMIN of another program', [grant(e1, 'PROGRAM_ADMIN', p2)]);
  await person('PARENT of another family', [grant(e1, 'PARENT')]);
  await person('STUDENT of E1', [grant(e1, 'STUDENT')]);
  await person('PUPIL of the learner\'s program', [grant(e1, 'STUDENT'), grant(e1, 'PUPIL', p1)]);
  await person('MEMBER of E1', [grant(e1, 'MEMBER')]);
  const linked = await api.graphql('mutation($input: LinkFamilyMemberInput!) { linkFamilyMember(input: $input) { id } }',
    { input: { parentId: w.ids.parent, childId: w.ids.student, ecosystemId: e1, relationship: 'PARENT' } },
    { token: w.tokens.admin1, headers: { 'idempotency-key': randomUUID() } });
  expect(linked.errors).toBeUndefined();
  learner = { userId: w.ids.student, roles: [grant(e1, 'STUDENT'), grant(e1, 'PUPIL', p1)], guardians: [{ userId: w.ids.parent, ecosystemId: e1 }] };
  const tutor = await addPerson(api, 'tess.tutor@example.com', [{ ecosystemId: e1, role: 'TEACHER' }]);
  adult = { userId: tutor.userId, roles: [grant(e1, 'TEACHER')] };
}, 120_000);
afterAll(async () => { await api?.stop(); });

async function sees(viewer: Viewer, userId: string): Promise<boolean> {
  const res = await api.graphql<{ node: { id: string } | null }>(NODE, { id: toGlobalId('User', userId) }, { token: viewer.token });
  expect(res.errors).toBeUndefined();
  return res.data!.node !== null;
}

describe('who sees a learner', () => {
  it('shows the learner to each viewer exactly as the rule says, and the policy agrees with row-level security', async () => {
    const seen: Record<string, boolean> = {};
    const policy: Record<string, boolean> = {};
    for (const [name, viewer] of viewers) {
      seen[name] = await sees(viewer, learner.userId);
      const principal = viewer.token === null ? null : principalOf(viewer.userId, viewer.grants, { platformAdmin: viewer.platformAdmin });
      policy[name] = userPolicy(principal, 'read', learner);
    }
    expect(seen).toEqual(EXPECTED);
    expect(policy).toEqual(EXPECTED);
  }, 60_000);

  it('shows an adult of the ecosystem to every member of it, as before', async () => {
    for (const [name, viewer] of viewers) {
      const expected = name !== 'SUPER_ADMIN of another ecosystem' && name !== 'anonymous';
      expect({ name, seen: await sees(viewer, adult.userId) }).toEqual({ name, seen: expected });
    }
  }, 60_000);

  it('counts a student who also teaches there as an adult, and an archived student as a learner', async () => {
    const member = viewers.get('MEMBER of E1')!;
    const both = await addPerson(api, 'bea.both@example.com', [{ ecosystemId: w.e1, role: 'STUDENT' }, { ecosystemId: w.e1, role: 'TEACHER' }]);
    const archived = await addPerson(api, 'ari.archived@example.com', [{ ecosystemId: w.e1, role: 'STUDENT' }]);
    await setRoleStatus(api, archived.userId, { ecosystemId: w.e1, role: 'STUDENT' }, 'ARCHIVED');
    expect(await sees(member, both.userId)).toBe(true);
    expect(await sees(member, archived.userId)).toBe(false);
    await setRoleStatus(api, both.userId, { ecosystemId: w.e1, role: 'TEACHER' }, 'ARCHIVED');
    expect(await sees(member, both.userId)).toBe(false);
    expect(await sees(viewers.get('TEACHER of E1')!, archived.userId)).toBe(true);
  }, 60_000);
});
