/**
 * The admin actions on chosen people against the real platform (decision 0049): archive and role
 * changes (each change an event in the audit trail, a repeat records nothing), a password set by
 * an admin (policy, sessions ended); forbidden and malformed input answer their code and write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type GraphQLResponse, type TestApi } from '../../tests/setup/api';
import { codeOf, fieldsOf } from '../tenants/testing';
import { addPerson, buildWorld, PASSWORD, refusedUnchanged, type World } from '../people/testing';
import { toGlobalId } from '../relay';

let api: TestApi;
let w: World;
let ann: { userId: string; token: string };
let bob: { userId: string; token: string };
let both: { userId: string; token: string };

const ARCHIVE = `mutation($e: ID, $ids: [ID!]!) { adminArchiveOneOrManyUser(ecosystemId: $e, userIds: $ids) {
  changedCount users { firstName status roles } } }`;
const PERMISSIONS = `mutation($e: ID, $ids: [ID!]!, $changes: UserPermissionChanges!) { updateOneOrManyUserPermissions(ecosystemId: $e, userIds: $ids, changes: $changes) {
  changedCount users { firstName status roles programIds } } }`;
const PASSWORD_SET = 'mutation($id: ID!, $p: String!) { adminSaveEcosystemUserPassword(userId: $id, password: $p) { id } }';

type Result = { changedCount: number; users: Array<{ firstName: string; status: string; roles: string[]; programIds?: string[] }> };
const unchanged = (run: () => Promise<GraphQLResponse>, code: string) => refusedUnchanged(api, run, code);

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  ann = await addPerson(api, 'ann.one@example.com', [{ ecosystemId: w.e1, role: 'STUDENT' }, { ecosystemId: w.e1, role: 'PUPIL', programId: w.p1 }]);
  bob = await addPerson(api, 'bob.two@example.com', [{ ecosystemId: w.e1, role: 'MEMBER' }]);
  both = await addPerson(api, 'bea.both@example.com', [{ ecosystemId: w.e1, role: 'MEMBER' }, { ecosystemId: w.e2, role: 'MEMBER' }]);
}, 60_000);
afterAll(async () => { await api.stop(); });

describe('adminArchiveOneOrManyUser', () => {
  it('archives every role of each person in the ecosystem; a repeat records nothing', async () => {
    const res = await api.graphql<{ adminArchiveOneOrManyUser: Result }>(ARCHIVE, { e: w.e1, ids: [ann.userId, toGlobalId('User', bob.userId)] }, { token: w.tokens.admin1 });
    expect(res.errors).toBeUndefined();
    expect(res.data!.adminArchiveOneOrManyUser).toEqual({
      changedCount: 2, users: [{ firstName: 'Ann', status: 'ARCHIVED', roles: ['PUPIL', 'STUDENT'] }, { firstName: 'Bob', status: 'ARCHIVED', roles: ['MEMBER'] }],
    });
    const before = await api.eventCount();
    const again = await api.graphql<{ adminArchiveOneOrManyUser: Result }>(ARCHIVE, { e: w.e1, ids: [ann.userId, bob.userId] }, { token: w.tokens.admin1 });
    expect(again.data!.adminArchiveOneOrManyUser.changedCount).toBe(0);
    expect(await api.eventCount()).toBe(before);
  });

  it('records each change in the audit trail, with the admin as actor', async () => {
    await expect.poll(async () => (await api.db.ownerPool.query<{ actor_role: string; target_id: string }>(
      `SELECT actor_role, target_id FROM read.breadcrumbs WHERE event_type = 'EcosystemRoleStatusChanged' AND changes->>'roleStatus' = 'ARCHIVED'
        AND target_id = ANY($1)`, [[ann.userId, bob.userId]])).rows.map((r) => r.actor_role), { timeout: 10_000 }).toEqual(['SUPER_ADMIN', 'SUPER_ADMIN', 'SUPER_ADMIN']);
  });

  it('refuses others\' admins, parents and learners, and bad lists per entry, writing nothing', async () => {
    for (const token of [w.tokens.admin2, w.tokens.parent, w.tokens.student, w.tokens.programAdmin]) {
      await unchanged(() => api.graphql(ARCHIVE, { e: w.e1, ids: [w.ids.student] }, { token }), 'FORBIDDEN');
    }
    const admin1Id = (await api.graphql<{ getCurrentUserV2: { id: string } }>('{ getCurrentUserV2 { id } }', {}, { token: w.tokens.admin1 })).data!.getCurrentUserV2.id;
    const res = await unchanged(() => api.graphql(ARCHIVE, { e: w.e1, ids: [w.ids.student, 'nope', w.ids.admin2, w.ids.student, admin1Id] }, { token: w.tokens.admin1 }), 'BAD_USER_INPUT');
    expect(fieldsOf(res)).toEqual({ 'userIds.1': 'User id must be a valid id.' });
    const named = await unchanged(() => api.graphql(ARCHIVE, { e: w.e1, ids: [w.ids.student, w.ids.admin2, w.ids.student, admin1Id] }, { token: w.tokens.admin1 }), 'BAD_USER_INPUT');
    expect(fieldsOf(named)).toEqual({
      'userIds.1': 'This person does not belong to this ecosystem.', 'userIds.2': 'This person is named twice.', 'userIds.3': 'You cannot do this to your own account.',
    });
    await unchanged(() => api.graphql(ARCHIVE, { e: w.e1, ids: [] }, { token: w.tokens.admin1 }), 'BAD_USER_INPUT');
    await unchanged(() => api.graphql(ARCHIVE, { e: w.e1, ids: Array.from({ length: 101 }, () => crypto.randomUUID()) }, { token: w.tokens.admin1 }), 'BAD_USER_INPUT');
  });
});

describe('updateOneOrManyUserPermissions', () => {
  it('gives and takes roles; a program role names a program of the ecosystem', async () => {
    const res = await api.graphql<{ updateOneOrManyUserPermissions: Result }>(PERMISSIONS, {
      e: w.e1, ids: [both.userId], changes: { add: [{ role: 'LEADER', programId: toGlobalId('Program', w.p1) }], remove: [{ role: 'MEMBER' }] },
    }, { token: w.tokens.admin1 });
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateOneOrManyUserPermissions).toEqual({
      changedCount: 1, users: [{ firstName: 'Bea', status: 'ACTIVATED', roles: ['LEADER'], programIds: [toGlobalId('Program', w.p1)] }],
    });
  });

  it('refuses a program role without a program of this ecosystem, taking one\'s own admin role, and others\' admins, writing nothing', async () => {
    const bad = await unchanged(() => api.graphql(PERMISSIONS, { e: w.e1, ids: [both.userId], changes: { add: [{ role: 'LEADER' }] } }, { token: w.tokens.admin1 }), 'BAD_USER_INPUT');
    expect(fieldsOf(bad)).toEqual({ 'changes.add.0.programId': 'Choose a program of this ecosystem.' });
    const other = await unchanged(() => api.graphql(PERMISSIONS, { e: w.e1, ids: [both.userId], changes: { add: [{ role: 'PUPIL', programId: crypto.randomUUID() }] } }, { token: w.tokens.admin1 }), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(other))).toEqual(['changes.add.0.programId']);
    await unchanged(() => api.graphql(PERMISSIONS, { e: w.e1, ids: [both.userId], changes: {} }, { token: w.tokens.admin1 }), 'BAD_USER_INPUT');
    const admin1Id = (await api.graphql<{ getCurrentUserV2: { id: string } }>('{ getCurrentUserV2 { id } }', {}, { token: w.tokens.admin1 })).data!.getCurrentUserV2.id;
    const own = await unchanged(() => api.graphql(PERMISSIONS, { e: w.e1, ids: [admin1Id], changes: { remove: [{ role: 'SUPER_ADMIN' }] } }, { token: w.tokens.admin1 }), 'BAD_USER_INPUT');
    expect(fieldsOf(own)).toEqual({ 'changes.remove': 'You cannot take your own admin role.' });
    for (const token of [w.tokens.admin2, w.tokens.parent]) {
      await unchanged(() => api.graphql(PERMISSIONS, { e: w.e1, ids: [both.userId], changes: { add: [{ role: 'SUPER_ADMIN' }] } }, { token }), 'FORBIDDEN');
    }
  });
});

describe('adminSaveEcosystemUserPassword', () => {
  it('sets a member\'s password under the policy and ends their sessions', async () => {
    const before = await api.graphql('{ getCurrentUserV2 { id } }', {}, { token: w.tokens.student });
    expect(before.errors).toBeUndefined();
    const res = await api.graphql(PASSWORD_SET, { id: w.ids.student, p: 'a-new-Secret-phrase-42' }, { token: w.tokens.admin1 });
    expect(res.errors).toBeUndefined();
    expect(codeOf(await api.graphql('{ getCurrentUserV2 { id } }', {}, { token: w.tokens.student }))).toBe('UNAUTHENTICATED');
    expect(await api.login('sam.student@example.com', 'a-new-Secret-phrase-42')).toBeTruthy();
    await expect(api.login('sam.student@example.com', PASSWORD)).rejects.toThrow();
  });

  it('refuses a weak password, a person of more ecosystems than the admin\'s, a platform admin, oneself and others\' admins, writing nothing', async () => {
    const weak = await unchanged(() => api.graphql(PASSWORD_SET, { id: w.ids.parent, p: 'password' }, { token: w.tokens.admin1 }), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(weak))).toEqual(['password']);
    const platformAdminId = (await api.graphql<{ getCurrentUserV2: { id: string } }>('{ getCurrentUserV2 { id } }', {}, { token: w.tokens.platformAdmin })).data!.getCurrentUserV2.id;
    const admin1Id = (await api.graphql<{ getCurrentUserV2: { id: string } }>('{ getCurrentUserV2 { id } }', {}, { token: w.tokens.admin1 })).data!.getCurrentUserV2.id;
    for (const id of [both.userId, platformAdminId, admin1Id, crypto.randomUUID()]) {
      await unchanged(() => api.graphql(PASSWORD_SET, { id, p: 'another-Good-phrase-7' }, { token: w.tokens.admin1 }), 'FORBIDDEN');
    }
    for (const token of [w.tokens.admin2, w.tokens.parent, w.tokens.programAdmin]) {
      await unchanged(() => api.graphql(PASSWORD_SET, { id: w.ids.parent, p: 'another-Good-phrase-7' }, { token }), 'FORBIDDEN');
    }
    const res = await api.graphql(PASSWORD_SET, { id: both.userId, p: 'another-Good-phrase-7' }, { token: w.tokens.platformAdmin });
    expect(res.errors).toBeUndefined();
  });
});

describe('sendErrorMessageFollowUpToUser', () => {
  const FOLLOW_UP = 'mutation($id: ID!, $e: ID, $m: String!, $err: String) { sendErrorMessageFollowUpToUser(userId: $id, ecosystemId: $e, message: $m, errorMessage: $err) { messageId status } }';

  it('sends the admin\'s note through the outbox, in the person\'s language, naming the error', async () => {
    await api.graphql('mutation { updateUser(input: { languagePreference: sp }) { id } }', {}, { token: bob.token });
    const res = await api.graphql<{ sendErrorMessageFollowUpToUser: { messageId: string } }>(FOLLOW_UP,
      { id: bob.userId, e: w.e1, m: 'Your booking went through after all.', err: 'Something went wrong.' }, { token: w.tokens.admin1 });
    expect(res.errors).toBeUndefined();
    const id = res.data!.sendErrorMessageFollowUpToUser.messageId;
    const schema = (await api.db.ownerPool.query<{ s: string }>(`SELECT schema_name AS s FROM projections.checkpoints WHERE name = 'messages' AND status = 'serving'`)).rows[0].s;
    const row = await api.db.ownerPool.query<{ kind: string; language: string; recipient: string; subject: string; text_body: string }>(
      `SELECT m.kind, m.language, m.recipient, b.subject, b.text_body FROM read.messages m JOIN "${schema}".message_bodies b ON b.id = m.id WHERE m.id = $1`, [id]);
    expect(row.rows[0]).toMatchObject({ kind: 'ERROR_FOLLOW_UP', language: 'es', recipient: 'bob.two@example.com' });
    expect(row.rows[0].subject).toMatch(/^Sobre el problema que tuvo en /);
    expect(row.rows[0].text_body).toContain('Your booking went through after all.');
    expect(row.rows[0].text_body).toContain('Lo que vio: Something went wrong.');
    // Delivery goes on after the answer (no transport here: the outbox keeps it); let it settle.
    await expect.poll(async () => (await api.db.ownerPool.query<{ status: string }>('SELECT status FROM read.messages WHERE id = $1', [id])).rows[0].status,
      { timeout: 15_000 }).toBe('OUTBOX');
  });

  it('refuses others\' admins, parents and an empty note, writing nothing', async () => {
    // (The learner's own sessions were ended by the password test above.)
    for (const token of [w.tokens.admin2, w.tokens.parent, w.tokens.programAdmin]) {
      await unchanged(() => api.graphql(FOLLOW_UP, { id: bob.userId, e: w.e1, m: 'Hello.' }, { token }), 'FORBIDDEN');
    }
    const empty = await unchanged(() => api.graphql(FOLLOW_UP, { id: bob.userId, e: w.e1, m: '  ' }, { token: w.tokens.admin1 }), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(empty))).toEqual(['message']);
  });
});
