/**
 * In-memory stand-ins for the room maker's ports in tests: a series whose segments record rooms
 * (each recording bumps the revision, as an appended event would), credentials kept in plain
 * memory, and settings with every provider on.
 */
import type { CredentialProvider, CredentialStatus, ProviderCredentials } from '../../infra/meetings/credentials';
import type { MeetingSettings } from '../../infra/meetings/plan';
import type { Room } from '../../infra/meetings/port';
import type { SeriesRoomsPort, SeriesSnapshot } from './sync';

export class MemorySeries implements SeriesRoomsPort {
  readonly recorded: Array<{ segmentId: string; room: Room }> = [];
  /** Set to make the next `record` fail, as a crash between making and recording a room would. */
  failNextRecord = false;

  constructor(public snapshot: SeriesSnapshot) {}

  load(seriesId: string): Promise<SeriesSnapshot | null> {
    return Promise.resolve(seriesId === this.snapshot.seriesId ? structuredClone(this.snapshot) : null);
  }

  record(_snapshot: SeriesSnapshot, segmentId: string, room: Room): Promise<void> {
    if (this.failNextRecord) {
      this.failNextRecord = false;
      return Promise.reject(new Error('the worker stopped'));
    }
    this.recorded.push({ segmentId, room });
    this.edit((s) => ({ ...s, segments: s.segments.map((g) => (g.segmentId === segmentId ? { ...g, url: room.joinUrl, roomId: room.roomId } : g)) }));
    return Promise.resolve();
  }

  /** An event on the series' stream: the change, and one more revision. */
  edit(change: (s: SeriesSnapshot) => SeriesSnapshot): void {
    this.snapshot = { ...change(this.snapshot), revision: this.snapshot.revision + 1 };
  }
}

export class MemoryCredentials {
  readonly set = new Map<string, ProviderCredentials>();

  status(ecosystemId: string): Promise<CredentialStatus[]> {
    return Promise.resolve((['LESSONSPACE', 'ZOOM'] as const).map((provider) => ({
      provider, isSet: this.set.has(`${ecosystemId}/${provider}`), setAt: null,
    })));
  }

  open<P extends CredentialProvider>(ecosystemId: string, provider: P): Promise<Extract<ProviderCredentials, { provider: P }> | null> {
    return Promise.resolve((this.set.get(`${ecosystemId}/${provider}`) ?? null) as Extract<ProviderCredentials, { provider: P }> | null);
  }
}

export const allOn: Omit<MeetingSettings, 'credentials'> = {
  ecosystem: { zoomEnabled: true, lessonspace: { enabled: true, recordingEnabled: true } },
  program: { zoomEnabled: true, lessonspace: { recordingEnabled: true, autoStartRecording: false }, disableProgramRecordings: false },
};
