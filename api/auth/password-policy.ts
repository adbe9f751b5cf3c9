/**
 * The password policy (docs/decisions/0038-password-policy.md), checked wherever a person chooses a
 * password: registration, an invitation's activation, the first-start accounts and changePassword.
 * As NIST SP 800-63B advises: a length range and no composition rules, but refused when the value
 * is common or known from breaches (the list of @zxcvbn-ts/language-common, see
 * common-passwords.ts), a repeated character or a plain sequence, or built on the person's e-mail.
 */
import type { Message } from '../../domain/shared/i18n';
import { ValidationError } from '../../domain/shared/errors';
import { defineMessages } from '../../domain/shared/i18n';
import { isCommonPassword } from './common-passwords';
import { authMessages } from './messages';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password';

export const passwordMessages = defineMessages('password', {
  common: 'This password is too common: it appears in lists of leaked passwords. Please choose another.',
  pattern: 'Passwords cannot be one repeated character or a simple sequence such as 12345678 or qwertyui.',
  containsEmail: 'This password is too close to your email address. Please choose another.',
  sameAsCurrent: 'Please choose a password different from your current one.',
});

/** What the person is known by: a password built from it is the first thing an attacker tries. */
export interface PasswordContext {
  email?: string | null;
}

const KEYBOARD_ROWS = ['`1234567890-=', 'qwertyuiop[]\\', "asdfghjkl;'", 'zxcvbnm,./', '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p'];

/** One character repeated, or each character one step from the last (abcdefgh, 87654321), or a run of keys. */
function isPattern(lower: string): boolean {
  if (/^(.)\1*$/u.test(lower)) return true;
  const codes = [...lower].map((c) => c.codePointAt(0) ?? 0);
  const step = codes[1] - codes[0];
  if (Math.abs(step) === 1 && codes.every((c, i) => i === 0 || c - codes[i - 1] === step)) return true;
  return KEYBOARD_ROWS.some((row) => row.includes(lower) || [...row].reverse().join('').includes(lower));
}

/**
 * A listed word with only digits and symbols around it ("Summer2024!", "dragon123") is as weak as
 * the word: lists of leaked passwords hold every such variant of a popular one.
 */
function isCommon(lower: string): boolean {
  if (isCommonPassword(lower)) return true;
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return core.length > 0 && core !== lower && isCommonPassword(core);
}

/**
 * Built on the e-mail's name (the part before @, when 4 characters or more): what is left without
 * it would be too short a password on its own. A name inside a long passphrase is not refused.
 */
function builtOnEmail(lower: string, email: string | null | undefined): boolean {
  const local = email?.split('@')[0]?.toLowerCase() ?? '';
  return local.length >= 4 && lower.includes(local) && [...lower.replace(local, '')].length < MIN_PASSWORD_LENGTH;
}

/** Why `password` is refused, or null when it may be used. */
export function passwordProblem(password: string, context: PasswordContext = {}): Message | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return authMessages.passwordTooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return authMessages.passwordTooLong;
  const lower = password.toLowerCase();
  if (isPattern(lower)) return passwordMessages.pattern;
  if (isCommon(lower)) return passwordMessages.common;
  if (builtOnEmail(lower, context.email)) return passwordMessages.containsEmail;
  return null;
}

/** Throws BAD_USER_INPUT on `field` when the policy refuses the password. */
export function assertAcceptablePassword(password: string, field: string, context: PasswordContext = {}): void {
  const problem = passwordProblem(password, context);
  if (problem) throw new ValidationError(problem, { [field]: problem });
}
