/** What people read about big jobs (decision 0075; English here, Spanish in api/i18n/es/bigjobs.ts). */
import { defineMessages } from '../shared/i18n';

export const bigJobMessages = defineMessages('bigJob', {
  notFound: 'This job does not exist.',
  exists: 'A job with this id already exists.',
  notRunning: 'This job is not running.',
  ended: 'This job has already ended.',
  notRetryable: 'Only a failed or cancelled job can be retried.',
  cancelled: 'This job was cancelled.',
  chunkOutOfOrder: 'Chunk {index} cannot be recorded before the chunks ahead of it.',
  notAllChunks: 'The job cannot finish before its last chunk is done.',
  programRequired: 'Choose at least one program.',
  programNotInEcosystem: 'Every program must belong to the chosen ecosystem.',
  periodOrder: 'The period must end after it starts.',
  periodTooLong: 'A report covers at most 366 days.',
  notFinished: 'The result can be downloaded once the job has finished.',
  badFilters: 'The filters are not valid.',
  // Row errors the jobs record (kept in English, shown in the reader's language).
  programMissing: 'This program is not part of the ecosystem any more; it was left out.',
});

/** Each kind's name as lists show it. */
export const bigJobLabels = defineMessages('bigJobLabel', {
  EXPORT_SESSIONS: 'Sessions export',
  EXPORT_USERS: 'People export',
  REPORT_PROGRAM_SESSIONS: 'Program sessions report',
});

/** Column names of the result files (the language the job was started in). */
export const bigJobCsvMessages = defineMessages('bigJobCsv', {
  date: 'Date', startTime: 'Start time', timeZoneId: 'Time zone', durationMinutes: 'Minutes', subject: 'Subject', program: 'Program',
  sessionType: 'Session type', status: 'Status', leaders: 'Leaders', learners: 'Learners', attendees: 'Attendees', cancelReason: 'Cancel reason', sessionId: 'Session id',
  firstName: 'First name', lastName: 'Last name', preferredName: 'Preferred name', email: 'E-mail', roles: 'Roles', programIds: 'Programs', joinedAt: 'Joined', userId: 'User id',
});
