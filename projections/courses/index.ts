/**
 * The courses read model (decision 0061). Each Course event folds into the section's stored state
 * (the aggregate's own evolve), and the section's row is written again from it; enrolments are
 * rows of their own so "who is enrolled" and "what am I enrolled in" are index scans. Events of one
 * section arrive in stream order, so a rebuild ends with the same rows.
 */
import { courseEventSchemas, type CourseEvent } from '../../domain/course/events';
import { instantOf } from '../../domain/course/model';
import { courseAggregate, type CourseSection, type CourseState } from '../../domain/course/state';
import type { RecordedEvent } from '../../domain/shared/events';
import type { Projection, ProjectionContext, ProjectionHandler } from '../types';
import { registerCourseBreadcrumbs } from './breadcrumbs';
import { courseTables } from './tables';

registerCourseBreadcrumbs();

export const COURSES_PROJECTION = 'courses';
export * from './queries';

async function saveSection(client: ProjectionContext['client'], table: ProjectionContext['table'], s: CourseSection, at: string): Promise<void> {
  const d = s.details;
  const iso = (local: string) => new Date(instantOf(local, d.timeZoneId)).toISOString();
  await client.query(
    `INSERT INTO ${table('course_sections')} (section_id, ecosystem_id, name, program_ids, leader_ids, series_ids, max_enrollments, enrolled_count,
       enrollment_start, enrollment_end, drop_deadline, archived, created_by, state, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)
     ON CONFLICT (section_id) DO UPDATE SET name = EXCLUDED.name, program_ids = EXCLUDED.program_ids, leader_ids = EXCLUDED.leader_ids,
       series_ids = EXCLUDED.series_ids, max_enrollments = EXCLUDED.max_enrollments, enrolled_count = EXCLUDED.enrolled_count,
       enrollment_start = EXCLUDED.enrollment_start, enrollment_end = EXCLUDED.enrollment_end, drop_deadline = EXCLUDED.drop_deadline,
       archived = EXCLUDED.archived, state = EXCLUDED.state, updated_at = EXCLUDED.updated_at`,
    [s.id, s.ecosystemId, d.name, d.programIds, s.leaderIds, s.seriesIds, d.maxEnrollments, s.enrolled.length,
      iso(d.enrollmentStart), iso(d.enrollmentEnd), d.dropDeadline ? iso(d.dropDeadline) : null, s.status === 'archived', s.createdBy,
      JSON.stringify(s), at]);
}

async function apply(event: RecordedEvent, { client, table }: ProjectionContext): Promise<void> {
  const type = event.type as CourseEvent['type'];
  const data = courseEventSchemas[type].parse(event.data) as { sectionId: string; userId?: string };
  const found = await client.query<{ state: CourseState }>(`SELECT state FROM ${table('course_sections')} WHERE section_id = $1`, [data.sectionId]);
  const state = courseAggregate.evolve(found.rows[0]?.state ?? courseAggregate.initialState, { type, data } as CourseEvent);
  if (state.status === 'none') return;
  await saveSection(client, table, state, event.metadata.occurredAt);
  if (type === 'CourseEnrolled') {
    await client.query(
      `INSERT INTO ${table('course_enrollments')} (section_id, ecosystem_id, user_id, enrolled_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [state.id, state.ecosystemId, data.userId, event.metadata.occurredAt]);
  } else if (type === 'CourseUnenrolled') {
    await client.query(`DELETE FROM ${table('course_enrollments')} WHERE section_id = $1 AND user_id = $2`, [state.id, data.userId]);
  }
}

const handlers: Record<string, ProjectionHandler> = Object.fromEntries(Object.keys(courseEventSchemas).map((type) => [type, apply]));

export const coursesProjection: Projection = {
  name: COURSES_PROJECTION,
  version: 1,
  tables: courseTables,
  exposedTables: ['course_sections', 'course_enrollments'],
  handlers,
};
