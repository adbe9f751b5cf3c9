/**
 * The session timers' reads (decision 0074), on the owner connection: the tick is the platform
 * looking at every tenant's sessions, not a user under row-level security. Recipients come from
 * the users read model (profile: languagePreference, timeZoneId, phoneNumber and the notification
 * preferences of decision 0050, their defaults when unset) and the families read model (a parent's
 * channels for this child, familyConnections.notifPreferences).
 */
import type { Pool } from 'pg';
import { publicUrl, type Config } from '../../infra/config';
import { COMPLETION_LOOKBACK_MINUTES, parseReminderOffsets } from '../../domain/session/timers';
import { messageLanguageOf } from '../../domain/message/kinds';
import type { AggregateLoader } from '../invitations/reads';
import { reportReads } from '../reports/reads';
import type { UnsubscribeUrl } from '../messages/unsubscribe';
import type { TimerActivityDeps, TimerReads, TimerRecipient, TimerSession } from './activities';

interface SessionSql {
  id: string; series_id: string; ecosystem_id: string; subject: string; start_at: Date; end_at: Date; duration_minutes: number;
  time_zone_id: string; meeting_url: string | null; location: string; meeting_solution: string; cancelled: boolean; pending: boolean;
}

const SESSION_COLUMNS = `s.id, s.series_id, s.ecosystem_id, s.subject, s.start_at, s.end_at, s.duration_minutes, s.time_zone_id,
  s.meeting_url, s.location, s.meeting_solution, s.cancelled, s.pending`;

function toSession(r: SessionSql): TimerSession {
  const online = r.location !== 'IN_PERSON' && r.meeting_solution !== 'IN_PERSON';
  return {
    id: r.id, seriesId: r.series_id, ecosystemId: r.ecosystem_id, subject: r.subject, startAt: r.start_at, endAt: r.end_at,
    durationMinutes: r.duration_minutes, timeZoneId: r.time_zone_id, joinUrl: online ? r.meeting_url : null, cancelled: r.cancelled, pending: r.pending,
  };
}

interface PersonSql {
  id: string; email: string; profile: Record<string, unknown>; child_name: string | null; family_channels: string[] | null;
}

type Kind = TimerRecipient['kind'];
const VARIANT: Record<Kind, string> = {
  SESSION_REMINDER: 'notificationPreference', FEEDBACK_REQUESTED: 'notificationPreference', CHILD_SESSION_REMINDER: 'parentNotificationPreference',
};

/** The person's channels for `kind`: their preference (e-mail on, text off when never chosen), and for a child's kinds also the family link's channels. */
export function recipientOf(r: PersonSql, kind: Kind): TimerRecipient {
  const prefs = (r.profile[VARIANT[kind]] ?? {}) as Record<string, { email?: boolean; text?: boolean } | undefined>;
  const chosen = prefs[kind] ?? {};
  const family = r.family_channels;
  const phone = typeof r.profile.phoneNumber === 'string' && r.profile.phoneNumber ? r.profile.phoneNumber : null;
  const zone = typeof r.profile.timeZoneId === 'string' && r.profile.timeZoneId ? r.profile.timeZoneId : null;
  return {
    userId: r.id, kind, email: r.email, phoneNumber: phone, language: messageLanguageOf(r.profile.languagePreference as string | undefined), timeZoneId: zone,
    channels: {
      email: (chosen.email ?? true) && (family === null || family.includes('EMAIL')),
      text: (chosen.text ?? false) && (family === null || family.includes('TEXT')),
    },
    childName: r.child_name, participant: kind !== 'CHILD_SESSION_REMINDER',
  };
}

export function timerReads(pool: Pool, loader: AggregateLoader): TimerReads {
  const brands = reportReads(pool, loader);
  return {
    async reminderCandidates(now, offsets, catchUpMinutes) {
      const r = await pool.query<SessionSql>(`SELECT ${SESSION_COLUMNS} FROM read.sessions s
        WHERE NOT s.cancelled AND NOT s.pending AND s.start_at > $1
          AND EXISTS (SELECT 1 FROM unnest($2::int[]) o
                       WHERE s.start_at <= $1::timestamptz + make_interval(mins => o) AND s.start_at >= $1::timestamptz + make_interval(mins => o - $3::int))
        ORDER BY s.start_at, s.id`, [now, [...offsets], catchUpMinutes]);
      return r.rows.map(toSession);
    },

    async session(sessionId) {
      const r = await pool.query<SessionSql>(`SELECT ${SESSION_COLUMNS} FROM read.sessions s WHERE s.id = $1`, [sessionId]);
      return r.rows[0] ? toSession(r.rows[0]) : null;
    },

    async reminderRecipients(session) {
      const r = await pool.query<PersonSql & { parent: boolean }>(`
        SELECT u.id, u.email, u.profile, NULL AS child_name, NULL::text[] AS family_channels, false AS parent
          FROM read.session_participants p JOIN read.users u ON u.id = p.user_id
         WHERE p.session_id = $1 AND NOT u.locked
        UNION ALL
        SELECT u.id, u.email, u.profile, coalesce(nullif(c.preferred_name, ''), c.first_name) AS child_name, f.notif_preferences AS family_channels, true AS parent
          FROM read.session_participants p
          JOIN read.family_connections f ON f.child_id = p.user_id AND f.ecosystem_id = $2
          JOIN read.users u ON u.id = f.parent_id
          JOIN read.users c ON c.id = p.user_id
         WHERE p.session_id = $1 AND NOT p.is_leader AND NOT u.locked
         ORDER BY parent, id, child_name`, [session.id, session.ecosystemId]);
      // A participant hears as a participant; a parent of two learners in it, once.
      const seen = new Set<string>();
      const out: TimerRecipient[] = [];
      for (const row of r.rows) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        out.push(recipientOf(row, row.parent ? 'CHILD_SESSION_REMINDER' : 'SESSION_REMINDER'));
      }
      return out;
    },

    async feedbackRecipients(_ecosystemId, userIds) {
      if (userIds.length === 0) return [];
      const r = await pool.query<PersonSql>(`SELECT u.id, u.email, u.profile, NULL AS child_name, NULL::text[] AS family_channels
        FROM read.users u WHERE u.id = ANY($1::uuid[]) AND NOT u.locked ORDER BY u.id`, [[...userIds]]);
      return r.rows.map((row) => recipientOf(row, 'FEEDBACK_REQUESTED'));
    },

    async completionCandidates(now, since) {
      const r = await pool.query<{ series_id: string; id: string; end_at: Date; grace: number }>(`
        SELECT s.series_id, s.id, s.end_at, g.grace
          FROM read.sessions s
          LEFT JOIN read.ecosystems e ON e.id = s.ecosystem_id
          CROSS JOIN LATERAL (SELECT greatest(coalesce((e.details->'sessionSettings'->>'attendanceGraceMinutes')::int, 0), 0) AS grace) g
         WHERE s.completion_status IS NULL AND NOT s.cancelled AND NOT s.pending
           AND s.end_at > $2 AND s.end_at <= $1
           AND s.end_at + make_interval(mins => g.grace) <= $1
         ORDER BY s.end_at, s.id LIMIT 500`, [now, since]);
      return r.rows.map((row) => ({ seriesId: row.series_id, occurrenceId: row.id, endAt: row.end_at.toISOString(), graceMinutes: row.grace }));
    },

    async recordedMessages(ids) {
      if (ids.length === 0) return new Set();
      const r = await pool.query<{ id: string }>('SELECT id FROM read.messages WHERE id = ANY($1::uuid[])', [[...ids]]);
      return new Set(r.rows.map((row) => row.id));
    },

    async postedNotifications(ids) {
      if (ids.length === 0) return new Set();
      const r = await pool.query<{ id: string }>('SELECT id FROM read.notifications WHERE id = ANY($1::uuid[])', [[...ids]]);
      return new Set(r.rows.map((row) => row.id));
    },

    brand: (ecosystemId) => brands.brand(ecosystemId),
  };
}

/** What the API process and a worker give the engine for the session timers. */
export function sessionTimerDeps(pool: Pool, loader: AggregateLoader, config: Pick<Config, 'SESSION_REMINDER_OFFSETS' | 'PUBLIC_URL' | 'PORT'>,
  log?: (line: string) => void, unsubscribeUrl?: UnsubscribeUrl): Omit<TimerActivityDeps, 'engine'> {
  return {
    reads: timerReads(pool, loader), offsets: parseReminderOffsets(config.SESSION_REMINDER_OFFSETS), sessionsUrl: publicUrl(config, '/sessions'),
    completionLookbackMinutes: COMPLETION_LOOKBACK_MINUTES, log, unsubscribeUrl,
  };
}
