/**
 * Stand-ins that speak the providers' APIs as far as the adapters use them, for tests: a
 * Lessonspace Launch endpoint that keeps spaces by id (with room.sh's import of files, the
 * organisation's session list and playback, decision 0065), and a Zoom account with its OAuth token
 * endpoint and meetings. Each checks the credentials it was made with and answers as the provider
 * documents (201 new space / 200 existing; 201 created meeting; 204 changed; 401, 404).
 */
import { createHash } from 'node:crypto';
import { standIn, type Reply, type SeenRequest, type StandIn } from './testing';

const digest = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

export interface FakeLesson {
  uuid: string;
  spaceId: string;
  startTime: string;
  endTime: string;
  /** Whether Lessonspace has a recording of it (recording was on). */
  recorded: boolean;
}

export interface FakeLessonspace extends StandIn {
  spaces: Map<string, Record<string, unknown>>;
  /** Files imported into each room (by space id), as room.sh received them. */
  imported: Map<string, { name: string; type: string; bytes: Buffer }[]>;
  /** Lessons held in spaces, which the organisation's session list answers. */
  lessons: FakeLesson[];
  organisationId: number;
}

const ORGANISATION_ID = 4242;
const roomOf = (spaceId: string): string => digest(`room/${spaceId}`);
const secretOf = (spaceId: string): string => digest(`secret/${spaceId}`);

/** The organisation's sessions, as GET /v2/organisations/{id}/sessions/ filters them (launch_id and start times). */
function sessionList(r: SeenRequest, lessons: FakeLesson[], base: string): Reply {
  const after = r.query.get('start_time_after');
  const before = r.query.get('start_time_before');
  const chosen = lessons.filter((l) => (r.query.get('launch_id') === null || l.spaceId === r.query.get('launch_id'))
    && (after === null || Date.parse(l.startTime) >= Date.parse(after)) && (before === null || Date.parse(l.startTime) <= Date.parse(before)));
  const results = chosen.map((l) => ({
    uuid: l.uuid, start_time: l.startTime, end_time: l.endTime, space: { launch_id: l.spaceId },
    playback_url: `${base}/v2/organisations/${ORGANISATION_ID}/sessions/${l.uuid}/playback/`,
  }));
  return { status: 200, body: { count: results.length, next: null, previous: null, results } };
}

function playback(r: SeenRequest, lessons: FakeLesson[], uuid: string): Reply {
  const lesson = lessons.find((l) => l.uuid === uuid);
  if (!lesson?.recorded) return { status: 404, body: { detail: 'Not found.' } };
  const options = ['media', 'tracks', 'content', 'layout'].map((k) => `${k}=${r.query.get(k) ?? ''}`).join('&');
  return { status: 200, body: { recording_url: `https://go.room.sh/playback/${digest(uuid)}?${options}` } };
}

export async function fakeLessonspace(apiKey: string): Promise<FakeLessonspace> {
  const spaces = new Map<string, Record<string, unknown>>();
  const imported = new Map<string, { name: string; type: string; bytes: Buffer }[]>();
  const lessons: FakeLesson[] = [];
  let base = '';
  const launch = (r: SeenRequest): Reply => {
    const body = (r.body ?? {}) as Record<string, unknown>;
    const id = body.id;
    if (typeof id !== 'string' || id.length === 0 || id.length > 64) return { status: 400, body: { id: ['Ensure this field has no more than 64 characters.'] } };
    const existed = spaces.has(id);
    const { user, ...settings } = body;
    spaces.set(id, { ...(spaces.get(id) ?? {}), ...settings });
    const who = user && typeof user === 'object' ? `&user=${digest(JSON.stringify(user))}` : '';
    return {
      status: existed ? 200 : 201,
      body: {
        client_url: `https://go.room.sh/?space=${digest(id)}${who}`, api_base: base, room_id: roomOf(id), secret: secretOf(id),
        session_id: digest(`session/${id}`),
      },
    };
  };
  const importFiles = (r: SeenRequest, roomId: string): Reply => {
    const spaceId = [...spaces.keys()].find((id) => roomOf(id) === roomId);
    if (!spaceId) return { status: 404, body: { detail: 'Not found.' } };
    if (r.headers.authorization !== `secret ${secretOf(spaceId)}`) return { status: 403, body: { detail: 'Invalid secret.' } };
    if (r.files.length === 0 || r.files.some((f) => f.field !== 'files')) return { status: 400, body: { detail: 'No files.' } };
    imported.set(spaceId, [...(imported.get(spaceId) ?? []), ...r.files.map(({ name, type, bytes }) => ({ name, type, bytes }))]);
    return { status: 200, body: { imported: r.files.length } };
  };
  const api = (r: SeenRequest): Reply => {
    if (r.headers.authorization !== `Organisation ${apiKey}`) return { status: 401, body: { detail: 'Invalid token.' } };
    if (r.method === 'POST' && r.path === '/v2/spaces/launch/') return launch(r);
    if (r.method === 'GET' && r.path === '/v2/my-organisation/') return { status: 200, body: { id: ORGANISATION_ID, name: 'Stand-in tutoring' } };
    if (r.method === 'GET' && r.path === `/v2/organisations/${ORGANISATION_ID}/sessions/`) return sessionList(r, lessons, base);
    const m = /^\/v2\/organisations\/(\d+)\/sessions\/([^/]+)\/playback\/$/.exec(r.path);
    if (r.method === 'GET' && m && Number(m[1]) === ORGANISATION_ID) return playback(r, lessons, m[2]);
    return { status: 404, body: { detail: 'Not found.' } };
  };
  const server = await standIn((r) => {
    const room = /^\/v1\/rooms\/([^/]+)\/import$/.exec(r.path);
    return r.method === 'POST' && room ? importFiles(r, room[1]) : api(r);
  });
  base = server.url;
  return Object.assign(server, { spaces, imported, lessons, organisationId: ORGANISATION_ID });
}

export interface ZoomAccount {
  accountId: string;
  clientId: string;
  clientSecret: string;
}

export interface FakeZoom extends StandIn {
  meetings: Map<string, Record<string, unknown>>;
  tokensIssued: () => number;
}

export async function fakeZoom(account: ZoomAccount): Promise<FakeZoom> {
  const meetings = new Map<string, Record<string, unknown>>();
  const tokens = new Set<string>();
  let nextId = 85_000_000_001;
  const token = (r: SeenRequest): Reply => {
    const basic = `Basic ${Buffer.from(`${account.clientId}:${account.clientSecret}`).toString('base64')}`;
    if (r.headers.authorization !== basic) return { status: 400, body: { reason: 'Invalid client_id or client_secret', error: 'invalid_client' } };
    if (r.query.get('grant_type') !== 'account_credentials' || r.query.get('account_id') !== account.accountId) {
      return { status: 400, body: { reason: 'Invalid grant type', error: 'unsupported_grant_type' } };
    }
    const value = `zoom-token-${tokens.size + 1}`;
    tokens.add(value);
    return { status: 200, body: { access_token: value, token_type: 'bearer', expires_in: 3599, scope: 'meeting:write:meeting:admin' } };
  };
  const authorised = (r: SeenRequest): boolean => tokens.has(String(r.headers.authorization ?? '').replace(/^Bearer /, ''));
  const create = (r: SeenRequest): Reply => {
    const id = String(nextId++);
    const meeting = { ...(r.body as Record<string, unknown>), id: Number(id), join_url: `https://us02web.zoom.us/j/${id}?pwd=${digest(id)}` };
    meetings.set(id, meeting);
    return { status: 201, body: meeting };
  };
  const patch = (r: SeenRequest, id: string): Reply => {
    const meeting = meetings.get(id);
    if (!meeting) return { status: 404, body: { code: 3001, message: 'Meeting does not exist: ' + id + '.' } };
    meetings.set(id, { ...meeting, ...(r.body as Record<string, unknown>) });
    return { status: 204 };
  };
  const server = await standIn((r) => {
    if (r.method === 'POST' && r.path === '/oauth/token') return token(r);
    if (!authorised(r)) return { status: 401, body: { code: 124, message: 'Invalid access token.' } };
    if (r.method === 'POST' && r.path === '/v2/users/me/meetings') return create(r);
    const m = /^\/v2\/meetings\/(\d+)$/.exec(r.path);
    if (r.method === 'PATCH' && m) return patch(r, m[1]);
    return { status: 404, body: { code: 404, message: 'Not found' } };
  });
  return Object.assign(server, { meetings, tokensIssued: () => tokens.size });
}
