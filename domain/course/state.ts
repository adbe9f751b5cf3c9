/** A course section folded from its events: not yet created, or its details, leaders, sessions and learners. */
import type { Aggregate } from '../shared/decider';
import { courseEventSchemas, type CourseEvent } from './events';
import type { CourseSectionDetails } from './model';

export interface CourseSection {
  status: 'active' | 'archived';
  id: string;
  ecosystemId: string;
  details: CourseSectionDetails;
  leaderIds: string[];
  createdBy: string;
  /** The COURSE bookings (Session streams) of the section. */
  seriesIds: string[];
  /** Enrolled learners, in enrolment order. */
  enrolled: string[];
}

export type CourseState = { status: 'none' } | CourseSection;

function defined<T extends object>(changes: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function evolveCourse(state: CourseState, event: CourseEvent): CourseState {
  if (event.type === 'CourseSectionCreated') {
    const { sectionId, ecosystemId, details, leaderIds, createdBy } = event.data;
    return { status: 'active', id: sectionId, ecosystemId, details, leaderIds, createdBy, seriesIds: [], enrolled: [] };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'CourseSectionEdited':
      return { ...state, details: { ...state.details, ...defined(event.data.changes) }, leaderIds: event.data.leaderIds ?? state.leaderIds };
    case 'CourseSectionArchived':
      return { ...state, status: 'archived' };
    case 'CourseSessionsAttached':
      return { ...state, seriesIds: [...state.seriesIds, event.data.seriesId] };
    case 'CourseEnrolled':
      return { ...state, enrolled: [...state.enrolled, event.data.userId] };
    case 'CourseUnenrolled':
      return { ...state, enrolled: state.enrolled.filter((u) => u !== event.data.userId) };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const courseAggregate: Aggregate<CourseState, CourseEvent> = {
  category: 'course',
  initialState: { status: 'none' },
  evolve: evolveCourse,
  eventSchemas: courseEventSchemas,
};
