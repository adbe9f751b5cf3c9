/**
 * Raised when work is reported on a cancelled job. Activities stop at it instead of failing the
 * job: cancellation is an outcome the admin chose, not an error to retry or report.
 */
import { IllegalStateError } from '../shared/errors';
import { jobMessages } from './messages';

export class JobCancelledError extends IllegalStateError {
  constructor(readonly jobId: string) {
    super(jobMessages.cancelled, 'JOB_CANCELLED');
    this.name = 'JobCancelledError';
  }
}
