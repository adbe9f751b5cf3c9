import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advanceInput, cooldownDays, dismissal, emailChangeErrors, phoneError, shouldSuggestZone, variantsFor, type Cooldown } from './rules';

const NEVER: Cooldown = { numTimesDismissed: 0, latestDetectedTimezone: null, timeOfMostRecentDismissal: null };
const NOW = Date.UTC(2026, 10, 24, 9);
const DAY = 24 * 60 * 60 * 1000;

describe('notification variants', () => {
  it('are personal for everyone, staff for staff, teachers and admins, parent for parents', () => {
    expect(variantsFor([{ role: 'STUDENT' }])).toEqual(['personal']);
    expect(variantsFor([{ role: 'TEACHER' }, { role: 'PARENT' }])).toEqual(['personal', 'staff', 'parent']);
    expect(variantsFor([{ role: 'PROGRAM_ADMIN' }])).toEqual(['personal', 'staff']);
  });
});

describe('offering the device\'s time zone', () => {
  it('offers a zone that differs from the profile\'s, never the same one or none', () => {
    expect(shouldSuggestZone('America/Chicago', 'America/New_York', NEVER, NOW)).toBe(true);
    expect(shouldSuggestZone('America/Chicago', 'America/Chicago', NEVER, NOW)).toBe(false);
    expect(shouldSuggestZone(null, null, NEVER, NOW)).toBe(false);
  });

  it('after "Not now", waits out a cooldown that grows with each dismissal, unless the device moved (property)', () => {
    fc.assert(fc.property(fc.nat(30), fc.nat(120), (times, daysLater) => {
      const after = dismissal({ ...NEVER, numTimesDismissed: times }, 'America/Denver', NOW);
      expect(after.numTimesDismissed).toBe(times + 1);
      const later = NOW + daysLater * DAY;
      expect(shouldSuggestZone('America/Denver', 'America/New_York', after, later)).toBe(daysLater >= cooldownDays(times + 1));
      expect(shouldSuggestZone('Europe/Madrid', 'America/New_York', after, later)).toBe(true);
    }));
    expect([cooldownDays(1), cooldownDays(2), cooldownDays(50)]).toEqual([7, 14, 90]);
  });
});

describe('form checks', () => {
  it('take 10 digits or 11 starting with 1, whatever the punctuation, and empty', () => {
    for (const ok of ['(555) 123-4567', '1-555-123-4567', '', '  ']) expect(phoneError(ok), ok).toBeNull();
    for (const bad of ['555-1234', '25551234567', '555 123 45678']) expect(phoneError(bad), bad).toBe('settings.contact.phoneInvalid');
  });

  it('take a booking limit as both empty, or a whole number 0 to 1000 with its unit', () => {
    expect(advanceInput(' ', null)).toEqual({ ok: true, advanceLimit: null, advanceLength: null });
    expect(advanceInput('24', 'HOURS')).toEqual({ ok: true, advanceLimit: 24, advanceLength: 'HOURS' });
    expect(advanceInput('1001', 'DAYS')).toMatchObject({ ok: false, field: 'amount' });
    expect(advanceInput('2.5', 'DAYS')).toMatchObject({ ok: false, field: 'amount' });
    expect(advanceInput('3', null)).toMatchObject({ ok: false, field: 'unit' });
  });
});

describe('the e-mail change form', () => {
  it('takes a new address of the usual shape with the current password', () => {
    expect(emailChangeErrors(' Cam.New@Example.com ', 'secret', 'cam@example.com')).toEqual({});
  });

  it('refuses a malformed address, the current one in any case, and a missing password', () => {
    expect(emailChangeErrors('cam@example', 'x', 'cam@example.com')).toEqual({ newEmail: 'settings.email.invalid' });
    expect(emailChangeErrors('', '', 'cam@example.com')).toEqual({ newEmail: 'settings.email.invalid', password: 'settings.email.passwordRequired' });
    expect(emailChangeErrors(' CAM@example.com', 'x', 'cam@example.com')).toEqual({ newEmail: 'settings.email.same' });
  });

  it('refuses any address with a space inside it, and takes other addresses of the usual shape', () => {
    const word = fc.stringMatching(/^[a-z0-9.]{1,12}$/);
    fc.assert(fc.property(word, word, (a, b) => emailChangeErrors(`${a} ${b}@example.com`, 'x', 'c@example.com').newEmail === 'settings.email.invalid'));
    fc.assert(fc.property(word, (a) => emailChangeErrors(`c${a}@example.com`, 'x', 'c@example.com').newEmail === undefined));
  });
});
