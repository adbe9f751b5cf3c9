/**
 * The weekly parent reports' reads (decision 0076), on the owner connection (the scheduler looks
 * at every tenant): the guardians who get one, and their children's sessions of a week.
 *
 * A guardian gets a report in an ecosystem when they hold the PARENT role there (in force, account
 * not locked) and are linked (familyConnections) to a child who is in a program of that ecosystem
 * with studentWeeklyReportToParents: a program role in force, or a global program. The sessions
 * listed are the child's, as a learner, in such programs, pending ones left out.
 */
import type { PoolClient } from 'pg';

type Queryable = Pick<PoolClient, 'query'>;

export interface WeeklyGuardianChild {
  childId: string;
  name: string;
  /** familyConnections.notifPreferences: EMAIL, TEXT. */
  channels: string[];
}

export interface WeeklyGuardianRow {
  parentId: string;
  ecosystemId: string;
  email: string;
  timeZoneId: string | null;
  languagePreference: string | null;
  phoneNumber: string | null;
  /** parentNotificationPreference.WEEKLY_REPORT as stored; null before the guardian chose. */
  weekly: { email?: boolean; text?: boolean } | null;
  children: WeeklyGuardianChild[];
}

export interface ChildSessionRow {
  childId: string;
  sessionId: string;
  startAt: Date;
  endAt: Date;
  cancelled: boolean;
  joined: boolean;
  program: string;
  subject: string;
  tutor: string;
}

const FLAGGED = `(pr.details->'sessions'->>'studentWeeklyReportToParents') = 'true'`;

const GUARDIANS_SQL = `
  SELECT fc.parent_id AS "parentId", fc.ecosystem_id AS "ecosystemId", u.email,
         u.profile->>'timeZoneId' AS "timeZoneId", u.profile->>'languagePreference' AS "languagePreference",
         u.profile->>'phoneNumber' AS "phoneNumber", u.profile->'parentNotificationPreference'->'WEEKLY_REPORT' AS weekly,
         json_agg(json_build_object('childId', fc.child_id, 'channels', fc.notif_preferences,
           'name', coalesce(nullif(btrim(c.preferred_name), ''), c.first_name) || ' ' || c.last_name) ORDER BY lower(c.first_name), fc.child_id) AS children
    FROM read.family_connections fc
    JOIN read.users u ON u.id = fc.parent_id AND NOT u.locked
    JOIN read.users c ON c.id = fc.child_id
   WHERE ($1::uuid IS NULL OR (fc.parent_id = $1 AND fc.ecosystem_id = $2))
     AND EXISTS (SELECT 1 FROM read.user_roles r WHERE r.user_id = fc.parent_id AND r.ecosystem_id = fc.ecosystem_id AND r.role = 'PARENT')
     AND EXISTS (SELECT 1 FROM read.programs pr
                  WHERE pr.ecosystem_id = fc.ecosystem_id AND NOT pr.archived AND ${FLAGGED}
                    AND ((pr.details->>'isGlobal') = 'true'
                         OR EXISTS (SELECT 1 FROM read.user_roles cr WHERE cr.user_id = fc.child_id AND cr.ecosystem_id = fc.ecosystem_id AND cr.program_id = pr.id)))
   GROUP BY fc.parent_id, fc.ecosystem_id, u.email, u.profile
   ORDER BY fc.parent_id, fc.ecosystem_id`;

const SESSIONS_SQL = `
  SELECT p.user_id AS "childId", s.id AS "sessionId", s.start_at AS "startAt", s.end_at AS "endAt", (s.cancelled OR p.cancelled) AS cancelled,
         (p.joined_time IS NOT NULL OR p.checked_in_time IS NOT NULL) AS joined, pr.name AS program, s.subject,
         coalesce((SELECT string_agg(coalesce(nullif(btrim(t.preferred_name), ''), t.first_name) || ' ' || t.last_name, ', ' ORDER BY lower(t.last_name), t.id)
                     FROM read.session_participants l JOIN read.users t ON t.id = l.user_id
                    WHERE l.session_id = s.id AND l.is_leader), '') AS tutor
    FROM read.session_participants p
    JOIN read.sessions s ON s.id = p.session_id AND NOT s.pending
    JOIN read.programs pr ON pr.id = s.program_id AND ${FLAGGED}
   WHERE p.user_id = ANY($1::uuid[]) AND p.ecosystem_id = $2 AND NOT p.is_leader AND p.start_at >= $3 AND p.start_at < $4
   ORDER BY s.start_at, s.id
   LIMIT 2000`;

/** Every guardian who gets a weekly report, per ecosystem; or the one guardian in one ecosystem. */
export async function weeklyGuardians(db: Queryable, only?: { parentId: string; ecosystemId: string }): Promise<WeeklyGuardianRow[]> {
  const { rows } = await db.query(GUARDIANS_SQL, [only?.parentId ?? null, only?.ecosystemId ?? null]);
  return rows as WeeklyGuardianRow[];
}

/** The children's sessions (as learners) in the programs that send weekly reports, starting in [from, to). */
export async function childSessions(db: Queryable, ecosystemId: string, childIds: readonly string[], from: Date, to: Date): Promise<ChildSessionRow[]> {
  const { rows } = await db.query(SESSIONS_SQL, [childIds, ecosystemId, from.toISOString(), to.toISOString()]);
  return rows as ChildSessionRow[];
}

/** Which of these message ids were recorded already (the messages read model). */
export async function recordedMessageIds(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await db.query<{ id: string }>('SELECT id FROM read.messages WHERE id = ANY($1::uuid[])', [ids]);
  return new Set(rows.map((r) => r.id));
}
