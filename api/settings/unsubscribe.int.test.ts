/**
 * The unsubscribe link of a notification e-mail (docs/decisions/0072) against the real platform:
 * without a session it turns that one kind's e-mail off for the person it names (text and other
 * kinds unchanged), as the person, once; a forged or mistyped token answers BAD_USER_INPUT in the
 * reader's language and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { fieldsOf } from '../tenants/testing';
import { toGlobalId } from '../relay';
import { buildWorld, refusedUnchanged, type World } from '../people/testing';

let api: TestApi;
let w: World;

const UNSUBSCRIBE = 'mutation($token: String!) { unsubscribe(token: $token) { kind variant } }';
const PREFS = 'query($id: ID!) { node(id: $id) { ... on User { profile { parentNotificationPreference { kind email text } } } } }';

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
});
afterAll(async () => { await api.stop(); });

describe('unsubscribe', () => {
  it("turns one kind's e-mail off for the link's person, without a session, once", async () => {
    const token = api.platform.services.auth.unsubscribe.sign({ userId: w.ids.parent, variant: 'parentNotificationPreference', kind: 'CHILD_SESSION_CANCELLED' });
    const before = await api.eventCount();
    const res = await api.graphql<{ unsubscribe: { kind: string; variant: string } }>(UNSUBSCRIBE, { token }, { token: null });
    expect(res.errors).toBeUndefined();
    expect(res.data?.unsubscribe).toEqual({ kind: 'CHILD_SESSION_CANCELLED', variant: 'parentNotificationPreference' });
    expect(await api.eventCount()).toBe(before + 1);
    const prefs = await api.graphql<{ node: { profile: { parentNotificationPreference: Array<{ kind: string; email: boolean; text: boolean }> } } }>(
      PREFS, { id: toGlobalId('User', w.ids.parent) }, { token: w.tokens.parent });
    const list = prefs.data!.node.profile.parentNotificationPreference;
    expect(list.find((s) => s.kind === 'CHILD_SESSION_CANCELLED')).toEqual({ kind: 'CHILD_SESSION_CANCELLED', email: false, text: false });
    expect(list.find((s) => s.kind === 'CHILD_SESSION_SCHEDULED')).toMatchObject({ email: true });
    // The edit is the person's own, in the log (and so in the audit trail).
    const last = await api.db.ownerPool.query<{ type: string; actor: string }>(
      `SELECT type, metadata->'actor'->>'userId' AS actor FROM events WHERE stream_id = $1 ORDER BY revision DESC LIMIT 1`, [`user-${w.ids.parent}`]);
    expect(last.rows[0]).toEqual({ type: 'UserProfileEdited', actor: w.ids.parent });
    // The link again: the same answer, nothing written.
    expect((await api.graphql(UNSUBSCRIBE, { token }, { token: null })).errors).toBeUndefined();
    expect(await api.eventCount()).toBe(before + 1);
  });

  it('refuses a forged, altered or foreign token in the reader\'s language and writes nothing', async () => {
    const token = api.platform.services.auth.unsubscribe.sign({ userId: w.ids.student, variant: 'notificationPreference', kind: 'SESSION_CANCELLED' });
    const [payload, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ u: w.ids.parent, v: 'notificationPreference', k: 'SESSION_CANCELLED' })).toString('base64url')}.${signature}`;
    for (const bad of [forged, `${payload}.${signature.slice(0, -2)}AA`, 'nonsense', '']) {
      const en = await refusedUnchanged(api, () => api.graphql(UNSUBSCRIBE, { token: bad }, { token: null }), 'BAD_USER_INPUT');
      expect(fieldsOf(en)).toEqual({ token: 'This unsubscribe link is not valid. Open it again from the e-mail, or change your notifications in your account settings.' });
    }
    const es = await refusedUnchanged(api, () => api.graphql(UNSUBSCRIBE, { token: forged }, { token: null, headers: { 'accept-language': 'es' } }), 'BAD_USER_INPUT');
    expect(fieldsOf(es).token).toContain('Este enlace para darse de baja no es válido.');
    // A kind of another variant than the token's is not a kind: refused too.
    const wrongKind = api.platform.services.auth.unsubscribe.sign({ userId: w.ids.student, variant: 'notificationPreference', kind: 'WEEKLY_REPORT' });
    await refusedUnchanged(api, () => api.graphql(UNSUBSCRIBE, { token: wrongKind }, { token: null }), 'BAD_USER_INPUT');
  });

  it("turns a parent's WEEKLY_REPORT e-mail off and keeps its text, the other parent kinds and the person's own kinds unchanged", async () => {
    const EDIT = 'mutation($input: [ParentNotificationSettingInput!]!) { editParentNotifications(input: $input) { id } }';
    const PROFILE = 'mutation($id: ID!, $input: ProfileInput!) { genericUpdateUser(userId: $id, input: $input) { id } }';
    expect((await api.graphql(PROFILE, { id: w.ids.parent, input: { phoneNumber: '5552223344' } }, { token: w.tokens.admin1 })).errors).toBeUndefined();
    expect((await api.graphql(EDIT, { input: [{ kind: 'WEEKLY_REPORT', email: true, text: true }] }, { token: w.tokens.parent })).errors).toBeUndefined();
    const token = api.platform.services.auth.unsubscribe.sign({ userId: w.ids.parent, variant: 'parentNotificationPreference', kind: 'WEEKLY_REPORT' });
    const res = await api.graphql<{ unsubscribe: { kind: string; variant: string } }>(UNSUBSCRIBE, { token }, { token: null });
    expect(res.errors).toBeUndefined();
    expect(res.data?.unsubscribe).toEqual({ kind: 'WEEKLY_REPORT', variant: 'parentNotificationPreference' });
    const prefs = await api.graphql<{ node: { profile: { parentNotificationPreference: Array<{ kind: string; email: boolean; text: boolean }> } } }>(
      PREFS, { id: toGlobalId('User', w.ids.parent) }, { token: w.tokens.parent });
    const list = prefs.data!.node.profile.parentNotificationPreference;
    expect(list.find((s) => s.kind === 'WEEKLY_REPORT')).toEqual({ kind: 'WEEKLY_REPORT', email: false, text: true });
    expect(list.find((s) => s.kind === 'CHILD_SESSION_REMINDER')).toMatchObject({ email: true });
    // The edit is the parent's own, in the log.
    const last = await api.db.ownerPool.query<{ type: string; actor: string; data: string }>(
      `SELECT type, metadata->'actor'->>'userId' AS actor, data::text AS data FROM events WHERE stream_id = $1 ORDER BY revision DESC LIMIT 1`, [`user-${w.ids.parent}`]);
    expect(last.rows[0]).toMatchObject({ type: 'UserProfileEdited', actor: w.ids.parent });
    expect(last.rows[0].data).toContain('parentNotificationPreference');
  });
});
