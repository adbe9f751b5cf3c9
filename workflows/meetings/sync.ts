/**
 * The room maker (decision 0058): brings a session series' meeting room in line with the series
 * as it is now, and records it on every segment that meets online through a provider. Run by the
 * workflow engine when a series is scheduled or edited; safe to run again at any time:
 * - the room is made once per series: the ledger (migration 0350) holds it from the moment the
 *   provider answers, so a run retried after a crash records that room instead of making another;
 * - the provider is told about an edit only when something it knows changed (the spec's digest:
 *   name, zone, length, a one-off's start, recording), so a participant change calls nobody;
 * - a snapshot older than the one last synced changes nothing (a late, out-of-order run);
 * - a room is recorded on a segment only where the segment does not already show it, with a
 *   command id derived from what is recorded (the binding's business), so nothing is appended twice.
 * A new room is made only when there is none yet or the plan's provider changed (credentials set
 * or cleared, the meeting solution edited): then the link changes, which is the point.
 */
import { createHash } from 'node:crypto';
import type { MeetingSolution } from '../../domain/session/model';
import { CREDENTIAL_PROVIDERS, type MeetingCredentials } from '../../infra/meetings/credentials';
import type { AdapterChoice } from '../../infra/meetings/factory';
import type { RoomLedger } from '../../infra/meetings/ledger';
import { roomPlan, type MeetingSettings, type RoomPlan } from '../../infra/meetings/plan';
import { MeetingProviderError, type MeetingRooms, type Room, type RoomSpec } from '../../infra/meetings/port';
import type { RoomEntry } from '../../infra/meetings/ledger';

/** What the room maker needs of a series, read from its stream by the binding. */
export interface SeriesSnapshot {
  seriesId: string;
  ecosystemId: string;
  programId: string;
  /** The stream revision the snapshot was read at. */
  revision: number;
  /** The latest segment's meeting solution and subject. */
  solution: MeetingSolution;
  title: string;
  timeZoneId: string;
  durationMinutes: number;
  recurring: boolean;
  /** The first occurrence that has not ended; null when none is left. */
  nextStartAt: string | null;
  segments: Array<{ segmentId: string; solution: MeetingSolution; url: string | null; roomId: string | null }>;
}

export interface SeriesRoomsPort {
  load(seriesId: string): Promise<SeriesSnapshot | null>;
  /** Records the room on a segment (the aggregate's set-meeting-room command). */
  record(snapshot: SeriesSnapshot, segmentId: string, room: Room): Promise<void>;
}

export interface RoomSyncDeps {
  series: SeriesRoomsPort;
  /** The ecosystem's and program's meeting settings. */
  settings(ecosystemId: string, programId: string): Promise<Omit<MeetingSettings, 'credentials'>>;
  credentials: Pick<MeetingCredentials, 'status' | 'open'>;
  ledger: RoomLedger;
  rooms(choice: AdapterChoice): MeetingRooms;
  clock: () => Date;
}

export type RoomSyncOutcome =
  | { action: 'none' }
  | {
    action: 'created' | 'updated' | 'kept'; room: Room; recordedOn: string[];
    /** Why the provider the plan chose refused for good (the room is then the built-in one, or the one the series had). */
    refusal?: string;
  };

type Synced = { action: 'created' | 'updated' | 'kept'; room: Room; refusal?: string };

const ROOM_SOLUTIONS: ReadonlySet<MeetingSolution> = new Set(['LESSONSPACE', 'ZOOM']);

/** What a provider knows of a series: a change in anything else calls nobody. */
export function specDigest(spec: RoomSpec): string {
  const known = [spec.title, spec.timeZoneId, spec.durationMinutes, spec.recurring, spec.recording, spec.recurring ? null : spec.startAt];
  return createHash('sha256').update(JSON.stringify(known)).digest('hex');
}

async function adapterChoice(deps: RoomSyncDeps, ecosystemId: string, plan: RoomPlan): Promise<AdapterChoice> {
  if (plan.provider === 'LESSONSPACE') {
    const credentials = await deps.credentials.open(ecosystemId, 'LESSONSPACE');
    if (credentials) return { provider: 'LESSONSPACE', credentials };
  }
  if (plan.provider === 'ZOOM') {
    const credentials = await deps.credentials.open(ecosystemId, 'ZOOM');
    if (credentials) return { provider: 'ZOOM', credentials };
  }
  return { provider: 'BUILT_IN' };
}

async function planFor(deps: RoomSyncDeps, s: SeriesSnapshot): Promise<RoomPlan | null> {
  const settings = await deps.settings(s.ecosystemId, s.programId);
  const set = (await deps.credentials.status(s.ecosystemId)).filter((c) => c.isSet).map((c) => c.provider);
  return roomPlan(s.solution, { ...settings, credentials: new Set(set.filter((p) => CREDENTIAL_PROVIDERS.includes(p))) });
}

/** The room as the provider should now have it: made, updated or kept. */
async function syncedRoom(deps: RoomSyncDeps, s: SeriesSnapshot, plan: RoomPlan): Promise<Synced> {
  const spec: RoomSpec = {
    ecosystemId: s.ecosystemId, seriesId: s.seriesId, title: s.title, timeZoneId: s.timeZoneId, durationMinutes: s.durationMinutes,
    recurring: s.recurring, recording: plan.recording, startAt: s.nextStartAt ?? deps.clock().toISOString(),
  };
  const digest = specDigest(spec);
  const entry = await deps.ledger.get(s.seriesId);
  const choice = await adapterChoice(deps, s.ecosystemId, plan);
  if (entry && entry.room.provider === choice.provider) {
    if (entry.specDigest === digest || s.revision < entry.syncedRevision) return { action: 'kept', room: entry.room };
    const room = await deps.rooms(choice).update(entry.room, spec);
    await deps.ledger.save({ ...entry, room, specDigest: digest, syncedRevision: s.revision });
    return { action: 'updated', room };
  }
  return createRoom(deps, s, choice, spec, entry);
}

/**
 * A new room from the chosen provider. One that refuses for good (wrong credentials, a refused
 * request) must not leave the booking without a way in: the series keeps the room it had, or gets
 * the built-in one, and the next sync (its next edit) asks the provider again.
 */
async function createRoom(deps: RoomSyncDeps, s: SeriesSnapshot, choice: AdapterChoice, spec: RoomSpec, entry: RoomEntry | null): Promise<Synced> {
  let room: Room;
  let refusal: string | undefined;
  try {
    room = await deps.rooms(choice).create(spec);
  } catch (err) {
    if (!(err instanceof MeetingProviderError) || err.failure === 'transient' || choice.provider === 'BUILT_IN') throw err;
    if (entry) return { action: 'kept', room: entry.room, refusal: err.message };
    room = await deps.rooms({ provider: 'BUILT_IN' }).create(spec);
    refusal = err.message;
  }
  await deps.ledger.save({ seriesId: s.seriesId, ecosystemId: s.ecosystemId, room, specDigest: specDigest(spec), syncedRevision: s.revision });
  return { action: 'created', room, ...(refusal ? { refusal } : {}) };
}

export async function syncSeriesRoom(deps: RoomSyncDeps, seriesId: string): Promise<RoomSyncOutcome> {
  const snapshot = await deps.series.load(seriesId);
  if (!snapshot) return { action: 'none' };
  const plan = await planFor(deps, snapshot);
  if (!plan) return { action: 'none' };
  const { action, room, refusal } = await syncedRoom(deps, snapshot, plan);
  const stale = snapshot.segments.filter((g) => ROOM_SOLUTIONS.has(g.solution) && (g.url !== room.joinUrl || g.roomId !== room.roomId));
  for (const segment of stale) await deps.series.record(snapshot, segment.segmentId, room);
  return { action, room, recordedOn: stale.map((g) => g.segmentId), ...(refusal ? { refusal } : {}) };
}
