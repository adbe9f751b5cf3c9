/**
 * Multi-factor log-in against the real database and event store, on a clock the tests move: set-up,
 * the second step, single use of codes, recovery codes, throttling and the userIdToken's expiry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mfaAggregate } from '../../../domain/mfa/state';
import { ForbiddenError, IllegalStateError, RateLimitedError, UnauthenticatedError, ValidationError } from '../../../domain/shared/errors';
import { registerUser } from '../registration';
import { ensureUser, SYSTEM_ACTOR } from '../seed';
import type { AccountRow } from '../../../projections/users';
import { loadAccount } from '../../../projections/users';
import { startAuthHarness, type AuthHarness } from '../testing';
import { base32Secret, codeAt } from './totp';

const PASSWORD = 'a long enough passphrase';
const STEP_MS = 30_000;

let h: AuthHarness;

beforeAll(async () => {
  // Few failures allowed, so the throttle test stays short.
  h = await startAuthHarness({ config: { LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: '4' } });
});
afterAll(async () => { await h.stop(); });

let people = 0;
async function person(): Promise<AccountRow> {
  people++;
  const { userId } = await ensureUser(h.services, { email: `person${people}@example.com`, password: PASSWORD, firstName: 'Pat', lastName: `Person${people}` });
  const account = await loadAccount(h.db.apiPool, userId);
  if (!account) throw new Error('no account');
  return account;
}

/** Sets TOTP up for `user` and answers the secret (as the app holds it) and the recovery codes. */
async function enrol(user: AccountRow): Promise<{ secret: Buffer; recoveryCodes: string[] }> {
  const run = h.auth.runAs(user);
  const enrolment = await h.auth.mfa.startTotp(user, run);
  const secret = base32Secret(enrolment.secret);
  const recoveryCodes = await h.auth.mfa.confirmTotp(user, codeAt(secret, h.clock.now), crypto.randomUUID(), 'setup', run);
  h.clock.advance(STEP_MS);
  return { secret, recoveryCodes };
}

async function firstStep(user: AccountRow, ip = '10.1.0.1') {
  return h.auth.login(user.email, PASSWORD, { ip });
}

describe('setting up TOTP', () => {
  it('answers the key, an otpauth URI and a QR code, and keeps only a sealed secret in the stream', async () => {
    const user = await person();
    const enrolment = await h.auth.mfa.startTotp(user, h.auth.runAs(user));
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]+/);
    expect(enrolment.otpauthUri).toContain(encodeURIComponent(user.email));
    expect(enrolment.qrCodeSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const stream = await h.eventStore.readStream(`mfa-${user.id}`);
    expect(stream.map((e) => e.type)).toEqual(['TotpEnrolmentStarted']);
    expect(JSON.stringify(stream.map((e) => e.data))).not.toContain(enrolment.secret);
    expect(await h.bus.load(mfaAggregate, user.id)).toMatchObject({ status: 'pending' });
  });

  it('is confirmed only by a code of the newest secret; a wrong code writes nothing', async () => {
    const user = await person();
    const run = h.auth.runAs(user);
    const older = base32Secret((await h.auth.mfa.startTotp(user, run)).secret);
    const newer = base32Secret((await h.auth.mfa.startTotp(user, run)).secret);
    const before = await h.eventCount();
    await expect(h.auth.mfa.confirmTotp(user, codeAt(older, h.clock.now), crypto.randomUUID(), 'setup', run)).rejects.toThrow(ValidationError);
    await expect(h.auth.mfa.confirmTotp(user, '000000', crypto.randomUUID(), 'setup', run)).rejects.toThrow('That code is not right');
    expect(await h.eventCount()).toBe(before);
    const codes = await h.auth.mfa.confirmTotp(user, codeAt(newer, h.clock.now), crypto.randomUUID(), 'setup', run);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    expect(await h.bus.load(mfaAggregate, user.id)).toMatchObject({ status: 'enabled' });
  });

  it('answers the same recovery codes to a repeat of the same confirmation, and refuses a new set-up while on', async () => {
    const user = await person();
    const run = h.auth.runAs(user);
    const secret = base32Secret((await h.auth.mfa.startTotp(user, run)).secret);
    const seed = crypto.randomUUID();
    const codes = await h.auth.mfa.confirmTotp(user, codeAt(secret, h.clock.now), seed, 'setup', run);
    // A different seed is a different request: refused, since TOTP is on.
    await expect(h.auth.mfa.confirmTotp(user, codeAt(secret, h.clock.now), crypto.randomUUID(), 'setup', run)).rejects.toThrow(IllegalStateError);
    await expect(h.auth.mfa.startTotp(user, run)).rejects.toThrow('already on');
    expect(codes).toHaveLength(10);
  });
});

describe('logging in with TOTP', () => {
  it('the first step answers no tokens but the method and a userIdToken; a right code then answers the tokens', async () => {
    const user = await person();
    const { secret } = await enrol(user);
    const first = await firstStep(user);
    expect(first).toMatchObject({ tokens: null, mfaMethods: ['TOTP'], mfaEnrolmentRequired: false });
    const result = await h.auth.loginMfa(first.userIdToken, codeAt(secret, h.clock.now), { ip: '10.1.0.1' });
    expect(result.recoveryCodes).toBeNull();
    expect(await h.auth.authenticate(result.tokens.accessToken)).toMatchObject({ userId: user.id });
  });

  it('refuses a wrong code, and a code that was already used (also by a second request within its window)', async () => {
    const user = await person();
    const { secret } = await enrol(user);
    const first = await firstStep(user);
    await expect(h.auth.loginMfa(first.userIdToken, '123456')).rejects.toThrow(ValidationError);
    const code = codeAt(secret, h.clock.now);
    const both = await Promise.allSettled([h.auth.loginMfa(first.userIdToken, code), h.auth.loginMfa(first.userIdToken, code)]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    h.clock.advance(10_000);
    await expect(h.auth.loginMfa(first.userIdToken, code)).rejects.toThrow('already used');
    // An older code, still inside the drift window, is refused too once a newer one was used.
    const newer = codeAt(secret, new Date(h.clock.now.getTime() + STEP_MS));
    await h.auth.loginMfa(first.userIdToken, newer);
    await expect(h.auth.loginMfa(first.userIdToken, codeAt(secret, h.clock.now))).rejects.toThrow(ValidationError);
  });

  it('accepts a code of the step before or after (clock drift) but not two steps away', async () => {
    const user = await person();
    const { secret } = await enrol(user);
    // Well past the set-up's own step, so only the drift rule decides.
    h.clock.advance(3 * STEP_MS);
    const first = await firstStep(user);
    const at = (steps: number) => new Date(h.clock.now.getTime() + steps * STEP_MS);
    await expect(h.auth.loginMfa(first.userIdToken, codeAt(secret, at(-2)))).rejects.toThrow(ValidationError);
    await expect(h.auth.loginMfa(first.userIdToken, codeAt(secret, at(2)))).rejects.toThrow(ValidationError);
    await h.auth.loginMfa(first.userIdToken, codeAt(secret, at(-1)));
    await h.auth.loginMfa(first.userIdToken, codeAt(secret, at(1)));
  });

  it('refuses an expired userIdToken, and a password-less attempt with a forged one', async () => {
    const user = await person();
    const { secret } = await enrol(user);
    const first = await firstStep(user);
    h.clock.advance(301_000);
    await expect(h.auth.loginMfa(first.userIdToken, codeAt(secret, h.clock.now))).rejects.toThrow(UnauthenticatedError);
    await expect(h.auth.loginMfa(`${first.userIdToken}x`, codeAt(secret, h.clock.now))).rejects.toThrow(UnauthenticatedError);
  });

  it('takes each recovery code once', async () => {
    const user = await person();
    const { recoveryCodes } = await enrol(user);
    const first = await firstStep(user);
    // Typed in capitals, without the dash: the same code.
    await h.auth.loginMfa(first.userIdToken, recoveryCodes[0].replace('-', '').toUpperCase());
    await expect(h.auth.loginMfa(first.userIdToken, recoveryCodes[0])).rejects.toThrow('already used');
    await h.auth.loginMfa(first.userIdToken, recoveryCodes[1]);
    const state = await h.bus.load(mfaAggregate, user.id);
    expect(state.status === 'enabled' && state.unusedRecoveryCodeHashes.length).toBe(8);
  });

  it('stops after repeated wrong codes (RATE_LIMITED), even for the right code, until the window ends', async () => {
    const user = await person();
    const { secret } = await enrol(user);
    const first = await firstStep(user, '10.2.0.1');
    for (let i = 0; i < 4; i++) await expect(h.auth.loginMfa(first.userIdToken, '000000', { ip: '10.2.0.1' })).rejects.toThrow(ValidationError);
    await expect(h.auth.loginMfa(first.userIdToken, codeAt(secret, h.clock.now), { ip: '10.2.0.1' })).rejects.toThrow(RateLimitedError);
    // The password throttle of the same person is its own: the codes' failures do not lock the password out.
    await expect(firstStep(user, '10.2.0.1')).resolves.toMatchObject({ mfaMethods: ['TOTP'] });
    h.clock.advance(16 * 60_000);
    const again = await firstStep(user, '10.2.0.1');
    await h.auth.loginMfa(again.userIdToken, codeAt(secret, h.clock.now), { ip: '10.2.0.1' });
  });

  it('refuses the second step of an account without a factor', async () => {
    const user = await person();
    const first = await firstStep(user);
    expect(first.tokens).not.toBeNull();
    await expect(h.auth.loginMfa(first.userIdToken, '123456')).rejects.toThrow(IllegalStateError);
  });

  it('a set-up at log-in is only for ecosystems that require one', async () => {
    const user = await person();
    expect(await h.auth.mfa.required(user)).toBe(false);
    await h.auth.mfa.startTotp(user, h.auth.runAs(user));
    const first = await firstStep(user);
    // A pending set-up of someone whom no ecosystem requires it of does not hold the log-in up.
    expect(first.tokens).not.toBeNull();
    await expect(h.auth.loginMfa(first.userIdToken, '123456')).rejects.toThrow(IllegalStateError);
  });
});

describe('turning it off', () => {
  it('is the person themself (or a platform admin); afterwards log-in asks for no code', async () => {
    const user = await person();
    const other = await person();
    await enrol(user);
    const { disableMfa } = await import('../../../domain/mfa/handlers');
    await expect(h.auth.runAs(other)(disableMfa, { userId: user.id })).rejects.toThrow(ForbiddenError);
    await h.auth.runAs(user)(disableMfa, { userId: user.id });
    expect((await firstStep(user)).tokens).not.toBeNull();
  });
});

describe('the password policy where accounts are made', () => {
  it('refuses a common or e-mail-built password at registration and writes nothing', async () => {
    const before = await h.eventCount();
    const person = { userId: crypto.randomUUID(), email: 'grace.hopper@example.com', firstName: 'Grace', lastName: 'Hopper' };
    await expect(registerUser(h.bus, { ...person, password: 'iloveyou1' }, { actor: SYSTEM_ACTOR, now: h.clock.now })).rejects.toThrow('too common');
    await expect(registerUser(h.bus, { ...person, password: 'grace.hopper!' }, { actor: SYSTEM_ACTOR, now: h.clock.now })).rejects.toThrow('too close to your email');
    expect(await h.eventCount()).toBe(before);
  });
});
