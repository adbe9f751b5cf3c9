/**
 * Test rows for the admin session summary: sessions written straight into the sessions read model
 * (projections/sessions/tables.ts) with the fields the summary reads, so its readers are tested
 * apart from the Session aggregate and with any mix of statuses, times and people.
 */
import { randomUUID } from 'node:crypto';
import { scheduleSession } from '../../domain/session/handlers';
import { SESSIONS_PROJECTION } from '../../projections/sessions';
import { SYSTEM_ACTOR } from '../auth/seed';
import type { Platform } from '../platform';

/** A running platform of a test (TestApi, E2eApp). */
type WithPlatform = { platform: Platform };

export interface TestSession {
  ecosystemId: string;
  programId: string;
  subject: string;
  startAt: Date;
  minutes?: number;
  sessionType?: string;
  cancelled?: boolean;
  pending?: boolean;
  customProperties?: { key: string; value: string }[];
  people?: Array<{ userId: string; isLeader: boolean; userType?: string }>;
}

/** Inserts sessions with their participants (as the projection's owner); answers their ids. */
export async function insertSessions(api: WithPlatform, sessions: TestSession[]): Promise<string[]> {
  const pool = api.platform.pools.owner;
  const ids: string[] = [];
  for (const s of sessions) {
    const id = randomUUID();
    ids.push(id);
    const minutes = s.minutes ?? 60;
    const endAt = new Date(s.startAt.getTime() + minutes * 60_000);
    const iso = s.startAt.toISOString();
    const people = s.people ?? [];
    await pool.query(
      `INSERT INTO read.sessions (id, ecosystem_id, program_id, series_id, segment_id, recurring, recurrence, original_date, date, start_time,
         time_zone_id, duration_minutes, start_at, end_at, session_type, subject, subject_id, description, location, meeting_solution,
         grade_levels, schools, is_paid, custom_properties, cancelled, pending, num_leaders, num_learners, num_attendees, created_by,
         force_booked, last_modified)
       VALUES ($1, $2, $3, $1, $1, false, null, $4::date, $4::date, $5, 'UTC', $6, $7, $8, $9, $10, null, '', 'ONLINE', 'LESSONSPACE',
         '{}', '{}', false, $11, $12, $13, $14, $15, 0, $16, false, now())`,
      [id, s.ecosystemId, s.programId, iso.slice(0, 10), iso.slice(11, 16), minutes, s.startAt, endAt, s.sessionType ?? 'ONE_ON_ONE', s.subject,
        JSON.stringify(s.customProperties ?? []), s.cancelled ?? false, s.pending ?? false,
        people.filter((p) => p.isLeader).length, people.filter((p) => !p.isLeader).length, people[0]?.userId ?? randomUUID()]);
    for (const p of people) {
      await pool.query(
        `INSERT INTO read.session_participants (session_id, user_id, ecosystem_id, program_id, series_id, user_type, is_leader, is_paired,
           start_at, end_at, session_type, cancelled, is_fallback_join)
         VALUES ($1, $2, $3, $4, $1, $5, $6, false, $7, $8, $9, $10, false)`,
        [id, p.userId, s.ecosystemId, s.programId, p.userType ?? (p.isLeader ? 'TUTOR' : 'STUDENT'), p.isLeader, s.startAt, endAt,
          s.sessionType ?? 'ONE_ON_ONE', s.cancelled ?? false]);
    }
  }
  return ids;
}

/**
 * Books a session (or a weekly series) through the command bus as the platform would, waits for the
 * sessions read model, and answers the occurrences' ids by start.
 */
export async function bookSession(api: WithPlatform, booking: {
  ecosystemId: string; programId: string; start: Date; subject?: string; weeks?: number; pending?: boolean; learnerId: string;
}): Promise<string[]> {
  const { bus, projections, config } = api.platform.services;
  const seriesId = randomUUID();
  const iso = booking.start.toISOString();
  const recurrence = booking.weeks ? { frequency: 'WEEKLY', interval: 1, recurringDays: [booking.start.getUTCDay()], weeks: booking.weeks, endDate: null } : null;
  const result = await bus.dispatch(scheduleSession, {
    seriesId, ecosystemId: booking.ecosystemId, pending: booking.pending ?? false, actorIsAdmin: true,
    schedule: { timeZoneId: 'UTC', startDate: iso.slice(0, 10), startTime: iso.slice(11, 16), durationMinutes: 60, recurrence },
    details: { sessionType: 'ONE_ON_ONE', programId: booking.programId, subject: booking.subject ?? 'Admin actions', location: 'ONLINE', meeting: { solution: 'LESSONSPACE' } },
    participants: [{ userId: booking.learnerId, userType: 'STUDENT', isLeader: false, isPaired: true }],
  }, { actor: SYSTEM_ACTOR, commandId: randomUUID(), now: new Date().toISOString() });
  if (result.position) await projections.waitFor(result.position, [SESSIONS_PROJECTION], config.PROJECTION_WAIT_MS);
  const rows = await api.platform.pools.owner.query<{ id: string }>('SELECT id FROM read.sessions WHERE series_id = $1 ORDER BY start_at', [seriesId]);
  return rows.rows.map((r) => r.id);
}
