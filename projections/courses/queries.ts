/**
 * Reads of course sections in the request's tenant scope (decision 0061). A section's term (its
 * sessions' first start and last end, cancelled ones left out) and its next session come from
 * `read.sessions` in the same statement, so they follow every edit of the sessions themselves.
 */
import type { PoolClient } from 'pg';
import type { CourseSection } from '../../domain/course/state';

export interface CourseSectionRow extends CourseSection {
  createdAt: Date;
  firstStart: Date | null;
  lastEnd: Date | null;
  nextSessionId: string | null;
}

const SELECT = `c.state, c.created_at AS "createdAt",
  (SELECT min(s.start_at) FROM read.sessions s WHERE s.series_id = ANY(c.series_ids) AND NOT s.cancelled) AS "firstStart",
  (SELECT max(s.end_at) FROM read.sessions s WHERE s.series_id = ANY(c.series_ids) AND NOT s.cancelled) AS "lastEnd",
  (SELECT s.id FROM read.sessions s WHERE s.series_id = ANY(c.series_ids) AND NOT s.cancelled AND s.end_at > $1
     ORDER BY s.start_at, s.id LIMIT 1) AS "nextSessionId"`;

type Raw = { state: CourseSection; createdAt: Date; firstStart: Date | null; lastEnd: Date | null; nextSessionId: string | null };
const toRow = ({ state, ...rest }: Raw): CourseSectionRow => ({ ...state, ...rest });

/** Sections by id, as far as the tenant scope shows them. */
export async function courseSectionsByIds(client: PoolClient, ids: readonly string[], now: Date): Promise<Map<string, CourseSectionRow>> {
  if (ids.length === 0) return new Map();
  const r = await client.query<Raw>(`SELECT ${SELECT} FROM read.course_sections c WHERE c.section_id = ANY($2::uuid[])`, [now, ids]);
  return new Map(r.rows.map((raw) => [raw.state.id, toRow(raw)]));
}

/** Every section the scope shows (optionally of one course name), by name then creation. */
export async function courseSections(client: PoolClient, now: Date, name: string | null): Promise<CourseSectionRow[]> {
  const r = await client.query<Raw>(
    `SELECT ${SELECT} FROM read.course_sections c WHERE ($2::text IS NULL OR c.name = $2) ORDER BY c.name, c.created_at, c.section_id`, [now, name]);
  return r.rows.map(toRow);
}

/** The section of a COURSE booking's segment (unenrollCourse names one by its recurringSessionId). */
export async function sectionOfSegment(client: PoolClient, segmentId: string): Promise<string | null> {
  const r = await client.query<{ id: string | null }>(
    'SELECT course_section_id AS id FROM read.sessions WHERE segment_id = $1 AND course_section_id IS NOT NULL LIMIT 1', [segmentId]);
  return r.rows[0]?.id ?? null;
}

export interface EnrollmentRow { sectionId: string; userId: string; enrolledAt: Date }

export async function enrollmentsOf(client: PoolClient, sectionId: string): Promise<EnrollmentRow[]> {
  const r = await client.query<EnrollmentRow>(
    `SELECT section_id AS "sectionId", user_id AS "userId", enrolled_at AS "enrolledAt" FROM read.course_enrollments
      WHERE section_id = $1 ORDER BY enrolled_at, user_id`, [sectionId]);
  return r.rows;
}
