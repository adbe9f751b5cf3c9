/**
 * Shared by the sessions read-side tests: hand-built occurrences (as `occurrencesOf` gives them)
 * and writing them into the serving build of the sessions projection through `writeOccurrences`.
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { occurrenceId, type Occurrence, type Participant, type ParticipantType, type SessionDetails } from '../../domain/session/model';
import { listBuilds } from '../checkpoints';
import { qualified } from '../sql';
import { writeOccurrences, type SegmentRecurrence } from './write';

const MINUTE = 60_000;

export function person(userId: string, userType: ParticipantType, isLeader = userType !== 'STUDENT' && userType !== 'PARENT'): Participant & { attendance: Occurrence['participants'][number]['attendance'] } {
  return { userId, userType, isLeader, isPaired: true, attendance: { joinedTime: null, joinedTimeDelta: null, leftTime: null, isFallbackJoin: false, checkedInTime: null, checkedOutTime: null } };
}

export function details(programId: string, changes: Partial<SessionDetails> = {}): SessionDetails {
  return {
    sessionType: 'ONE_ON_ONE', programId, subject: 'Algebra', subjectId: null, sessionDescription: '', location: 'ONLINE',
    meeting: { solution: 'CUSTOM_URL', url: 'https://meet.example.com/room', roomId: null, locationName: null, locationPoint: null },
    maxStudents: null, gradeLevels: [], schools: [], isPaid: false, tutoringAmount: null, customProperties: [], courseSectionId: null,
    ...changes,
  };
}

export interface BookingSpec {
  seriesId?: string;
  ecosystemId: string;
  programId: string;
  /** The first occurrence's start; the others follow a week apart. */
  startAt: Date;
  count?: number;
  durationMinutes?: number;
  participants: Occurrence['participants'];
  details?: Partial<SessionDetails>;
  cancelled?: boolean;
  pending?: boolean;
}

/** A weekly booking of `count` occurrences (UTC dates and times), as the domain would expand it. */
export function booking(spec: BookingSpec): Occurrence[] {
  const seriesId = spec.seriesId ?? randomUUID();
  const count = spec.count ?? 1;
  const duration = spec.durationMinutes ?? 60;
  return Array.from({ length: count }, (_, i) => {
    const start = new Date(spec.startAt.getTime() + i * 7 * 24 * 60 * MINUTE);
    const date = start.toISOString().slice(0, 10);
    return {
      id: occurrenceId(seriesId, date), seriesId, segmentId: seriesId, recurring: count > 1, ecosystemId: spec.ecosystemId,
      originalDate: date, date, startTime: start.toISOString().slice(11, 16), timeZoneId: 'UTC', durationMinutes: duration,
      startAt: start.toISOString(), endAt: new Date(start.getTime() + duration * MINUTE).toISOString(),
      details: details(spec.programId, spec.details), cancelled: spec.cancelled ?? false, cancelReason: null, pending: spec.pending ?? false,
      participants: spec.participants, createdBy: spec.participants[0]?.userId ?? randomUUID(), forceBooked: false,
      lastModified: '2026-11-01T00:00:00.000Z',
    };
  });
}

export function weeklyRule(startDate: string, weeks: number): SegmentRecurrence {
  return { frequency: 'WEEKLY', interval: 1, recurringDays: [new Date(`${startDate}T00:00:00Z`).getUTCDay()], weeks, endDate: null, startDate };
}

/** Writes a booking's occurrences into the serving sessions build, as the projection would. */
export async function writeBooking(owner: Pool, occurrences: readonly Occurrence[], recurrences?: ReadonlyMap<string, SegmentRecurrence>): Promise<void> {
  const [build] = await listBuilds(owner, { names: ['sessions'] });
  if (!build) throw new Error('the sessions projection has no build');
  const client = await owner.connect();
  try {
    await client.query('BEGIN');
    const first = occurrences[0];
    if (!first) throw new Error('writeBooking needs at least one occurrence (use writeOccurrences to empty a booking)');
    await writeOccurrences(client, (name) => qualified(build.schema, name), first.seriesId, first.ecosystemId, occurrences, recurrences);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
