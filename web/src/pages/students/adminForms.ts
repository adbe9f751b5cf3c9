/**
 * What the admin's dialogs on /students check before sending (decision 0049), as message ids per
 * field. The server decides in the end (password policy, e-mail and phone shape, uniqueness); these
 * only catch what needs no server, so a slip is shown at once beside its field.
 */
import type { MessageId } from '../../i18n/en';
import { isPhone } from '../profile/profileForm';

export type FieldErrors<F extends string> = Partial<Record<F, MessageId>>;

export function passwordErrors(v: { password: string; retyped: string }): FieldErrors<'password' | 'retyped'> {
  if (v.password.length < 8) return { password: 'password.tooShort' };
  return v.password === v.retyped ? {} : { retyped: 'password.mismatch' };
}

export function emailErrors(v: { email: string }): FieldErrors<'email'> {
  return v.email.trim() ? {} : { email: 'adminUsers.email.required' };
}

export function phoneErrors(v: { phone: string }): FieldErrors<'phone'> {
  return isPhone(v.phone) ? {} : { phone: 'adminUsers.phone.invalid' };
}

export function messageErrors(v: { message: string }): FieldErrors<'message'> {
  return v.message.trim() ? {} : { message: 'adminUsers.message.required' };
}

/** Ecosystem roles an admin gives or takes here; program roles name their program (roleChoices.ts). */
export const ECOSYSTEM_ROLES = ['STUDENT', 'PARENT', 'TEACHER', 'STAFF', 'MEMBER', 'SUPER_ADMIN'] as const;
export type EcosystemRole = (typeof ECOSYSTEM_ROLES)[number];
export type RoleAction = 'add' | 'remove';

/** Who a family link can join the person to: a parent links to learners, a learner to parents. */
export function familySide(roles: readonly string[]): 'parent' | 'child' | null {
  if (roles.includes('PARENT')) return 'parent';
  return roles.some((r) => r === 'STUDENT' || r === 'PUPIL') ? 'child' : null;
}
