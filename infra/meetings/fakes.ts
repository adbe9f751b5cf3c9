/**
 * Stand-ins that speak the providers' APIs as far as the adapters use them, for tests: a
 * Lessonspace Launch endpoint that keeps spaces by id, and a Zoom account with its OAuth token
 * endpoint and meetings. Each checks the credentials it was made with and answers as the provider
 * documents (201 new space / 200 existing; 201 created meeting; 204 changed; 401, 404).
 */
import { createHash } from 'node:crypto';
import { standIn, type Reply, type SeenRequest, type StandIn } from './testing';

const digest = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

export interface FakeLessonspace extends StandIn {
  spaces: Map<string, Record<string, unknown>>;
}

export async function fakeLessonspace(apiKey: string): Promise<FakeLessonspace> {
  const spaces = new Map<string, Record<string, unknown>>();
  const launch = (r: SeenRequest): Reply => {
    if (r.headers.authorization !== `Organisation ${apiKey}`) return { status: 401, body: { detail: 'Invalid token.' } };
    const body = (r.body ?? {}) as Record<string, unknown>;
    const id = body.id;
    if (typeof id !== 'string' || id.length === 0 || id.length > 64) return { status: 400, body: { id: ['Ensure this field has no more than 64 characters.'] } };
    const existed = spaces.has(id);
    const { user, ...settings } = body;
    spaces.set(id, { ...(spaces.get(id) ?? {}), ...settings });
    const who = user && typeof user === 'object' ? `&user=${digest(JSON.stringify(user))}` : '';
    return {
      status: existed ? 200 : 201,
      body: { client_url: `https://go.room.sh/?space=${digest(id)}${who}`, api_base: 'https://api.room.sh', room_id: digest(`room/${id}`), session_id: digest(`session/${id}`) },
    };
  };
  const server = await standIn((r) => (r.method === 'POST' && r.path === '/v2/spaces/launch/' ? launch(r) : { status: 404, body: { detail: 'Not found.' } }));
  return Object.assign(server, { spaces });
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
