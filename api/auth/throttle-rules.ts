/**
 * The log-in throttling rules as pure functions (docs/decisions/0015-login-throttling.md): what a
 * counter looks like after a failure or a success, and whether a new attempt may start, must wait,
 * or is refused. api/auth/throttle.ts keeps the counters in PostgreSQL and calls these.
 *
 * The invariant: for every rule that counts in-flight attempts, failures in the window plus attempts
 * whose password check is under way never exceed the limit. So parallel wrong guesses cannot slip
 * past it, and an attempt that finds the limit full only of unfinished attempts waits for them
 * instead of being refused: a correct password is refused only when failures alone reach a limit.
 */
import type { Config } from '../../infra/config';

export type Scope = 'account_address' | 'account' | 'address' | 'global';

/** Fixed order: rows are always locked in it, so two transactions never wait on each other in a cycle. */
export const SCOPES: readonly Scope[] = ['account', 'account_address', 'address', 'global'];

export interface Rule {
  scope: Scope;
  maxFailures: number;
  windowMs: number;
  /** Whether attempts still being checked count against the limit (strict rules). */
  countsInFlight: boolean;
  /** Whether an address the account logged in from recently is exempt (all but account-and-address). */
  exemptWhenKnown: boolean;
}

export interface Counter {
  failures: number;
  windowStartedAt: Date | null;
  lastSuccessAt: Date | null;
}

export const EMPTY_COUNTER: Counter = { failures: 0, windowStartedAt: null, lastSuccessAt: null };

export type Verdict =
  | { kind: 'allow' }
  /** Only unfinished attempts fill a limit: try again when some have finished. */
  | { kind: 'wait' }
  | { kind: 'refuse'; scope: Scope; retryAfterMs: number };

const MINUTE = 60_000;
/** How long a successful log-in makes its address "known" for the account. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * MINUTE;
/** How long an attempt counts as in flight if its process dies before finishing it. */
export const ATTEMPT_LEASE_MS = 30_000;

export type LoginLimits = Pick<Config, 'LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS' | 'LOGIN_MAX_FAILURES_PER_ACCOUNT'
  | 'LOGIN_MAX_FAILURES_PER_ADDRESS' | 'LOGIN_MAX_FAILURES_GLOBAL'>;

export function rulesFrom(limits: LoginLimits): Record<Scope, Rule> {
  return {
    // Someone guessing one account's password from one place: stopped after a few tries. A success
    // clears it, so the owner's own typos never add up to a lock-out.
    account_address: { scope: 'account_address', maxFailures: limits.LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS, windowMs: 15 * MINUTE, countsInFlight: true, exemptWhenKnown: false },
    // One account guessed from many addresses (a botnet).
    account: { scope: 'account', maxFailures: limits.LOGIN_MAX_FAILURES_PER_ACCOUNT, windowMs: 60 * MINUTE, countsInFlight: true, exemptWhenKnown: true },
    // One address trying a common password on many accounts (password spraying).
    address: { scope: 'address', maxFailures: limits.LOGIN_MAX_FAILURES_PER_ADDRESS, windowMs: 60 * MINUTE, countsInFlight: true, exemptWhenKnown: true },
    // A ceiling for the whole platform. Not strict about attempts in flight: every log-in would
    // otherwise queue on one row; the hashing itself is bounded by the verification gate instead.
    global: { scope: 'global', maxFailures: limits.LOGIN_MAX_FAILURES_GLOBAL, windowMs: MINUTE, countsInFlight: false, exemptWhenKnown: true },
  };
}

function windowOpen(counter: Counter, rule: Rule, now: Date): boolean {
  return counter.windowStartedAt !== null && now.getTime() < counter.windowStartedAt.getTime() + rule.windowMs;
}

/** Failures that still count at `now`: none once the window has ended. */
export function liveFailures(counter: Counter, rule: Rule, now: Date): number {
  return windowOpen(counter, rule, now) ? counter.failures : 0;
}

/** An address is known for an account when a log-in from it succeeded within KNOWN_ADDRESS_MS. */
export function isKnownAddress(accountAddress: Counter, now: Date): boolean {
  return accountAddress.lastSuccessAt !== null && now.getTime() - accountAddress.lastSuccessAt.getTime() < KNOWN_ADDRESS_MS;
}

export interface AttemptState {
  counters: Record<Scope, Counter>;
  /** Attempts under way (unexpired leases) per scope; `global` is not counted. */
  inFlight: Record<Scope, number>;
}

/** Whether an attempt may start now. A refusal names the rule that holds longest, with its wait. */
export function judge(rules: Record<Scope, Rule>, state: AttemptState, now: Date): Verdict {
  const known = isKnownAddress(state.counters.account_address, now);
  let refusal: Extract<Verdict, { kind: 'refuse' }> | null = null;
  let mustWait = false;
  for (const scope of SCOPES) {
    const rule = rules[scope];
    if (known && rule.exemptWhenKnown) continue;
    const counter = state.counters[scope];
    const failures = liveFailures(counter, rule, now);
    if (failures >= rule.maxFailures) {
      const retryAfterMs = (counter.windowStartedAt?.getTime() ?? now.getTime()) + rule.windowMs - now.getTime();
      if (!refusal || retryAfterMs > refusal.retryAfterMs) refusal = { kind: 'refuse', scope, retryAfterMs };
    } else if (rule.countsInFlight && failures + state.inFlight[scope] >= rule.maxFailures) {
      mustWait = true;
    }
  }
  if (refusal) return refusal;
  return mustWait ? { kind: 'wait' } : { kind: 'allow' };
}

/** The counter after one more failure: a new window starts when the last one has ended. */
export function afterFailure(counter: Counter, rule: Rule, now: Date): Counter {
  return windowOpen(counter, rule, now)
    ? { ...counter, failures: counter.failures + 1 }
    : { ...counter, failures: 1, windowStartedAt: now };
}

/**
 * The counter after a successful log-in. Only the account-and-address row changes: it forgets its
 * failures (the owner's typos never add up) and remembers the success (the address is now known).
 * The wider rules keep counting, since a spraying address or a botnet also gets some right.
 */
export function afterSuccess(counter: Counter, rule: Rule, now: Date): Counter {
  return rule.scope === 'account_address' ? { failures: 0, windowStartedAt: null, lastSuccessAt: now } : counter;
}

/** When a counter row can be deleted: its window is over and, for an address, it is no longer known. */
export function expiryOf(counter: Counter, rule: Rule, now: Date): Date {
  const ends = [now.getTime() + ATTEMPT_LEASE_MS];
  if (counter.windowStartedAt) ends.push(counter.windowStartedAt.getTime() + rule.windowMs);
  if (counter.lastSuccessAt) ends.push(counter.lastSuccessAt.getTime() + KNOWN_ADDRESS_MS);
  return new Date(Math.max(...ends));
}
