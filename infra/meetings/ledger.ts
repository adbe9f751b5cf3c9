/**
 * The rooms made for series (migration 0350): what the room maker remembers between runs, so a
 * retried run records the room it already made instead of making another, and an edit that
 * changes nothing a provider knows calls nobody. Written by the workflow worker through the owner
 * connection; the API never reads it (the room a session shows is on its stream and read model).
 */
import type { Pool } from 'pg';
import type { Room, RoomProvider } from './port';

export interface RoomEntry {
  seriesId: string;
  ecosystemId: string;
  room: Room;
  specDigest: string;
  syncedRevision: number;
}

export interface RoomLedger {
  get(seriesId: string): Promise<RoomEntry | null>;
  save(entry: RoomEntry): Promise<void>;
}

interface Row { series_id: string; ecosystem_id: string; provider: RoomProvider; room_id: string; join_url: string; spec_digest: string; synced_revision: string }

export class PgRoomLedger implements RoomLedger {
  constructor(private readonly pool: Pick<Pool, 'query'>, private readonly clock: () => Date = () => new Date()) {}

  async get(seriesId: string): Promise<RoomEntry | null> {
    const r = await this.pool.query<Row>('SELECT * FROM meetings.rooms WHERE series_id = $1', [seriesId]);
    const row = r.rows[0];
    if (!row) return null;
    return {
      seriesId: row.series_id, ecosystemId: row.ecosystem_id, room: { provider: row.provider, roomId: row.room_id, joinUrl: row.join_url },
      specDigest: row.spec_digest, syncedRevision: Number(row.synced_revision),
    };
  }

  async save(e: RoomEntry): Promise<void> {
    await this.pool.query(
      `INSERT INTO meetings.rooms (series_id, ecosystem_id, provider, room_id, join_url, spec_digest, synced_revision, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (series_id) DO UPDATE SET provider = excluded.provider, room_id = excluded.room_id, join_url = excluded.join_url,
         spec_digest = excluded.spec_digest, synced_revision = excluded.synced_revision, updated_at = excluded.updated_at`,
      [e.seriesId, e.ecosystemId, e.room.provider, e.room.roomId, e.room.joinUrl, e.specDigest, e.syncedRevision, this.clock()]);
  }
}

/** An in-memory ledger for tests of the room maker. */
export class MemoryRoomLedger implements RoomLedger {
  readonly entries = new Map<string, RoomEntry>();

  get(seriesId: string): Promise<RoomEntry | null> {
    return Promise.resolve(this.entries.get(seriesId) ?? null);
  }

  save(entry: RoomEntry): Promise<void> {
    this.entries.set(entry.seriesId, structuredClone(entry));
    return Promise.resolve();
  }
}
