/**
 * Reading failures the same way on both engines. Temporal wraps an activity's error
 * (ActivityFailure → ApplicationFailure); pg-boss hands it over as thrown. Duck-typed on purpose:
 * this file is imported by Temporal workflow code, where only deterministic, dependency-free
 * modules may go.
 */
interface FailureLike {
  message?: unknown;
  type?: unknown;
  name?: unknown;
  code?: unknown;
  cause?: unknown;
}

/** Business refusals (domain/shared/errors.ts; wrapped as 'DomainError' by workflows/dispatch.ts): messages written for users. */
const DOMAIN_ERROR_NAMES = new Set(['DomainError', 'ZodError', 'ValidationError', 'IllegalStateError', 'NotFoundError', 'ForbiddenError', 'UnauthenticatedError', 'RateLimitedError']);
const DOMAIN_ERROR_CODES = new Set(['BAD_USER_INPUT', 'CONFLICT', 'NOT_FOUND', 'FORBIDDEN', 'UNAUTHENTICATED', 'RATE_LIMITED']);

function isDomainFailure(f: FailureLike): boolean {
  return (typeof f.code === 'string' && DOMAIN_ERROR_CODES.has(f.code))
    || [f.type, f.name].some((n) => typeof n === 'string' && DOMAIN_ERROR_NAMES.has(n));
}

export const INTERNAL_FAILURE = 'The job stopped because of an internal error. It has been logged for the platform team.';
/** Recorded by the stalled-job reaper on a job whose workflow stopped reporting. */
export const STALLED_FAILURE = 'The job stopped making progress and was marked as failed. You can start it again.';

/** The error and each `.cause` below it, outermost first. */
export function failureChain(err: unknown): FailureLike[] {
  const chain: FailureLike[] = [];
  let current: unknown = err;
  while (current && typeof current === 'object' && chain.length < 10) {
    chain.push(current as FailureLike);
    current = (current as FailureLike).cause;
  }
  return chain;
}

/** The innermost ApplicationFailure type (e.g. 'JobCancelledError'), if any. */
export function failureType(err: unknown): string | undefined {
  const typed = failureChain(err).filter((f) => typeof f.type === 'string');
  return typed.length ? String(typed[typed.length - 1].type) : undefined;
}

/**
 * What the job's reader is told: a business refusal's own message (innermost, without the engine's
 * wrapping); for anything else a generic sentence, since raw messages can carry internals (SQL, hosts).
 */
export function describeFailure(err: unknown): string {
  const domain = failureChain(err).filter(isDomainFailure).map((f) => f.message).filter((m): m is string => typeof m === 'string' && m.length > 0);
  return domain.length ? domain[domain.length - 1] : INTERNAL_FAILURE;
}

export const JOB_CANCELLED = 'JobCancelledError';

export function isJobCancellation(err: unknown): boolean {
  return failureType(err) === JOB_CANCELLED;
}
