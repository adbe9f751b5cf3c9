/** The admin's invite form: its fields, the roles offered, and what it checks before asking the server. */
import type { MessageId } from '../../i18n/en';

export const ECOSYSTEM_ROLES = ['STUDENT', 'PARENT', 'TEACHER', 'STAFF', 'MEMBER', 'SUPER_ADMIN'] as const;
export const PROGRAM_ROLES = ['PUPIL', 'LEADER', 'PROGRAM_ADMIN'] as const;
export type InviteRole = (typeof ECOSYSTEM_ROLES)[number] | (typeof PROGRAM_ROLES)[number];

export interface InviteForm {
  email: string;
  firstName: string;
  lastName: string;
  role: InviteRole;
  programId: string;
  language: 'en' | 'es';
}

export const EMPTY_INVITE: InviteForm = { email: '', firstName: '', lastName: '', role: 'STUDENT', programId: '', language: 'en' };

export function isProgramRole(role: InviteRole): boolean {
  return (PROGRAM_ROLES as readonly string[]).includes(role);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function inviteFormErrors(form: InviteForm): Partial<Record<keyof InviteForm, MessageId>> {
  return {
    ...(EMAIL.test(form.email.trim()) ? {} : { email: 'login.emailInvalid' as const }),
    ...(form.firstName.trim() ? {} : { firstName: 'invite.nameRequired' as const }),
    ...(form.lastName.trim() ? {} : { lastName: 'invite.nameRequired' as const }),
    ...(!isProgramRole(form.role) || form.programId ? {} : { programId: 'invite.programRequired' as const }),
  };
}

/** The server's field paths (inviteUser's `input.x`) onto the form's fields. */
export function inviteFieldOf(path: string): keyof InviteForm | null {
  const name = path.replace(/^input\./, '');
  return ['email', 'firstName', 'lastName', 'role', 'programId', 'language'].includes(name) ? name as keyof InviteForm : null;
}
