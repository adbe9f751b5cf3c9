/**
 * Lessonspace rooms through its Launch API (POST /v2/spaces/launch/, header
 * `Authorization: Organisation <API key>`): launching a space id that is new creates the space
 * (201); launching it again answers the same space (200), with the settings sent applied. The
 * space id is ours and derived from the series (`session-<seriesId>`, under Lessonspace's 64
 * characters), so creating twice makes one space and an update is a launch of the same id: the
 * space, its room id and its shared link never change.
 *
 * The room id the booking records is that space id (spec: lessonspaceOptions.roomId).
 * The link the booking records is the space's shared client_url (a launch without a user); a
 * participant gets a named link of their own (a launch with `user`: id, name, leader mode for
 * tutors) when they open the room.
 */
import { callJson, trimBase } from './http';
import { MeetingProviderError, type Joiner, type MeetingRooms, type Room, type RoomSpec } from './port';

export const LESSONSPACE_API = 'https://api.thelessonspace.com';

export interface LessonspaceOptions {
  apiKey: string;
  /** Default LESSONSPACE_API; a local stand-in in tests. */
  baseUrl?: string;
  timeoutMs?: number;
}

interface LaunchAnswer {
  client_url?: unknown;
}

export const spaceIdOf = (seriesId: string): string => `session-${seriesId}`;

export class LessonspaceRooms implements MeetingRooms {
  readonly provider = 'LESSONSPACE' as const;
  private readonly base: string;

  constructor(private readonly options: LessonspaceOptions) {
    this.base = trimBase(options.baseUrl ?? LESSONSPACE_API);
  }

  /** The client_url a launch answers. */
  private async launch(body: Record<string, unknown>): Promise<string> {
    const answer = await callJson<LaunchAnswer>('LESSONSPACE', `${this.base}/v2/spaces/launch/`, {
      method: 'POST',
      headers: { authorization: `Organisation ${this.options.apiKey}` },
      body,
      timeoutMs: this.options.timeoutMs ?? 15_000,
    });
    const clientUrl = answer.body?.client_url;
    if (typeof clientUrl !== 'string' || !/^https?:\/\//.test(clientUrl)) {
      throw new MeetingProviderError('LESSONSPACE', 'transient', 'answered without a client_url');
    }
    return clientUrl;
  }

  private spaceBody(spec: RoomSpec): Record<string, unknown> {
    return { id: spaceIdOf(spec.seriesId), name: spec.title, record_av: spec.recording !== 'OFF', record_content: spec.recording !== 'OFF' };
  }

  async create(spec: RoomSpec): Promise<Room> {
    const joinUrl = await this.launch(this.spaceBody(spec));
    return { provider: 'LESSONSPACE', roomId: spaceIdOf(spec.seriesId), joinUrl };
  }

  /** A launch of the same space id with the new name and recording settings; the recorded link stays. */
  async update(room: Room, spec: RoomSpec): Promise<Room> {
    await this.launch(this.spaceBody(spec));
    return room;
  }

  async joinUrlFor(room: Room, joiner: Joiner): Promise<string> {
    return this.launch({
      id: room.roomId,
      user: { id: joiner.userId, name: joiner.name, leader: joiner.leader, role: joiner.leader ? 'teacher' : 'student' },
    });
  }
}
