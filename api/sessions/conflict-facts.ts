/**
 * The facts a booking's conflict check needs (docs/decisions/0057-booking-conflicts.md), for a
 * whole series in three statements whatever its number of occurrences: the ecosystem's settings,
 * the people (profile hours, zone, advance limit, name; only members of the ecosystem), and every
 * session of all of them over the series' whole range in one index range scan of
 * read.session_participants by (user_id, start_at), cancelled rows and the occurrences being
 * edited left out. Only the booking's own ecosystem's sessions count: another tenant's never do.
 */
import type { PoolClient } from 'pg';
import { z } from 'zod';
import type { EcosystemRow } from '../../projections/tenants/queries';
import { getEcosystemById } from '../../projections/tenants/queries';
import { factsRange, type ConflictBooking, type ConflictRules, type PersonFacts } from '../../domain/session/conflicts';
import { availableHourSchema } from '../../domain/user/profile/fields';

export interface FactsRequest {
  ecosystemId: string;
  booking: ConflictBooking;
  /** Sessions (occurrence ids) being edited: they are not "another session" of anyone. */
  excludeSessionIds: readonly string[];
}

export interface ConflictFacts {
  rules: ConflictRules;
  people: PersonFacts[];
  /** Participants who are not members of the ecosystem (or whom the reader may not see). */
  unknownUserIds: string[];
}

/** The ecosystem's rules; null when the reader cannot see the ecosystem. */
export async function loadRules(client: PoolClient, ecosystemId: string): Promise<ConflictRules | null> {
  const e = await getEcosystemById(client, ecosystemId);
  return e ? rulesOf(e) : null;
}

export function rulesOf(e: EcosystemRow): ConflictRules {
  const s = e.sessionSettings;
  return {
    timeZoneId: e.supportedTimezones[0]?.id ?? 'America/New_York',
    tutorTerm: e.tutorTerm,
    tuteeTerm: e.tuteeTerm,
    overlapChecksEnabled: s.overlapChecksEnabled,
    supportedHours: e.supportedHours,
    timeBuffer: { enabled: e.timeBufferConfig.enabled, lengthMinutes: e.timeBufferConfig.lengthMinutes },
    sessionInterval: s.sessionInterval,
    sessionDurations: s.sessionDurations,
    sessionAdvanceDayLimit: s.sessionAdvanceDayLimit,
    sessionLimit: { type: e.sessionLimits.sessionLimitType, minuteLimit: e.sessionLimits.minuteLimit, resetDate: e.sessionLimits.resetDate },
    tutorHoursLimit: { isEnabled: s.tutorHoursLimitConfig.isEnabled, limits: s.tutorHoursLimitConfig.limits },
  };
}

const profileSchema = z.object({
  timeZoneId: z.string().nullable().catch(null),
  availableHours: z.array(availableHourSchema).catch([]),
  availabilityOverrides: z.array(z.object({
    date: z.string(), availability: z.array(z.object({ startTime: z.string(), endTime: z.string() })),
  })).catch([]),
  advanceLimit: z.number().int().nullable().catch(null),
  advanceLength: z.enum(['MINUTES', 'HOURS', 'DAYS']).nullable().catch(null),
});

export interface PersonRow { id: string; name: string; profile: Record<string, unknown> }

/**
 * The people who belong to the ecosystem (null: to any ecosystem the reader's scope holds), as
 * the reader's row-level security shows them: a learner only to those who may see them (decision 0053).
 */
export async function loadPeople(client: PoolClient, ecosystemId: string | null, userIds: readonly string[]): Promise<Map<string, PersonRow>> {
  const rows = await client.query<PersonRow>(
    `SELECT u.id, coalesce(u.preferred_name, u.first_name) || ' ' || u.last_name AS name, u.profile
       FROM read.users u
      WHERE u.id = ANY ($1::uuid[])
        AND EXISTS (SELECT 1 FROM read.user_memberships m WHERE m.user_id = u.id AND ($2::uuid IS NULL OR m.ecosystem_id = $2))`,
    [[...new Set(userIds)], ecosystemId]);
  return new Map(rows.rows.map((r) => [r.id, r]));
}

/** A person's facts from their row and their rows of `loadSpans` (none: no sessions loaded). */
export function personFacts(row: PersonRow, spans: readonly SpanRow[]): PersonFacts {
  const sessions: PersonFacts['sessions'] = [];
  let minutesOutside = 0;
  for (const s of spans) {
    if (s.start_at && s.end_at && s.program_id) sessions.push({ startAt: s.start_at.toISOString(), endAt: s.end_at.toISOString(), programId: s.program_id });
    else minutesOutside += s.minutes ?? 0;
  }
  return { userId: row.id, name: row.name, ...profileSchema.parse(row.profile), sessions, minutesOutside };
}

interface SpanRow { user_id: string; start_at: Date | null; end_at: Date | null; program_id: string | null; minutes: number | null }

/**
 * One statement: each person's sessions starting in [from, to), and (for a TOTAL limit) the
 * minutes of those since the reset that start outside that range, as one row per person.
 */
async function loadSpans(client: PoolClient, req: FactsRequest, userIds: readonly string[], range: ReturnType<typeof factsRange>): Promise<SpanRow[]> {
  const rows = await client.query<SpanRow>(
    `SELECT p.user_id, p.start_at, p.end_at, p.program_id, NULL::float8 AS minutes
       FROM read.session_participants p
      WHERE p.user_id = ANY ($1::uuid[]) AND p.start_at >= $2 AND p.start_at < $3
        AND p.ecosystem_id = $4 AND NOT p.cancelled AND NOT (p.session_id = ANY ($5::uuid[]))
     UNION ALL
     SELECT p.user_id, NULL, NULL, NULL, sum(extract(epoch FROM p.end_at - p.start_at) / 60)::float8
       FROM read.session_participants p
      WHERE $6::timestamptz IS NOT NULL AND p.user_id = ANY ($1::uuid[]) AND p.start_at >= $6 AND (p.start_at < $2 OR p.start_at >= $3)
        AND p.ecosystem_id = $4 AND NOT p.cancelled AND NOT (p.session_id = ANY ($5::uuid[]))
      GROUP BY p.user_id`,
    [userIds, range.from, range.to, req.ecosystemId, req.excludeSessionIds, range.resetFrom]);
  return rows.rows;
}

/** Everything findConflicts needs for the booking; null when the reader cannot see the ecosystem. */
export async function loadConflictFacts(client: PoolClient, req: FactsRequest): Promise<ConflictFacts | null> {
  const rules = await loadRules(client, req.ecosystemId);
  if (!rules) return null;
  const ids = [...new Set([...req.booking.tutorIds, ...req.booking.tuteeIds])];
  if (req.booking.occurrences.length === 0) return { rules, people: [], unknownUserIds: [] };
  const rows = await loadPeople(client, req.ecosystemId, ids);
  const known = ids.filter((id) => rows.has(id));
  const spans = known.length ? await loadSpans(client, req, known, factsRange(req.booking, rules)) : [];
  const people = [...rows.values()].map((row) => personFacts(row, spans.filter((s) => s.user_id === row.id)));
  return { rules, people, unknownUserIds: ids.filter((id) => !rows.has(id)) };
}
