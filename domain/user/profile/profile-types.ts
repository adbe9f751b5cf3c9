/** Profile types (spec section 6) that a person's roles in force map to, in a fixed order. */
import type { ProfileType } from '../../ecosystem/groups/common';
import type { GrantableRole } from '../events';

const BY_ROLE: Record<GrantableRole, ProfileType | null> = {
  SUPER_ADMIN: 'Admin',
  PROGRAM_ADMIN: 'ProgramAdmin',
  STAFF: 'Staff',
  TEACHER: 'Teacher',
  LEADER: 'Tutor',
  PARENT: 'Parent',
  STUDENT: 'Student',
  // A program's learner may be the student or their parent (spec: "shown as student or parent").
  PUPIL: 'StudentOrParent',
  // An outside community member has no profile type of their own.
  MEMBER: null,
};

const ORDER: readonly ProfileType[] = ['PlatformAdmin', 'Admin', 'ProgramAdmin', 'Staff', 'Teacher', 'Tutor', 'Parent', 'Student', 'StudentOrParent'];

export function profileTypesOf(roles: ReadonlyArray<{ role: GrantableRole }>, platformAdmin: boolean): ProfileType[] {
  const types = new Set<ProfileType>(roles.flatMap((r) => (BY_ROLE[r.role] ? [BY_ROLE[r.role] as ProfileType] : [])));
  if (platformAdmin) types.add('PlatformAdmin');
  return ORDER.filter((t) => types.has(t));
}
