/**
 * The notification mutations against the real platform (docs/decisions/0050): each variant for the
 * people it is for, Email and Text per kind, text only with a phone number, an admin acting for a
 * member of their ecosystem; malformed and forbidden input answers its code and writes nothing; the
 * preferences are read by no one of another ecosystem or another family.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type GraphQLResponse, type TestApi } from '../../tests/setup/api';
import { fieldsOf } from '../tenants/testing';
import { toGlobalId } from '../relay';
import { buildWorld, refusedUnchanged, type World } from '../people/testing';

let api: TestApi;
let w: World;

const PREFS = 'id profile { notificationPreference { kind email text } staffNotificationPreference { kind email text } parentNotificationPreference { kind email text } }';
const PERSONAL = `mutation($id: ID, $input: [NotificationSettingInput!]!) { editNotificationSettings(userId: $id, input: $input) { ${PREFS} } }`;
const STAFF = `mutation($id: ID, $input: StaffNotificationSettingInput!) { editStaffNotificationSetting(userId: $id, input: $input) { ${PREFS} } }`;
const PARENT = `mutation($input: [ParentNotificationSettingInput!]!) { editParentNotifications(input: $input) { ${PREFS} } }`;
const PHONE = 'mutation($input: PrimaryInfoInput!) { editPrimaryInfo(input: $input) { id } }';

type Setting = { kind: string; email: boolean; text: boolean };
type Prefs = { profile: Record<'notificationPreference' | 'staffNotificationPreference' | 'parentNotificationPreference', Setting[]> };

const unchanged = (run: () => Promise<GraphQLResponse>, code: string) => refusedUnchanged(api, run, code);
const kindOf = (list: Setting[], kind: string) => list.find((s) => s.kind === kind);

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
});
afterAll(async () => { await api.stop(); });

describe('editNotificationSettings', () => {
  it('starts with e-mail on and text off for every kind, changes only the kinds sent', async () => {
    const res = await api.graphql<{ editNotificationSettings: Prefs }>(PERSONAL, { input: [{ kind: 'NEW_MESSAGE', email: false, text: false }] }, { token: w.tokens.student });
    expect(res.errors).toBeUndefined();
    const list = res.data!.editNotificationSettings.profile.notificationPreference;
    expect(list.map((s) => s.kind)).toEqual(['SESSION_SCHEDULED', 'SESSION_CHANGED', 'SESSION_CANCELLED', 'SESSION_REMINDER', 'NEW_MESSAGE', 'FEEDBACK_REQUESTED']);
    expect(kindOf(list, 'NEW_MESSAGE')).toEqual({ kind: 'NEW_MESSAGE', email: false, text: false });
    expect(kindOf(list, 'SESSION_REMINDER')).toEqual({ kind: 'SESSION_REMINDER', email: true, text: false });
  });

  it('refuses text without a phone number, in the reader\'s language, then takes it once the phone is saved', async () => {
    const input = [{ kind: 'SESSION_REMINDER', email: true, text: true }];
    const en = await unchanged(() => api.graphql(PERSONAL, { input }, { token: w.tokens.student }), 'BAD_USER_INPUT');
    expect(fieldsOf(en)).toEqual({ input: 'Add a phone number under contact info before choosing text messages.' });
    const es = await unchanged(() => api.graphql(PERSONAL, { input }, { token: w.tokens.student, headers: { 'accept-language': 'es' } }), 'BAD_USER_INPUT');
    expect(fieldsOf(es)).toEqual({ input: 'Añada un número de teléfono en los datos de contacto antes de elegir mensajes de texto.' });
    expect((await api.graphql(PHONE, { input: { phoneNumber: '555 123 4567' } }, { token: w.tokens.student })).errors).toBeUndefined();
    const ok = await api.graphql<{ editNotificationSettings: Prefs }>(PERSONAL, { input }, { token: w.tokens.student });
    expect(kindOf(ok.data!.editNotificationSettings.profile.notificationPreference, 'SESSION_REMINDER')).toMatchObject({ text: true });
  });

  it('refuses malformed input (a kind twice, an unknown kind, no kind at all) and writes nothing', async () => {
    const twice = await unchanged(() => api.graphql(PERSONAL, { input: [{ kind: 'NEW_MESSAGE', email: true, text: false }, { kind: 'NEW_MESSAGE', email: false, text: false }] },
      { token: w.tokens.student }), 'BAD_USER_INPUT');
    expect(fieldsOf(twice)).toEqual({ input: 'Each kind of notification can be sent once.' });
    await unchanged(() => api.graphql(PERSONAL, { input: [{ kind: 'SMOKE_SIGNAL', email: true, text: false }] }, { token: w.tokens.student }), 'BAD_USER_INPUT');
    await unchanged(() => api.graphql(PERSONAL, { input: [] }, { token: w.tokens.student }), 'BAD_USER_INPUT');
    await unchanged(() => api.graphql(PERSONAL, { input: [{ kind: 'NEW_MESSAGE', email: true, text: false }] }), 'UNAUTHENTICATED');
  });

  it('lets the ecosystem admin set a member\'s; refuses another ecosystem\'s admin, a parent of another family and a made-up id', async () => {
    const byAdmin = await api.graphql<{ editNotificationSettings: Prefs }>(PERSONAL, { id: w.ids.student, input: [{ kind: 'FEEDBACK_REQUESTED', email: false, text: false }] },
      { token: w.tokens.admin1 });
    expect(kindOf(byAdmin.data!.editNotificationSettings.profile.notificationPreference, 'FEEDBACK_REQUESTED')).toMatchObject({ email: false });
    for (const token of [w.tokens.admin2, w.tokens.parent, w.tokens.programAdmin]) {
      await unchanged(() => api.graphql(PERSONAL, { id: w.ids.student, input: [{ kind: 'NEW_MESSAGE', email: true, text: false }] }, { token }), 'FORBIDDEN');
    }
    await unchanged(() => api.graphql(PERSONAL, { id: crypto.randomUUID(), input: [{ kind: 'NEW_MESSAGE', email: true, text: false }] }, { token: w.tokens.admin1 }), 'FORBIDDEN');
  });
});

describe('editStaffNotificationSetting and editParentNotifications', () => {
  it('let staff and admins set a staff kind, and refuse a learner, writing nothing', async () => {
    const res = await api.graphql<{ editStaffNotificationSetting: Prefs }>(STAFF, { input: { kind: 'LOW_RATING', email: false, text: false } }, { token: w.tokens.admin1 });
    expect(res.errors).toBeUndefined();
    expect(kindOf(res.data!.editStaffNotificationSetting.profile.staffNotificationPreference, 'LOW_RATING')).toEqual({ kind: 'LOW_RATING', email: false, text: false });
    const learner = await unchanged(() => api.graphql(STAFF, { input: { kind: 'LOW_RATING', email: false, text: false } }, { token: w.tokens.student }), 'FORBIDDEN');
    expect(learner.errors![0].message).toMatch(/^Staff notifications are for staff/);
    await unchanged(() => api.graphql(STAFF, { id: w.ids.student, input: { kind: 'SUB_REQUEST', email: false, text: false } }, { token: w.tokens.admin2 }), 'FORBIDDEN');
  });

  it('let a parent set their own parent kinds, and refuse anyone who is not a parent', async () => {
    const res = await api.graphql<{ editParentNotifications: Prefs }>(PARENT, { input: [{ kind: 'WEEKLY_REPORT', email: false, text: false }] }, { token: w.tokens.parent });
    expect(res.errors).toBeUndefined();
    expect(kindOf(res.data!.editParentNotifications.profile.parentNotificationPreference, 'WEEKLY_REPORT')).toMatchObject({ email: false });
    for (const token of [w.tokens.student, w.tokens.admin1]) {
      await unchanged(() => api.graphql(PARENT, { input: [{ kind: 'WEEKLY_REPORT', email: false, text: false }] }, { token }), 'FORBIDDEN');
    }
  });

  it('refuse malformed staff and parent input (a personal kind, a missing channel, text without a phone), writing nothing', async () => {
    await unchanged(() => api.graphql(STAFF, { input: { kind: 'NEW_MESSAGE', email: true, text: false } }, { token: w.tokens.admin1 }), 'BAD_USER_INPUT');
    await unchanged(() => api.graphql(STAFF, { input: { kind: 'SUB_REQUEST', email: true } }, { token: w.tokens.admin1 }), 'BAD_USER_INPUT');
    await unchanged(() => api.graphql(PARENT, { input: [{ kind: 'SESSION_REMINDER', email: true, text: false }] }, { token: w.tokens.parent }), 'BAD_USER_INPUT');
    const text = await unchanged(() => api.graphql(PARENT, { input: [{ kind: 'WEEKLY_REPORT', email: true, text: true }] }, { token: w.tokens.parent }), 'BAD_USER_INPUT');
    expect(fieldsOf(text)).toEqual({ input: 'Add a phone number under contact info before choosing text messages.' });
  });
});

describe('reading the preferences', () => {
  const NODE = 'query($id: ID!) { node(id: $id) { ... on User { profile { notificationPreference { kind email } parentNotificationPreference { kind email } } } } }';

  it('shows them to the person and their admin; to another ecosystem and to a parent of another family the learner does not exist', async () => {
    const student = toGlobalId('User', w.ids.student);
    const admin = await api.graphql<{ node: Prefs }>(NODE, { id: student }, { token: w.tokens.admin1 });
    expect(admin.errors).toBeUndefined();
    expect(kindOf(admin.data!.node.profile.notificationPreference, 'FEEDBACK_REQUESTED')).toMatchObject({ email: false });
    const other = await api.graphql<{ node: unknown }>(NODE, { id: student }, { token: w.tokens.admin2 });
    expect(other.errors).toBeUndefined();
    expect(other.data!.node).toBeNull();
    // A learner is visible only to the people over them (decision 0053): another family finds no one.
    const family = await api.graphql<{ node: unknown }>(NODE, { id: student }, { token: w.tokens.parent });
    expect({ errors: family.errors, node: family.data!.node }).toEqual({ errors: undefined, node: null });
    const parentOfOther = await api.graphql(NODE, { id: toGlobalId('User', w.ids.parent) }, { token: w.tokens.admin2 });
    expect((parentOfOther.data as { node: unknown }).node).toBeNull();
  });
});
