import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterFailure, afterSuccess, EMPTY_COUNTER, expiryOf, isKnownAddress, judge, KNOWN_ADDRESS_MS, liveFailures, rulesFrom, SCOPES,
  type AttemptState, type Counter, type Scope,
} from './throttle-rules';

const rules = rulesFrom({
  LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: 3, LOGIN_MAX_FAILURES_PER_ACCOUNT: 5, LOGIN_MAX_FAILURES_PER_ADDRESS: 6, LOGIN_MAX_FAILURES_GLOBAL: 8,
});
const T0 = new Date('2026-11-21T10:00:00Z').getTime();
const at = (ms: number) => new Date(T0 + ms);

const counterArb: fc.Arbitrary<Counter> = fc.record({
  failures: fc.integer({ min: 0, max: 10 }),
  windowStartedAt: fc.option(fc.integer({ min: -2 * 3_600_000, max: 0 }).map(at), { nil: null }),
  lastSuccessAt: fc.option(fc.integer({ min: -40 * 86_400_000, max: 0 }).map(at), { nil: null }),
});
const stateArb: fc.Arbitrary<AttemptState> = fc.record({
  counters: fc.record({ account: counterArb, account_address: counterArb, address: counterArb, global: counterArb }),
  inFlight: fc.record({ account: fc.nat(8), account_address: fc.nat(8), address: fc.nat(8), global: fc.constant(0) }),
});

/** The rules that apply to an attempt in this state (known addresses skip the wide ones). */
function applicable(state: AttemptState, now: Date): Scope[] {
  const known = isKnownAddress(state.counters.account_address, now);
  return SCOPES.filter((s) => !(known && rules[s].exemptWhenKnown));
}

describe('judge', () => {
  const now = at(0);

  it('refuses exactly when failures alone fill an applicable rule, naming when to try again', () => {
    fc.assert(fc.property(stateArb, (state) => {
      const full = applicable(state, now).filter((s) => liveFailures(state.counters[s], rules[s], now) >= rules[s].maxFailures);
      const verdict = judge(rules, state, now);
      expect(verdict.kind === 'refuse').toBe(full.length > 0);
      if (verdict.kind === 'refuse') {
        expect(full).toContain(verdict.scope);
        expect(verdict.retryAfterMs).toBeGreaterThan(0);
        expect(verdict.retryAfterMs).toBeLessThanOrEqual(rules[verdict.scope].windowMs);
      }
    }));
  });

  it('allows only with room for one more failure in every strict rule; otherwise the attempt waits', () => {
    fc.assert(fc.property(stateArb, (state) => {
      const verdict = judge(rules, state, now);
      const crowded = applicable(state, now).some((s) => rules[s].countsInFlight
        && liveFailures(state.counters[s], rules[s], now) + state.inFlight[s] >= rules[s].maxFailures);
      if (verdict.kind === 'allow') expect(crowded).toBe(false);
      if (verdict.kind === 'wait') expect(crowded).toBe(true);
    }));
  });

  it('never makes an attempt wait when nothing else is in flight', () => {
    fc.assert(fc.property(stateArb, (state) => {
      const idle = { ...state, inFlight: { account: 0, account_address: 0, address: 0, global: 0 } };
      expect(judge(rules, idle, now).kind).not.toBe('wait');
    }));
  });

  it('is never stricter for an address the account logged in from recently', () => {
    fc.assert(fc.property(stateArb, fc.integer({ min: 0, max: KNOWN_ADDRESS_MS - 1 }), (state, ago) => {
      const known = { ...state, counters: { ...state.counters, account_address: { ...state.counters.account_address, lastSuccessAt: at(-ago) } } };
      const order = { allow: 0, wait: 1, refuse: 2 } as const;
      expect(order[judge(rules, known, now).kind]).toBeLessThanOrEqual(order[judge(rules, { ...known, counters: {
        ...known.counters, account_address: { ...known.counters.account_address, lastSuccessAt: null } } }, now).kind]);
    }));
  });
});

describe('counters', () => {
  it('a failure after the window starts a new one; within it, adds one', () => {
    const rule = rules.account_address;
    const first = afterFailure(EMPTY_COUNTER, rule, at(0));
    expect(first).toEqual({ failures: 1, windowStartedAt: at(0), lastSuccessAt: null });
    expect(afterFailure(first, rule, at(rule.windowMs - 1)).failures).toBe(2);
    expect(afterFailure(first, rule, at(rule.windowMs))).toEqual({ failures: 1, windowStartedAt: at(rule.windowMs), lastSuccessAt: null });
  });

  it('a success clears and marks only the account-and-address counter', () => {
    const failed: Counter = { failures: 2, windowStartedAt: at(0), lastSuccessAt: null };
    expect(afterSuccess(failed, rules.account_address, at(5))).toEqual({ failures: 0, windowStartedAt: null, lastSuccessAt: at(5) });
    for (const scope of ['account', 'address', 'global'] as const) expect(afterSuccess(failed, rules[scope], at(5))).toBe(failed);
  });

  it('a row expires when its window is over and its address no longer known, never before', () => {
    fc.assert(fc.property(counterArb, fc.constantFrom(...SCOPES), (counter, scope) => {
      const rule = rules[scope];
      const expiry = expiryOf(counter, rule, at(0));
      expect(liveFailures(counter, rule, expiry)).toBe(0);
      expect(isKnownAddress(counter, expiry)).toBe(false);
      expect(expiry.getTime()).toBeGreaterThan(T0);
    }));
  });
});

/**
 * Many log-ins of one (e-mail, address) interleaved at random: each step either starts an attempt
 * (judged with the attempts still under way) or finishes one as a success or a failure.
 */
type Step = { kind: 'start' } | { kind: 'finish'; success: boolean };
const scheduleArb: fc.Arbitrary<Step[]> = fc.array(fc.oneof(
  fc.constant({ kind: 'start' as const }),
  fc.record({ kind: fc.constant('finish' as const), success: fc.boolean() }),
), { maxLength: 80 });

function run(schedule: Step[], check: (state: AttemptState, verdicts: string[], everKnown: boolean) => void, allSucceed = false) {
  const now = at(0);
  const counters: Record<Scope, Counter> = { account: EMPTY_COUNTER, account_address: EMPTY_COUNTER, address: EMPTY_COUNTER, global: EMPTY_COUNTER };
  let inFlight = 0;
  let everKnown = false;
  const verdicts: string[] = [];
  const state = (): AttemptState => ({ counters, inFlight: { account: inFlight, account_address: inFlight, address: inFlight, global: 0 } });
  for (const step of schedule) {
    if (step.kind === 'start') {
      const verdict = judge(rules, state(), now);
      verdicts.push(verdict.kind);
      if (verdict.kind === 'allow') inFlight++;
    } else if (inFlight > 0) {
      inFlight--;
      const success = allSucceed || step.success;
      for (const scope of SCOPES) counters[scope] = success ? afterSuccess(counters[scope], rules[scope], now) : afterFailure(counters[scope], rules[scope], now);
      everKnown ||= success;
    }
    check(state(), verdicts, everKnown);
  }
}

describe('interleaved attempts of one key', () => {
  it('never hold more failures plus unfinished attempts than a strict rule allows', () => {
    fc.assert(fc.property(scheduleArb, (schedule) => {
      run(schedule, (state, _verdicts, everKnown) => {
        const strict = everKnown ? ['account_address' as const] : (['account', 'account_address', 'address'] as const);
        for (const scope of strict) {
          expect(state.counters[scope].failures + state.inFlight[scope]).toBeLessThanOrEqual(rules[scope].maxFailures);
        }
      });
    }));
  });

  it('never refuse an attempt when every password is right, however many run at once', () => {
    fc.assert(fc.property(scheduleArb, (schedule) => {
      run(schedule, (_state, verdicts) => expect(verdicts).not.toContain('refuse'), true);
    }));
  });
});
