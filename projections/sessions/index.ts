/**
 * The sessions read model (docs/decisions/0055 and 0056): one row per occurrence of a booking in
 * `read.sessions`, one per person and occurrence in `read.session_participants`, and the booking's
 * folded state in `session_series` (the projection's own memory, not exposed: readers never need
 * it). Every Session event folds into the stored state and the booking's rows are written again
 * from `occurrencesOf(state)` (write.ts), so a rebuild ends with the same rows.
 */
import type { Projection } from '../types';
import { registerSessionBreadcrumbs } from './breadcrumbs';
import { sessionHandlers } from './handlers';
import { sessionIndexes, sessionTables } from './tables';

registerSessionBreadcrumbs();

export const SESSIONS_PROJECTION = 'sessions';
export * from './queries';
export { writeOccurrences, type SegmentRecurrence } from './write';

export const sessionsProjection: Projection = {
  name: SESSIONS_PROJECTION,
  // 2: session_participants.checked_in_time / checked_out_time (decision 0066).
  // 3: completion and feedback columns (decision 0074).
  version: 3,
  tables: sessionTables,
  indexes: sessionIndexes,
  exposedTables: ['sessions', 'session_participants'],
  handlers: sessionHandlers,
};
