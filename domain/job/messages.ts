/** What users read when a batch-job command is refused (English; Spanish in api/i18n/es/domain.ts). */
import { defineMessages } from '../shared/i18n';

export const jobMessages = defineMessages('job', {
  notFound: 'This job does not exist.',
  alreadyQueued: 'This job has already been queued.',
  alreadyEnded: 'This job has already ended.',
  cancelled: 'This job was cancelled.',
  notProcessing: 'This job is not running.',
  progressBeyondTotal: 'Progress cannot pass the job\'s total.',
  notCalendarDate: 'Enter a real calendar date as YYYY-MM-DD.',
  unknownJobName: 'Unknown job name. Known jobs: {names}.',
  // Failure texts a job records (workflows/failures.ts keeps the same English: the workflow sandbox
  // imports nothing; a unit test keeps the two equal).
  internalFailure: 'The job stopped because of an internal error. It has been logged for the platform team.',
  stalledFailure: 'The job stopped making progress and was marked as failed. You can start it again.',
});

export const demoDataMessages = defineMessages('demoData', {
  exists: 'This ecosystem already has demo data. Delete it before creating it again.',
  creating: 'Demo data is already being created for this ecosystem.',
  deleting: 'Demo data is being deleted for this ecosystem.',
  absent: 'This ecosystem has no demo data.',
  notThisJob: 'Another job is working on this ecosystem\'s demo data.',
  itemsRemain: 'Some demo items have not been removed yet.',
});
