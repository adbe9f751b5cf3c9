/**
 * rolesLabel (spec section 3): the person's roles in force, in the reader's words, e.g.
 * "Ecosystem admin, Leader". Tutor and tutee roles (LEADER, PUPIL) use the ecosystem's own terms
 * when the label is for one ecosystem; the defaults otherwise. Order: most responsibility first.
 * A platform admin reads "Platform admin" first; someone with no role in force reads "No role".
 */
import { defineMessages, type Message } from '../shared/i18n';
import type { GrantableRole } from './events';

export const roleLabels = defineMessages('userRoles', {
  platformAdmin: 'Platform admin',
  SUPER_ADMIN: 'Ecosystem admin',
  PROGRAM_ADMIN: 'Program admin',
  STAFF: 'Staff',
  TEACHER: 'Teacher',
  LEADER: 'Leader',
  PARENT: 'Parent',
  STUDENT: 'Student',
  PUPIL: 'Learner',
  MEMBER: 'Member',
  none: 'No role',
});

const ORDER: readonly GrantableRole[] = ['SUPER_ADMIN', 'PROGRAM_ADMIN', 'STAFF', 'TEACHER', 'LEADER', 'PARENT', 'STUDENT', 'PUPIL', 'MEMBER'];

export interface Terms {
  tutorTerm: string;
  tuteeTerm: string;
}

/** The parts of the label in order, each a message or an ecosystem's own term; the API joins them. */
export function rolesLabelParts(roles: ReadonlyArray<{ role: GrantableRole }>, options: { platformAdmin: boolean; terms?: Terms | null }): Array<Message | string> {
  const held = new Set(roles.map((r) => r.role));
  const parts: Array<Message | string> = options.platformAdmin ? [roleLabels.platformAdmin] : [];
  for (const role of ORDER) {
    if (!held.has(role)) continue;
    // A term left at its default reads in the reader's language, as in the web app (web/src/i18n/terms.tsx).
    if (role === 'LEADER' && options.terms && options.terms.tutorTerm !== roleLabels.LEADER.english) parts.push(options.terms.tutorTerm);
    else if (role === 'PUPIL' && options.terms && options.terms.tuteeTerm !== roleLabels.PUPIL.english) parts.push(options.terms.tuteeTerm);
    else parts.push(roleLabels[role]);
  }
  return parts.length ? parts : [roleLabels.none];
}
