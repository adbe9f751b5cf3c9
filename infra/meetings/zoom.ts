/**
 * Zoom meetings through a Server-to-Server OAuth app of the ecosystem's Zoom account: an access
 * token from `POST /oauth/token?grant_type=account_credentials&account_id=...` (HTTP Basic with the
 * app's client id and secret, valid about an hour, kept until a minute before it ends), then
 * `POST /v2/users/me/meetings` to create and `PATCH /v2/meetings/{id}` to change.
 *
 * A one-off session is a scheduled meeting (type 2) at its start; a recurring series is a
 * recurring meeting with no fixed time (type 3): Zoom's own recurrence allows 50 occurrences and no
 * per-occurrence exceptions, while a series here has up to 366 occurrences, moved and cancelled
 * ones and "this and following" segments (decision 0058). Either way the meeting and its join_url
 * live as long as the series: an edit PATCHes topic, time, length and zone, never creates anew.
 * Only a meeting Zoom no longer has (404, deleted in Zoom) is created again, with a new link.
 */
import { callJson, trimBase } from './http';
import { MeetingProviderError, type MeetingRooms, type Room, type RoomSpec } from './port';

export const ZOOM_API = 'https://api.zoom.us';
export const ZOOM_OAUTH = 'https://zoom.us';

export interface ZoomOptions {
  accountId: string;
  clientId: string;
  clientSecret: string;
  /** Default ZOOM_API and ZOOM_OAUTH; local stand-ins in tests. */
  apiBaseUrl?: string;
  oauthBaseUrl?: string;
  timeoutMs?: number;
  clock?: () => Date;
}

interface TokenAnswer { access_token?: unknown; expires_in?: unknown }
interface MeetingAnswer { id?: unknown; join_url?: unknown }

/** Zoom reads start_time as UTC when it ends in Z, without fractions of a second. */
const zoomInstant = (iso: string): string => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The meeting's fields for a series as it is now. */
export function meetingBody(spec: RoomSpec): Record<string, unknown> {
  const settings = { join_before_host: true, waiting_room: false, auto_recording: spec.recording === 'AUTOMATIC' ? 'cloud' : 'none' };
  const common = { topic: spec.title.slice(0, 200), duration: spec.durationMinutes, timezone: spec.timeZoneId, settings };
  return spec.recurring ? { ...common, type: 3 } : { ...common, type: 2, start_time: zoomInstant(spec.startAt) };
}

export class ZoomRooms implements MeetingRooms {
  readonly provider = 'ZOOM' as const;
  private readonly api: string;
  private readonly oauth: string;
  private readonly clock: () => Date;
  private token: { value: string; until: number } | null = null;

  constructor(private readonly options: ZoomOptions) {
    this.api = trimBase(options.apiBaseUrl ?? ZOOM_API);
    this.oauth = trimBase(options.oauthBaseUrl ?? ZOOM_OAUTH);
    this.clock = options.clock ?? (() => new Date());
  }

  private get timeoutMs(): number {
    return this.options.timeoutMs ?? 15_000;
  }

  private async accessToken(): Promise<string> {
    const now = this.clock().getTime();
    if (this.token && this.token.until > now) return this.token.value;
    const query = new URLSearchParams({ grant_type: 'account_credentials', account_id: this.options.accountId });
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`, 'utf8').toString('base64');
    const answer = await callJson<TokenAnswer>('ZOOM', `${this.oauth}/oauth/token?${query}`, {
      method: 'POST', headers: { authorization: `Basic ${basic}` }, timeoutMs: this.timeoutMs,
    }).catch((err: unknown) => {
      // Zoom answers 400 invalid_client for a wrong id or secret: that is a credentials problem too.
      if (err instanceof MeetingProviderError && err.status === 400) throw new MeetingProviderError('ZOOM', 'credentials', err.message.replace(/^ZOOM: /, ''), 400);
      throw err;
    });
    const { access_token: value, expires_in: expiresIn } = answer.body ?? {};
    if (typeof value !== 'string' || value === '') throw new MeetingProviderError('ZOOM', 'transient', 'answered without an access token');
    const seconds = typeof expiresIn === 'number' ? expiresIn : 3600;
    this.token = { value, until: now + Math.max(0, seconds - 60) * 1000 };
    return value;
  }

  async create(spec: RoomSpec): Promise<Room> {
    const token = await this.accessToken();
    const answer = await callJson<MeetingAnswer>('ZOOM', `${this.api}/v2/users/me/meetings`, {
      method: 'POST', headers: { authorization: `Bearer ${token}` }, body: meetingBody(spec), timeoutMs: this.timeoutMs,
    });
    const { id, join_url: joinUrl } = answer.body ?? {};
    if ((typeof id !== 'number' && typeof id !== 'string') || typeof joinUrl !== 'string') {
      throw new MeetingProviderError('ZOOM', 'transient', 'answered without a meeting id and join_url');
    }
    return { provider: 'ZOOM', roomId: String(id), joinUrl };
  }

  async update(room: Room, spec: RoomSpec): Promise<Room> {
    const token = await this.accessToken();
    try {
      await callJson<undefined>('ZOOM', `${this.api}/v2/meetings/${encodeURIComponent(room.roomId)}`, {
        method: 'PATCH', headers: { authorization: `Bearer ${token}` }, body: meetingBody(spec), timeoutMs: this.timeoutMs,
      });
      return room;
    } catch (err) {
      if (err instanceof MeetingProviderError && err.status === 404) return this.create(spec);
      throw err;
    }
  }

  /** Zoom's join_url is the same for everyone; the host signs in to Zoom to host. */
  joinUrlFor(room: Room): Promise<string> {
    return Promise.resolve(room.joinUrl);
  }
}
