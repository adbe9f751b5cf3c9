/**
 * Meeting-provider credentials over real HTTP: an ecosystem's admins set and clear them, nobody
 * reads them back (not the API, not the event log, not the stored row in plain text), other
 * ecosystems' admins and everyone else are refused, and refused input writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type GraphQLResponse, type TestApi } from '../../tests/setup/api';
import { codeOf } from '../tenants/testing';
import { buildWorld, refusedUnchanged, type World } from '../people/testing';

let api: TestApi;
let world: World;
const API_KEY = 'lessonspace-organisation-key-4f9a';
const ZOOM_SECRET = 'zoom-client-secret-nobody-reads-back';

const STATUS = 'query($id: ID!) { meetingCredentials(ecosystemId: $id) { provider isSet setAt } }';
const SET_LS = 'mutation($input: LessonspaceCredentialsInput!) { setLessonspaceCredentials(input: $input) { provider isSet setAt } }';
const SET_ZOOM = 'mutation($input: ZoomCredentialsInput!) { setZoomCredentials(input: $input) { provider isSet } }';
const CLEAR = 'mutation($id: ID!, $provider: MeetingProvider!) { clearMeetingCredentials(ecosystemId: $id, provider: $provider) { provider isSet } }';

let keys = 0;
const key = () => ({ 'idempotency-key': `meetings-credentials-${++keys}` });
const zoom = (ecosystemId: string, extra: Record<string, unknown> = {}) => ({ ecosystemId, accountId: 'acct-1', clientId: 'client-1', clientSecret: ZOOM_SECRET, ...extra });

const rows = async () => (await api.db.ownerPool.query('SELECT * FROM meetings.credentials ORDER BY ecosystem_id, provider')).rows as unknown[];

/** Refused, with neither an event nor a credentials row written. */
async function refused(run: () => Promise<GraphQLResponse>, code: string) {
  const before = await rows();
  const res = await refusedUnchanged(api, run, code);
  expect(await rows()).toEqual(before);
  return res;
}

beforeAll(async () => {
  api = await startTestApi();
  world = await buildWorld(api);
});
afterAll(async () => { await api?.stop(); });

describe('setting credentials', () => {
  it('an ecosystem admin sets a Lessonspace key; the answer, the log and the row never show it', async () => {
    const events = await api.eventCount();
    const res = await api.graphql<{ setLessonspaceCredentials: Array<{ provider: string; isSet: boolean; setAt: string | null }> }>(
      SET_LS, { input: { ecosystemId: world.e1, apiKey: `  ${API_KEY}\n` } }, { token: world.tokens.admin1, headers: key() });
    expect(res.errors).toBeUndefined();
    expect(res.data?.setLessonspaceCredentials).toEqual([
      { provider: 'LESSONSPACE', isSet: true, setAt: expect.any(String) },
      { provider: 'ZOOM', isSet: false, setAt: null },
    ]);
    expect(JSON.stringify(res)).not.toContain(API_KEY);
    expect(await api.eventCount()).toBe(events);
    expect(JSON.stringify(await rows())).not.toContain(API_KEY);
    // The room maker opens them whole (trimmed as pasted).
    expect(await api.platform.services.meetings.open(world.e1, 'LESSONSPACE')).toEqual({ provider: 'LESSONSPACE', apiKey: API_KEY });
  });

  it('sets Zoom credentials, replaces them, and clears them', async () => {
    const set = await api.graphql<{ setZoomCredentials: unknown[] }>(SET_ZOOM, { input: zoom(world.e1) }, { token: world.tokens.admin1, headers: key() });
    expect(set.data?.setZoomCredentials).toEqual([{ provider: 'LESSONSPACE', isSet: true }, { provider: 'ZOOM', isSet: true }]);
    await api.graphql(SET_ZOOM, { input: zoom(world.e1, { clientId: 'client-2' }) }, { token: world.tokens.admin1, headers: key() });
    expect(await api.platform.services.meetings.open(world.e1, 'ZOOM')).toEqual({ provider: 'ZOOM', accountId: 'acct-1', clientId: 'client-2', clientSecret: ZOOM_SECRET });
    expect(JSON.stringify(await rows())).not.toMatch(new RegExp(`${ZOOM_SECRET}|client-2|acct-1`));
    const cleared = await api.graphql<{ clearMeetingCredentials: unknown[] }>(CLEAR, { id: world.e1, provider: 'ZOOM' }, { token: world.tokens.admin1, headers: key() });
    expect(cleared.data?.clearMeetingCredentials).toEqual([{ provider: 'LESSONSPACE', isSet: true }, { provider: 'ZOOM', isSet: false }]);
    expect(await api.platform.services.meetings.open(world.e1, 'ZOOM')).toBeNull();
  });

  it('sealed credentials copied to another ecosystem do not open', async () => {
    await api.db.ownerPool.query(
      `INSERT INTO meetings.credentials (ecosystem_id, provider, sealed, set_by, set_at)
       SELECT $2, provider, sealed, set_by, set_at FROM meetings.credentials WHERE ecosystem_id = $1 AND provider = 'LESSONSPACE'`, [world.e1, world.e2]);
    await expect(api.platform.services.meetings.open(world.e2, 'LESSONSPACE')).rejects.toThrow();
    await api.db.ownerPool.query('DELETE FROM meetings.credentials WHERE ecosystem_id = $1', [world.e2]);
  });
});

describe('who may', () => {
  it('shows only whether they are set, to the ecosystem\'s admins and platform admins', async () => {
    const own = await api.graphql<{ meetingCredentials: unknown[] }>(STATUS, { id: world.e1 }, { token: world.tokens.admin1 });
    expect(own.data?.meetingCredentials).toEqual([
      { provider: 'LESSONSPACE', isSet: true, setAt: expect.any(String) }, { provider: 'ZOOM', isSet: false, setAt: null },
    ]);
    const platform = await api.graphql<{ meetingCredentials: unknown[] }>(STATUS, { id: world.e1 }, { token: world.tokens.platformAdmin });
    expect(platform.data?.meetingCredentials).toEqual(own.data?.meetingCredentials);
    // Another ecosystem's admin, a program admin, a student and a parent find nothing.
    for (const token of [world.tokens.admin2, world.tokens.programAdmin, world.tokens.student, world.tokens.parent]) {
      const other = await api.graphql(STATUS, { id: world.e1 }, { token });
      expect(codeOf(other)).toBe('FORBIDDEN');
      expect(other.data?.meetingCredentials ?? null).toBeNull();
    }
    expect(codeOf(await api.graphql(STATUS, { id: world.e1 }))).toBe('UNAUTHENTICATED');
  });

  it('refuses everyone else\'s changes, writing nothing', async () => {
    for (const token of [world.tokens.admin2, world.tokens.programAdmin, world.tokens.student, world.tokens.parent]) {
      await refused(() => api.graphql(SET_LS, { input: { ecosystemId: world.e1, apiKey: 'stolen-key' } }, { token, headers: key() }), 'FORBIDDEN');
      await refused(() => api.graphql(SET_ZOOM, { input: zoom(world.e1) }, { token, headers: key() }), 'FORBIDDEN');
      await refused(() => api.graphql(CLEAR, { id: world.e1, provider: 'LESSONSPACE' }, { token, headers: key() }), 'FORBIDDEN');
    }
    await refused(() => api.graphql(CLEAR, { id: world.e1, provider: 'LESSONSPACE' }, { headers: key() }), 'UNAUTHENTICATED');
  });

  it('refuses malformed input, writing nothing, with messages in the reader\'s language', async () => {
    const admin = { token: world.tokens.admin1 };
    await refused(() => api.graphql(SET_LS, { input: { ecosystemId: world.e1, apiKey: '   ' } }, { ...admin, headers: key() }), 'BAD_USER_INPUT');
    await refused(() => api.graphql(SET_LS, { input: { ecosystemId: world.e1, apiKey: 'two words' } }, { ...admin, headers: key() }), 'BAD_USER_INPUT');
    await refused(() => api.graphql(SET_LS, { input: { ecosystemId: world.e1, apiKey: 'k'.repeat(501) } }, { ...admin, headers: key() }), 'BAD_USER_INPUT');
    await refused(() => api.graphql(SET_ZOOM, { input: zoom(world.e1, { clientSecret: '' }) }, { ...admin, headers: key() }), 'BAD_USER_INPUT');
    await refused(() => api.graphql(SET_ZOOM, { input: zoom('not-an-id') }, { ...admin, headers: key() }), 'BAD_USER_INPUT');
    await refused(() => api.graphql(CLEAR, { id: world.e1, provider: 'TEAMS' }, { ...admin, headers: key() }), 'BAD_USER_INPUT');
    // A well-formed id of no ecosystem: nothing to set credentials for.
    await refused(() => api.graphql(SET_LS, { input: { ecosystemId: '00000000-0000-4000-8000-000000000000', apiKey: 'k' } },
      { token: world.tokens.platformAdmin, headers: key() }), 'NOT_FOUND');
    const spanish = await refused(() => api.graphql(SET_ZOOM, { input: zoom(world.e1, { accountId: '' }) },
      { ...admin, headers: { ...key(), 'accept-language': 'es' } }), 'BAD_USER_INPUT');
    expect(JSON.stringify(spanish.errors)).toContain('Escriba el ID de cuenta de su aplicación de Zoom.');
  });
});
