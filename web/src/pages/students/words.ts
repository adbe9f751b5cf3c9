/** Catalogue ids of the roster's roles and statuses (web/src/i18n/en.ts, students.*). */
import type { MessageId } from '../../i18n/en';

const ROLES = ['TUTEE', 'LEADER', 'PUPIL', 'STUDENT', 'PARENT', 'TEACHER', 'STAFF', 'MEMBER', 'PROGRAM_ADMIN', 'SUPER_ADMIN'] as const;
const STATUSES = ['ACTIVATED', 'INVITED', 'APPLIED', 'ARCHIVED'] as const;

/** A role this version of the app does not know reads as a member's. */
export function roleLabel(role: string): MessageId {
  return `students.role.${(ROLES as readonly string[]).includes(role) ? role as (typeof ROLES)[number] : 'MEMBER'}`;
}

/** Locked accounts read as archived here: neither can use the ecosystem. */
export function statusLabel(status: string): MessageId {
  return `students.status.${(STATUSES as readonly string[]).includes(status) ? status as (typeof STATUSES)[number] : 'ARCHIVED'}`;
}
