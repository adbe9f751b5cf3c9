/**
 * Log-in throttling against the real PostgreSQL with truly concurrent log-ins: the rules of
 * docs/decisions/0015-login-throttling.md, the fix for right passwords refused under concurrency,
 * and wrong guesses that cannot slip past a limit by arriving together.
 */
import fc from 'fast-check';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitedError, UnauthenticatedError } from '../../domain/shared/errors';
import { ensureUser } from './seed';
import type { PasswordChecks } from './service';
import { startAuthHarness, type AuthHarness } from './testing';
import { LoginThrottle, throttleKey } from './throttle';
import { ATTEMPT_LEASE_MS, rulesFrom } from './throttle-rules';

const PASSWORD = 'correct horse battery';
const LIMITS = { LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: '3', LOGIN_MAX_FAILURES_PER_ACCOUNT: '5', LOGIN_MAX_FAILURES_PER_ADDRESS: '6', LOGIN_MAX_FAILURES_GLOBAL: '12' };
const HOUR = 3_600_000;

/** Password checks that take a few random milliseconds (so parallel log-ins really overlap) and count wrong guesses checked. */
function slowChecks() {
  const checked = { wrong: 0 };
  const checks: PasswordChecks = {
    verify: async (_hash, password) => {
      await sleep(2 + Math.random() * 15);
      if (password !== PASSWORD) checked.wrong++;
      return password === PASSWORD;
    },
    verifyDummy: async () => { await sleep(2 + Math.random() * 15); checked.wrong++; return false; },
  };
  return { checks, checked };
}

let h: AuthHarness;
const slow = slowChecks();
const ACCOUNTS = ['ada@example.com', 'bob@example.com'];
let ipCounter = 0;
/** A never-used address, so each test starts with clean per-address and account-and-address counters. */
const freshIp = () => `198.51.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  h = await startAuthHarness({ passwords: slow.checks, config: LIMITS });
  for (const email of ACCOUNTS) await ensureUser(h.services, { email, password: PASSWORD, firstName: 'T', lastName: 'User' });
});
afterAll(async () => { await h.stop(); });

type Answer = 'ok' | 'UNAUTHENTICATED' | 'RATE_LIMITED';
async function attempt(email: string, password: string, ip: string): Promise<Answer> {
  try {
    await h.auth.login(email, password, { ip });
    return 'ok';
  } catch (err) {
    if (err instanceof UnauthenticatedError) return 'UNAUTHENTICATED';
    if (err instanceof RateLimitedError) return 'RATE_LIMITED';
    throw err;
  }
}
const refusal = (email: string, password: string, ip: string) => h.auth.login(email, password, { ip }).then(() => null, (err: unknown) => err);
/** Every window over: counters from earlier tests no longer count (addresses stay known for 30 days). */
const nextHour = () => h.clock.advance(2 * HOUR);

describe('per account and address', () => {
  it('refuses none of 16 parallel log-ins with the right password', async () => {
    nextHour();
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 16 }, () => attempt('ada@example.com', PASSWORD, ip)));
    expect(answers).toEqual(Array(16).fill('ok'));
  });

  it('checks no more wrong guesses than the limit when 30 arrive at once, and refuses the rest', async () => {
    nextHour();
    const ip = freshIp();
    const before = slow.checked.wrong;
    const answers = await Promise.all(Array.from({ length: 30 }, () => attempt('ada@example.com', 'wrong', ip)));
    expect(slow.checked.wrong - before).toBe(3);
    expect(answers.filter((a) => a === 'UNAUTHENTICATED')).toHaveLength(3);
    expect(answers.filter((a) => a === 'RATE_LIMITED')).toHaveLength(27);
    // Now failures alone fill the limit: the right password is refused too, until the window ends.
    expect(await attempt('ada@example.com', PASSWORD, ip)).toBe('RATE_LIMITED');
    h.clock.advance(15 * 60_000);
    expect(await attempt('ada@example.com', PASSWORD, ip)).toBe('ok');
  });

  it('answers RATE_LIMITED with the time left in the window, the same for an unknown e-mail', async () => {
    nextHour();
    for (const email of ['ada@example.com', 'nobody@example.com']) {
      const ip = freshIp();
      for (let i = 0; i < 3; i++) expect(await attempt(email, 'wrong', ip)).toBe('UNAUTHENTICATED');
      h.clock.advance(60_000);
      const err = await refusal(email, 'wrong', ip);
      expect(err).toBeInstanceOf(RateLimitedError);
      expect((err as RateLimitedError).message).toBe('Too many failed log-in attempts. Please try again in 14 minutes.');
      expect((err as RateLimitedError).retryAfterSeconds).toBe(14 * 60);
    }
  });
});

describe('per account across addresses', () => {
  it('refuses new addresses once an account has many failures, but not one it logged in from', async () => {
    nextHour();
    const home = freshIp();
    expect(await attempt('bob@example.com', PASSWORD, home)).toBe('ok');
    // A botnet: each address stays under its own limit of 3.
    for (let i = 0; i < 5; i++) expect(await attempt('bob@example.com', 'wrong', freshIp())).toBe('UNAUTHENTICATED');
    expect(await attempt('bob@example.com', PASSWORD, freshIp())).toBe('RATE_LIMITED');
    expect(await attempt('bob@example.com', PASSWORD, home)).toBe('ok');
    expect(await attempt('ada@example.com', PASSWORD, freshIp())).toBe('ok');
  });
});

describe('per address across accounts (password spraying)', () => {
  it('refuses an address after many failures on different e-mails, except for accounts it logged in to', async () => {
    nextHour();
    const office = freshIp();
    expect(await attempt('ada@example.com', PASSWORD, office)).toBe('ok');
    for (let i = 0; i < 6; i++) expect(await attempt(`sprayed-${i}@example.com`, 'Summer2026!', office)).toBe('UNAUTHENTICATED');
    expect(await attempt('bob@example.com', PASSWORD, office)).toBe('RATE_LIMITED');
    expect(await attempt('sprayed-7@example.com', 'Summer2026!', office)).toBe('RATE_LIMITED');
    expect(await attempt('ada@example.com', PASSWORD, office)).toBe('ok');
    expect(await attempt('bob@example.com', PASSWORD, freshIp())).toBe('ok');
  });

  it('does not let parallel sprays slip past the limit', async () => {
    nextHour();
    const ip = freshIp();
    const before = slow.checked.wrong;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(`spray-${i}@example.com`, 'x', ip)));
    expect(slow.checked.wrong - before).toBe(6);
    expect(answers.filter((a) => a === 'RATE_LIMITED')).toHaveLength(14);
  });
});

describe('platform-wide ceiling', () => {
  it('after many failures everywhere, admits only known addresses until the minute is over', async () => {
    nextHour();
    const known = freshIp();
    expect(await attempt('ada@example.com', PASSWORD, known)).toBe('ok');
    for (let i = 0; i < 12; i++) await attempt(`wide-${i}@example.com`, 'x', freshIp());
    const err = await refusal('bob@example.com', PASSWORD, freshIp());
    expect((err as RateLimitedError).message).toMatch(/^Log-in is paused because of unusual activity\. Please try again in 1 minute\.$/);
    expect(await attempt('ada@example.com', PASSWORD, known)).toBe('ok');
    h.clock.advance(60_000);
    expect(await attempt('bob@example.com', PASSWORD, freshIp())).toBe('ok');
  });
});

describe('attempts in flight', () => {
  it('an attempt left by a crashed process holds its place only until its lease ends', async () => {
    nextHour();
    const ip = freshIp();
    const accountKey = throttleKey('ada@example.com');
    const now = h.clock.now;
    for (let i = 0; i < 3; i++) {
      await h.db.ownerPool.query('INSERT INTO auth.login_attempts (id, account_key, ip, started_at, lease_until) VALUES (gen_random_uuid(), $1, $2, $3, $4)',
        [accountKey, ip, now, new Date(now.getTime() + ATTEMPT_LEASE_MS)]);
    }
    const throttle = new LoginThrottle(h.db.apiPool, rulesFrom(h.config), { maxWaitMs: 100 });
    expect(await throttle.reserve({ accountKey, ip }, () => h.clock.now)).toEqual({ kind: 'busy' });
    h.clock.advance(ATTEMPT_LEASE_MS);
    expect(await attempt('ada@example.com', PASSWORD, ip)).toBe('ok');
  });
});

describe('with the default limits', () => {
  let d: AuthHarness;
  const counted = slowChecks();
  beforeAll(async () => {
    d = await startAuthHarness({ passwords: counted.checks });
    await ensureUser(d.services, { email: 'ada@example.com', password: PASSWORD, firstName: 'T', lastName: 'User' });
  });
  afterAll(async () => { await d.stop(); });
  const answer = (password: string, ip: string) => d.auth.login('ada@example.com', password, { ip }).then(() => 'ok', (err: unknown) => (err as Error).constructor.name);

  it('lets all of 16 concurrent right log-ins of one account in, more than the limit of attempts in flight', async () => {
    expect(d.config.LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS).toBeLessThan(16);
    expect(await Promise.all(Array.from({ length: 16 }, () => answer(PASSWORD, '203.0.113.1')))).toEqual(Array(16).fill('ok'));
  });

  it('checks at most the limit of 16 concurrent wrong guesses for one account and refuses the others', async () => {
    const before = counted.checked.wrong;
    const answers = await Promise.all(Array.from({ length: 16 }, () => answer('wrong', '203.0.113.2')));
    const limit = d.config.LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS;
    expect(counted.checked.wrong - before).toBe(limit);
    expect(answers.filter((a) => a === 'UnauthenticatedError')).toHaveLength(limit);
    expect(answers.filter((a) => a === 'RateLimitedError')).toHaveLength(16 - limit);
  });
});

describe('waiting in arrival order', () => {
  it('gives a free place to the log-in that waited for it, not to one that arrived later', async () => {
    nextHour();
    const key = { accountKey: throttleKey('ada@example.com'), ip: freshIp() };
    const throttle = new LoginThrottle(h.db.apiPool, rulesFrom(h.config), { maxWaitMs: 10_000 });
    const clock = () => h.clock.now;
    const held = [];
    for (let i = 0; i < 3; i++) {
      const r = await throttle.reserve(key, clock);
      if (r.kind !== 'reserved') throw new Error(`expected a reservation, got ${r.kind}`);
      held.push(r.reservation);
    }
    const order: string[] = [];
    const first = throttle.reserve(key, clock).then((r) => { order.push('first'); return r; });
    await sleep(60);
    const second = throttle.reserve(key, clock).then((r) => { order.push('second'); return r; });
    await sleep(20);
    await throttle.settle(held[0], 'success', h.clock.now);
    expect(await first).toMatchObject({ kind: 'reserved' });
    // The place freed went to the first waiter; the limit is full again, so the second still waits.
    expect(order).toEqual(['first']);
    await throttle.settle(held[1], 'success', h.clock.now);
    expect(await second).toMatchObject({ kind: 'reserved' });
    expect(order).toEqual(['first', 'second']);
  });
});

describe('purge', () => {
  it('deletes counters once their window is over and lapsed attempts, keeping known addresses', async () => {
    nextHour();
    const ip = freshIp();
    await attempt('nobody-purge@example.com', 'x', ip);
    await attempt('ada@example.com', PASSWORD, ip);
    const rows = () => h.db.ownerPool.query<{ scope: string }>(
      "SELECT scope FROM auth.login_counters WHERE key LIKE '%' || $1 ORDER BY scope", [ip]).then((r) => r.rows.map((x) => x.scope));
    expect(await rows()).toEqual(['account_address', 'account_address', 'address']);
    h.clock.advance(2 * HOUR);
    const purged = await h.auth.maintenance.purgeOnce();
    expect(purged.counters).toBeGreaterThan(0);
    expect(await rows()).toEqual(['account_address']);
    h.clock.advance(31 * 24 * HOUR);
    await h.auth.maintenance.purgeOnce();
    expect(await rows()).toEqual([]);
    expect((await h.db.ownerPool.query('SELECT 1 FROM auth.login_attempts WHERE lease_until < $1', [h.clock.now])).rowCount).toBe(0);
  });
});

describe('any mix of parallel log-ins', () => {
  // Few accounts and addresses and mostly wrong guesses, so that limits are reached in most runs.
  const attemptArb = fc.record({
    who: fc.constantFrom(0, 1, 2),
    where: fc.constantFrom(0, 1),
    right: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  });

  it('checks no more wrong guesses than each rule allows, and refuses a right password only when failures fill a rule', async () => {
    await fc.assert(fc.asyncProperty(fc.array(attemptArb, { minLength: 1, maxLength: 30 }), async (attempts) => {
      nextHour();
      const ips = [freshIp(), freshIp()];
      const emails = [...ACCOUNTS, `ghost-${ipCounter}@example.com`];
      const answers = await Promise.all(attempts.map((a) => attempt(emails[a.who], a.right ? PASSWORD : 'wrong', ips[a.where])));
      const runs = attempts.map((a, i) => ({ ...a, answer: answers[i] }));
      // A wrong guess that was checked answers UNAUTHENTICATED; an unknown e-mail never succeeds.
      const checkedWrong = (p: (r: (typeof runs)[number]) => boolean) => runs.filter((r) => p(r) && r.answer === 'UNAUTHENTICATED').length;
      const succeeded = (p: (r: (typeof runs)[number]) => boolean) => runs.some((r) => p(r) && r.answer === 'ok');
      for (let who = 0; who < 3; who++) {
        for (let where = 0; where < 2; where++) {
          const pair = (r: (typeof runs)[number]) => r.who === who && r.where === where;
          if (!succeeded(pair)) expect(checkedWrong(pair)).toBeLessThanOrEqual(3);
        }
        const account = (r: (typeof runs)[number]) => r.who === who;
        if (!succeeded(account)) expect(checkedWrong(account)).toBeLessThanOrEqual(5);
      }
      for (let where = 0; where < 2; where++) {
        const address = (r: (typeof runs)[number]) => r.where === where;
        if (!succeeded(address)) expect(checkedWrong(address)).toBeLessThanOrEqual(6);
      }
      for (const r of runs.filter((x) => x.right && x.who < 2 && x.answer === 'RATE_LIMITED')) {
        const full = checkedWrong((x) => x.who === r.who && x.where === r.where) >= 3
          || checkedWrong((x) => x.who === r.who) >= 5 || checkedWrong((x) => x.where === r.where) >= 6 || checkedWrong(() => true) >= 12;
        expect(full).toBe(true);
      }
      for (const r of runs.filter((x) => x.right && x.who < 2)) expect(r.answer).not.toBe('UNAUTHENTICATED');
    }), { numRuns: 15 });
  });
});
