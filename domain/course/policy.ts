/**
 * Who may see and do what with course sections (decision 0061). Pure; the API gathers the facts.
 *
 * - Manage (create, edit, archive; enrol or unenrol anyone, past the drop deadline too): platform
 *   admins, the ecosystem's SUPER_ADMIN, a PROGRAM_ADMIN of every program of the section.
 * - See the enrolled learners: managers, the section's leaders, the ecosystem's STAFF and TEACHER.
 * - See the section: all of those, its enrolled learners and their linked parents, and whoever may
 *   enrol (STUDENT, PARENT of the ecosystem when the section's enrollRoles name their role), unless
 *   it is archived (then only managers and leaders).
 * - Enrol or unenrol: managers for anyone; a STUDENT for themselves and a PARENT for a linked child
 *   when enrollRoles name STUDENT or PARENT.
 */
import type { Principal } from '../shared/permissions';
import type { Role } from '../shared/events';
import type { CourseSection } from './state';

export interface CourseViewer {
  principal: Principal;
  children: ReadonlyArray<{ childId: string; ecosystemId: string }>;
}

type Facts = Pick<CourseSection, 'ecosystemId' | 'status' | 'leaderIds' | 'enrolled'> & { details: { programIds: string[]; enrollRoles: string[] } };

const holds = (p: Principal, ecosystemId: string, roles: readonly Role[], programId?: string) =>
  p.roles.some((r) => r.ecosystemId === ecosystemId && roles.includes(r.role) && (programId === undefined || r.programId === programId));

export function canManageIn(p: Principal, ecosystemId: string, programIds: readonly string[]): boolean {
  return p.platformAdmin || holds(p, ecosystemId, ['SUPER_ADMIN'])
    || (programIds.length > 0 && programIds.every((id) => holds(p, ecosystemId, ['PROGRAM_ADMIN'], id)));
}

export function canManageCourse(v: CourseViewer, s: Facts): boolean {
  return canManageIn(v.principal, s.ecosystemId, s.details.programIds);
}

const isChild = (v: CourseViewer, s: Facts, userId: string) => v.children.some((c) => c.childId === userId && c.ecosystemId === s.ecosystemId);

export function canSeeStudents(v: CourseViewer, s: Facts): boolean {
  return canManageCourse(v, s) || s.leaderIds.includes(v.principal.userId) || holds(v.principal, s.ecosystemId, ['STAFF', 'TEACHER']);
}

/** Whether the viewer may put `userId` into the section or take them out. */
export function canEnrollPerson(v: CourseViewer, s: Facts, userId: string): boolean {
  if (canManageCourse(v, s)) return true;
  const self = userId === v.principal.userId && s.details.enrollRoles.includes('STUDENT') && holds(v.principal, s.ecosystemId, ['STUDENT']);
  const child = isChild(v, s, userId) && s.details.enrollRoles.includes('PARENT') && holds(v.principal, s.ecosystemId, ['PARENT']);
  return self || child;
}

export function canSeeCourse(v: CourseViewer, s: Facts): boolean {
  if (canSeeStudents(v, s)) return true;
  if (s.status === 'archived') return false;
  const p = v.principal;
  return s.enrolled.includes(p.userId) || s.enrolled.some((u) => isChild(v, s, u))
    || s.details.enrollRoles.some((role) => holds(p, s.ecosystemId, [role as Role]));
}
