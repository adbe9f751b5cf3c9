/**
 * The pure rules of the settings pages: which notification variants a person sees, when to offer
 * the device's time zone again after a dismissal, and the checks of the contact and booking-limit
 * forms before anything is sent (docs/decisions/0050).
 */
export type Variant = 'personal' | 'staff' | 'parent';

const STAFF_ROLES = new Set(['STAFF', 'TEACHER', 'SUPER_ADMIN', 'PROGRAM_ADMIN']);

/** Everyone has the personal settings; staff, teachers and admins the staff ones; parents the parent ones (roles in force). */
export function variantsFor(roles: ReadonlyArray<{ role: string }>): Variant[] {
  const names = new Set(roles.map((r) => r.role));
  return [
    'personal',
    ...([...names].some((r) => STAFF_ROLES.has(r)) ? ['staff' as const] : []),
    ...(names.has('PARENT') ? ['parent' as const] : []),
  ];
}

export interface Cooldown {
  numTimesDismissed: number;
  latestDetectedTimezone?: string | null;
  timeOfMostRecentDismissal?: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A week after the first "Not now", two after the second, and so on, never more than 90 days. */
export function cooldownDays(numTimesDismissed: number): number {
  return Math.min(7 * Math.max(numTimesDismissed, 1), 90);
}

/**
 * Whether to offer the device's zone: it differs from the profile's, and it was not turned down
 * within the cooldown (a different detected zone, as after travel, is offered at once).
 */
export function shouldSuggestZone(device: string | null, profileZone: string | null, cooldown: Cooldown, now: number): boolean {
  if (!device || device === profileZone) return false;
  if (cooldown.latestDetectedTimezone !== device || !cooldown.timeOfMostRecentDismissal) return true;
  return now - Date.parse(cooldown.timeOfMostRecentDismissal) >= cooldownDays(cooldown.numTimesDismissed) * DAY_MS;
}

/** The record of one more "Not now". */
export function dismissal(cooldown: Cooldown, device: string, now: number): Cooldown {
  return { numTimesDismissed: cooldown.numTimesDismissed + 1, latestDetectedTimezone: device, timeOfMostRecentDismissal: new Date(now).toISOString() };
}

/** 10 digits with an optional leading 1, whatever the punctuation (spec section 5); empty clears it. */
export function phoneError(value: string): 'settings.contact.phoneInvalid' | null {
  const digits = value.replace(/\D/g, '');
  if (value.trim() === '') return null;
  return digits.length === 10 || (digits.length === 11 && digits.startsWith('1')) ? null : 'settings.contact.phoneInvalid';
}

export type AdvanceUnit = 'MINUTES' | 'HOURS' | 'DAYS';

/** The booking limit as the server takes it: both empty (no limit), or a whole number 0 to 1000 with its unit. */
export function advanceInput(amount: string, unit: AdvanceUnit | null):
  | { ok: true; advanceLimit: number | null; advanceLength: AdvanceUnit | null }
  | { ok: false; field: 'amount' | 'unit'; error: 'settings.advance.invalid' | 'settings.advance.unitRequired' } {
  const text = amount.trim();
  if (text === '') return { ok: true, advanceLimit: null, advanceLength: null };
  if (!/^\d{1,4}$/.test(text) || Number(text) > 1000) return { ok: false, field: 'amount', error: 'settings.advance.invalid' };
  if (!unit) return { ok: false, field: 'unit', error: 'settings.advance.unitRequired' };
  return { ok: true, advanceLimit: Number(text), advanceLength: unit };
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
type EmailChangeError = 'settings.email.invalid' | 'settings.email.same' | 'settings.email.passwordRequired';

/**
 * The e-mail change form before it is sent: an address of the usual shape that is not the current
 * one (compared as the server keeps addresses: trimmed, lower case), and the current password.
 */
export function emailChangeErrors(newEmail: string, password: string, current: string): { newEmail?: EmailChangeError; password?: EmailChangeError } {
  const address = newEmail.trim().toLowerCase();
  return {
    ...(!EMAIL_PATTERN.test(address) ? { newEmail: 'settings.email.invalid' as const }
      : address === current.trim().toLowerCase() ? { newEmail: 'settings.email.same' as const } : {}),
    ...(password ? {} : { password: 'settings.email.passwordRequired' as const }),
  };
}
