/**
 * Reading failures the same way on both engines. Temporal wraps an activity's error
 * (ActivityFailure → ApplicationFailure); pg-boss hands it over as thrown. Duck-typed on purpose:
 * this file is imported by Temporal workflow code, where only deterministic, dependency-free
 * modules may go.
 */
interface FailureLike {
  message?: unknown;
  type?: unknown;
  cause?: unknown;
}

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

/** The innermost message: what actually went wrong, without the engine's wrapping. */
export function describeFailure(err: unknown): string {
  const messages = failureChain(err).map((f) => f.message).filter((m): m is string => typeof m === 'string' && m.length > 0);
  return messages.length ? messages[messages.length - 1] : 'The job stopped with an unknown error.';
}

export const JOB_CANCELLED = 'JobCancelledError';

export function isJobCancellation(err: unknown): boolean {
  return failureType(err) === JOB_CANCELLED;
}
