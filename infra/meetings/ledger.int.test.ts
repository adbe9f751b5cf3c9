import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { PgRoomLedger, type RoomEntry } from './ledger';

let db: TestDatabase;
beforeAll(async () => { db = await createTestDatabase(); });
afterAll(async () => { await db?.drop(); });

const entry: RoomEntry = {
  seriesId: '3f0a6a5e-7b1c-4d2e-9f10-1a2b3c4d5e6f', ecosystemId: '0b6f4c2a-1111-4222-8333-444455556666',
  room: { provider: 'ZOOM', roomId: '85000000001', joinUrl: 'https://us02web.zoom.us/j/85000000001' }, specDigest: 'a'.repeat(64), syncedRevision: 3,
};

describe('the room ledger', () => {
  it('keeps one room per series, replaced whole, and nothing for a series without one', async () => {
    const ledger = new PgRoomLedger(db.ownerPool);
    expect(await ledger.get(entry.seriesId)).toBeNull();
    await ledger.save(entry);
    expect(await ledger.get(entry.seriesId)).toEqual(entry);
    const moved = { ...entry, room: { provider: 'LESSONSPACE' as const, roomId: `session-${entry.seriesId}`, joinUrl: 'https://go.room.sh/?s=1' }, syncedRevision: 9 };
    await ledger.save(moved);
    expect(await ledger.get(entry.seriesId)).toEqual(moved);
    expect((await db.ownerPool.query('SELECT count(*)::int AS n FROM meetings.rooms')).rows[0].n).toBe(1);
  });

  it('is not readable by the API\'s role', async () => {
    await expect(db.apiPool.query('SELECT * FROM meetings.rooms')).rejects.toThrow(/permission denied/);
  });
});
