/**
 * What a session's Lessonspace space holds besides the room (docs/decisions/0065-lessonspace-recordings.md):
 * files put into it before the lesson, and the lesson held in it with its recording.
 *
 * - Files: a launch of the space (POST /v2/spaces/launch/) answers the room's `api_base`, `room_id`
 *   and `secret`; the files go to room.sh's import, `POST {api_base}/v1/rooms/{room_id}/import`
 *   with `Authorization: secret {secret}` and the files as the multipart field `files` (Lessonspace's
 *   "Exporting and importing content into a space" guide: PDF and Office documents open as tabs).
 * - Lessons: the organisation's sessions, `GET /v2/organisations/{organisation}/sessions/`, filtered
 *   by `launch_id` (our space id) and `start_time_after` / `start_time_before` (the occurrence's
 *   time, with a margin); the longest one is the lesson. Its playback URL, called with the key,
 *   answers the `recording_url` (room.sh) people open; the export definition's media, tracks,
 *   content and layout go along as query parameters.
 * The organisation's id comes from `GET /v2/my-organisation/` unless the options give it.
 * What was checked against Lessonspace's documentation and what only against the stand-in is in 0065.
 */
import { callJson, trimBase } from './http';
import { LESSONSPACE_API, type LessonspaceOptions } from './lessonspace';
import { MeetingProviderError } from './port';

export interface LessonFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/** How the recording is exported (an export definition's choices); null: Lessonspace's default. */
export interface RecordingExportSpec {
  media: 'VIDEO' | 'AUDIO';
  tracks: 'EVERYONE' | 'LEADERS';
  includeContent: boolean;
  layout: 'GRID' | 'SPEAKER' | null;
}

export interface HeldLesson {
  sessionId: string;
  startedAt: string | null;
  endedAt: string | null;
  recordingUrl: string | null;
}

interface LaunchAnswer { api_base?: unknown; room_id?: unknown; secret?: unknown }
interface SessionEntry { uuid?: unknown; id?: unknown; start_time?: unknown; end_time?: unknown; playback_url?: unknown }
interface SessionList { results?: unknown }

const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const MARGIN_MS = 30 * 60_000;

export class LessonspaceLessons {
  private readonly base: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: LessonspaceOptions & { organisationId?: string }) {
    this.base = trimBase(options.baseUrl ?? LESSONSPACE_API);
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  private get auth(): Record<string, string> {
    return { authorization: `Organisation ${this.options.apiKey}` };
  }

  private get<T>(url: string): Promise<T> {
    return callJson<T>('LESSONSPACE', url, { method: 'GET', headers: this.auth, timeoutMs: this.timeoutMs }).then((a) => a.body);
  }

  /** Puts the files into the space's room; the space is made if it is not there yet (same id, same space). */
  async uploadFiles(spaceId: string, files: readonly LessonFile[]): Promise<void> {
    const launched = await callJson<LaunchAnswer>('LESSONSPACE', `${this.base}/v2/spaces/launch/`, {
      method: 'POST', headers: this.auth, body: { id: spaceId }, timeoutMs: this.timeoutMs,
    });
    const apiBase = text(launched.body?.api_base);
    const roomId = text(launched.body?.room_id);
    const secret = text(launched.body?.secret);
    if (!apiBase || !/^https?:\/\//.test(apiBase) || !roomId || !secret) {
      throw new MeetingProviderError('LESSONSPACE', 'transient', 'answered without the room\'s api_base, room_id and secret');
    }
    const form = new FormData();
    for (const f of files) form.append('files', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
    await callJson('LESSONSPACE', `${trimBase(apiBase)}/v1/rooms/${encodeURIComponent(roomId)}/import`, {
      method: 'POST', headers: { authorization: `secret ${secret}` }, body: form, timeoutMs: Math.max(this.timeoutMs, 60_000),
    });
  }

  private async organisation(): Promise<string> {
    if (this.options.organisationId) return this.options.organisationId;
    const org = await this.get<{ id?: unknown }>(`${this.base}/v2/my-organisation/`);
    const id = org?.id;
    if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') throw new MeetingProviderError('LESSONSPACE', 'transient', 'answered without the organisation id');
    return String(id);
  }

  /** The lesson held in the space around [startAt, endAt], with its recording; null when there was none. */
  async findLesson(spaceId: string, startAt: string, endAt: string, exportSpec: RecordingExportSpec | null): Promise<HeldLesson | null> {
    const org = await this.organisation();
    const query = new URLSearchParams({
      launch_id: spaceId,
      start_time_after: new Date(Date.parse(startAt) - MARGIN_MS).toISOString(),
      start_time_before: new Date(endAt).toISOString(),
      include_single_user: 'true',
    });
    const list = await this.get<SessionList>(`${this.base}/v2/organisations/${encodeURIComponent(org)}/sessions/?${query}`);
    const lesson = longest(Array.isArray(list?.results) ? (list.results as SessionEntry[]) : []);
    if (!lesson) return null;
    return { ...lesson.held, recordingUrl: lesson.playbackUrl ? await this.recordingUrl(lesson.playbackUrl, exportSpec) : null };
  }

  /** The recording's own link, from the playback URL (on the API's host only: the key goes along). */
  private async recordingUrl(playbackUrl: string, exportSpec: RecordingExportSpec | null): Promise<string | null> {
    const url = new URL(playbackUrl, `${this.base}/`);
    if (url.origin !== new URL(this.base).origin) throw new MeetingProviderError('LESSONSPACE', 'refused', 'answered a playback URL on another host');
    if (exportSpec) {
      url.searchParams.set('media', exportSpec.media.toLowerCase());
      url.searchParams.set('tracks', exportSpec.tracks === 'LEADERS' ? 'leaders' : 'all');
      url.searchParams.set('content', String(exportSpec.includeContent));
      if (exportSpec.layout) url.searchParams.set('layout', exportSpec.layout.toLowerCase());
    }
    try {
      const answer = await this.get<{ recording_url?: unknown }>(url.toString());
      const link = text(answer?.recording_url);
      return link && /^https:\/\//.test(link) ? link : null;
    } catch (err) {
      // No recording (recording was off, or it is gone): the lesson is still recorded as held.
      if (err instanceof MeetingProviderError && err.status === 404) return null;
      throw err;
    }
  }
}

function longest(entries: SessionEntry[]): { held: Omit<HeldLesson, 'recordingUrl'>; playbackUrl: string | null } | null {
  const lessons = entries.map((e) => {
    const sessionId = text(e.uuid) ?? (typeof e.id === 'number' ? String(e.id) : text(e.id));
    const startedAt = text(e.start_time);
    const endedAt = text(e.end_time);
    const length = startedAt && endedAt ? Date.parse(endedAt) - Date.parse(startedAt) : 0;
    return { sessionId, startedAt, endedAt, length, playbackUrl: text(e.playback_url) };
  }).filter((l): l is typeof l & { sessionId: string } => l.sessionId !== null);
  const best = lessons.sort((a, b) => b.length - a.length)[0];
  return best ? { held: { sessionId: best.sessionId, startedAt: best.startedAt, endedAt: best.endedAt }, playbackUrl: best.playbackUrl } : null;
}
