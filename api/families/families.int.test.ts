/**
 * Families against the real platform (decision 0048): an admin links a parent to a learner; the
 * parent then reads and edits their own child and nobody else's; another family and another
 * ecosystem find nothing; refused input writes nothing; the audit trail records each link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type GraphQLResponse, type TestApi } from '../../tests/setup/api';
import { fieldsOf } from '../tenants/testing';
import { addPerson, buildWorld, refusedUnchanged, type World } from '../people/testing';
import { toGlobalId } from '../relay';

let api: TestApi;
let w: World;
let other: { parent: { userId: string; token: string }; child: { userId: string; token: string } };

const LINK = `mutation($input: LinkFamilyMemberInput!) { linkFamilyMember(input: $input) {
  id profile { familyConnections { userId side relationship notifPreferences ecosystemId user { profile { firstName } } } students { id } } } }`;
const UNLINK = 'mutation($input: UnlinkFamilyMemberInput!) { unlinkFamilyMember(input: $input) { id } }';
const FAMILY = 'query($id: ID) { getFamilyConnections(userId: $id) { userId side relationship } getUserConnections(userId: $id) { userId kind user { id } } }';
const CHILD = 'query($id: ID!) { node(id: $id) { ... on User { profile { phoneNumber ecosystemRoles { role } } } } }';
const EDIT = 'mutation($id: ID!, $input: ProfileInput!) { genericUpdateUser(userId: $id, input: $input) { profile { bio } } }';

type Family = { getFamilyConnections: Array<Record<string, unknown>>; getUserConnections: Array<Record<string, unknown>> };
const unchanged = (run: () => Promise<GraphQLResponse>, code: string) => refusedUnchanged(api, run, code);
const link = (parentId: string, childId: string, extra: Record<string, unknown> = {}) =>
  ({ input: { parentId, childId, ecosystemId: w.e1, relationship: 'PARENT', ...extra } });

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  other = {
    parent: await addPerson(api, 'olga.otherparent@example.com', [{ ecosystemId: w.e1, role: 'PARENT' }]),
    child: await addPerson(api, 'cara.child@example.com', [{ ecosystemId: w.e1, role: 'STUDENT' }]),
  };
  const res = await api.graphql(LINK, link(other.parent.userId, other.child.userId), { token: w.tokens.admin1 });
  expect(res.errors).toBeUndefined();
});
afterAll(async () => { await api.stop(); });

describe('linking a parent to a child', () => {
  it('an ecosystem admin links them; both sides see the link, and the parent lists the child among their students', async () => {
    const res = await api.graphql<{ linkFamilyMember: { profile: Record<string, unknown> } }>(
      LINK, link(w.ids.parent, w.ids.student, { relationship: 'GUARDIAN', notifPreferences: ['TEXT', 'EMAIL'] }), { token: w.tokens.admin1 });
    expect(res.errors).toBeUndefined();
    expect(res.data!.linkFamilyMember.profile).toEqual({
      familyConnections: [{
        userId: toGlobalId('User', w.ids.student), side: 'CHILD', relationship: 'GUARDIAN', notifPreferences: ['EMAIL', 'TEXT'],
        ecosystemId: toGlobalId('Ecosystem', w.e1), user: { profile: { firstName: 'Sam' } },
      }],
      students: [{ id: toGlobalId('User', w.ids.student) }],
    });
    const own = await api.graphql<Family>(FAMILY, {}, { token: w.tokens.parent });
    expect(own.data!.getFamilyConnections).toEqual([{ userId: toGlobalId('User', w.ids.student), side: 'CHILD', relationship: 'GUARDIAN' }]);
    const child = await api.graphql<Family>(FAMILY, {}, { token: w.tokens.student });
    expect(child.data!.getUserConnections).toEqual([{ userId: toGlobalId('User', w.ids.parent), kind: 'PARENT', user: { id: toGlobalId('User', w.ids.parent) } }]);
    const has = await api.graphql<{ hasConnections: boolean }>('{ hasConnections }', {}, { token: w.tokens.parent });
    expect(has.data!.hasConnections).toBe(true);
    const none = await api.graphql<{ hasConnections: boolean }>('{ hasConnections }', {}, { token: w.tokens.programAdmin });
    expect(none.data!.hasConnections).toBe(false);
  });

  it('linking again records nothing; a changed relationship records only that', async () => {
    const before = await api.eventCount();
    await api.graphql(LINK, link(w.ids.parent, w.ids.student, { relationship: 'GUARDIAN', notifPreferences: ['EMAIL', 'TEXT'] }), { token: w.tokens.admin1 });
    expect(await api.eventCount()).toBe(before);
  });

  it('refuses anyone but the ecosystem\'s admins, writing nothing', async () => {
    for (const token of [w.tokens.admin2, w.tokens.parent, w.tokens.student, w.tokens.programAdmin, other.parent.token]) {
      await unchanged(() => api.graphql(LINK, link(other.parent.userId, w.ids.student), { token }), 'FORBIDDEN');
      await unchanged(() => api.graphql(UNLINK, { input: { parentId: w.ids.parent, childId: w.ids.student, ecosystemId: w.e1 } }, { token }), 'FORBIDDEN');
    }
    await unchanged(() => api.graphql(LINK, link(w.ids.parent, w.ids.student)), 'UNAUTHENTICATED');
  });

  it('refuses a parent who is no parent there, a child who is no learner there, and malformed ids, per field, writing nothing', async () => {
    const roles = await unchanged(() => api.graphql(LINK, link(w.ids.student, w.ids.admin2), { token: w.tokens.admin1 }), 'BAD_USER_INPUT');
    expect(fieldsOf(roles)).toEqual({
      'input.parentId': 'This person is not a parent or guardian in this ecosystem.',
      'input.childId': 'This person is not a student in this ecosystem.',
    });
    const es = await unchanged(() => api.graphql(LINK, link(w.ids.parent, w.ids.parent), { token: w.tokens.admin1, headers: { 'accept-language': 'es' } }), 'BAD_USER_INPUT');
    expect(fieldsOf(es)).toEqual({ 'input.childId': 'Esta persona no es estudiante en este ecosistema.' });
    const bad = await unchanged(() => api.graphql(LINK, link('nope', w.ids.student), { token: w.tokens.admin1 }), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(bad))).toEqual(['input.parentId']);
    await unchanged(() => api.graphql(UNLINK, { input: { parentId: other.parent.userId, childId: w.ids.student, ecosystemId: w.e1 } }, { token: w.tokens.admin1 }), 'CONFLICT');
  });
});

describe('a parent and their own child', () => {
  it('the parent reads and edits their child\'s profile; a parent of another family can do neither', async () => {
    const id = toGlobalId('User', w.ids.student);
    const mine = await api.graphql(CHILD, { id }, { token: w.tokens.parent });
    expect(mine.errors).toBeUndefined();
    const edit = await api.graphql<{ genericUpdateUser: { profile: { bio: string } } }>(EDIT, { id: w.ids.student, input: { bio: 'Loves chess.' } }, { token: w.tokens.parent });
    expect(edit.data!.genericUpdateUser.profile.bio).toBe('Loves chess.');
    // Another family does not see the child at all (decision 0053): the same answer as for no one.
    const theirs = await api.graphql(CHILD, { id }, { token: other.parent.token });
    expect({ errors: theirs.errors, data: theirs.data }).toEqual({ errors: undefined, data: { node: null } });
    await unchanged(() => api.graphql(EDIT, { id: w.ids.student, input: { bio: 'Not yours.' } }, { token: other.parent.token }), 'FORBIDDEN');
    await unchanged(() => api.graphql(EDIT, { id: w.ids.student, input: { hourlyWage: 30 } }, { token: w.tokens.parent }), 'FORBIDDEN');
  });

  it('a parent of another family, a user of another ecosystem and a learner find no one\'s family but their own', async () => {
    for (const token of [other.parent.token, w.tokens.admin2, other.child.token]) {
      for (const target of [w.ids.student, w.ids.parent]) {
        const res = await api.graphql<Family>(FAMILY, { id: target }, { token });
        expect(res.errors).toBeUndefined();
        expect(res.data).toEqual({ getFamilyConnections: [], getUserConnections: [] });
      }
    }
    const students = await api.graphql<{ node: { profile: { students: unknown[] } } | null }>(
      'query($id: ID!) { node(id: $id) { ... on User { profile { students { id } } } } }', { id: toGlobalId('User', w.ids.parent) }, { token: other.parent.token });
    expect(students.data!.node?.profile.students ?? []).toEqual([]);
    const own = await api.graphql<Family>(FAMILY, {}, { token: other.parent.token });
    expect(own.data!.getFamilyConnections).toEqual([{ userId: toGlobalId('User', other.child.userId), side: 'CHILD', relationship: 'PARENT' }]);
  });

  it('records each link in the audit trail with its actor', async () => {
    const rows = await api.db.ownerPool.query<{ type: string; actor: string }>(
      `SELECT type, metadata->'actor'->>'role' AS actor FROM events WHERE type LIKE 'Family%' ORDER BY global_position`);
    expect(rows.rows.map((r) => r.type)).toEqual(['FamilyMemberLinked', 'FamilyMemberLinked']);
    expect(rows.rows.map((r) => r.actor)).toEqual(['SUPER_ADMIN', 'SUPER_ADMIN']);
    // The audit projection is not awaited by the mutation: wait for it here.
    await expect.poll(async () => (await api.db.ownerPool.query<{ summary: string }>(
      `SELECT summary FROM read.breadcrumbs WHERE event_type = 'FamilyMemberLinked' ORDER BY occurred_at`)).rows.map((r) => r.summary), { timeout: 10_000 })
      .toEqual(['Linked a child as PARENT', 'Linked a child as GUARDIAN']);
  });

  it('after unlinking, the parent no longer reads the child', async () => {
    const res = await api.graphql(UNLINK, { input: { parentId: toGlobalId('User', w.ids.parent), childId: w.ids.student, ecosystemId: w.e1 } }, { token: w.tokens.admin1 });
    expect(res.errors).toBeUndefined();
    const gone = await api.graphql(CHILD, { id: toGlobalId('User', w.ids.student) }, { token: w.tokens.parent });
    expect({ errors: gone.errors, data: gone.data }).toEqual({ errors: undefined, data: { node: null } });
    const own = await api.graphql<Family>(FAMILY, {}, { token: w.tokens.parent });
    expect(own.data!.getFamilyConnections).toEqual([]);
  });
});
