import { describe, expect, it } from 'vitest';
import { canEnrollPerson, canManageCourse, canSeeCourse, canSeeStudents, type CourseViewer } from './policy';

const E = 'e0000000-0000-4000-8000-000000000001';
const OTHER = 'e0000000-0000-4000-8000-000000000002';
const P1 = 'e0000000-0000-4000-8000-000000000003';
const P2 = 'e0000000-0000-4000-8000-000000000004';
const section = { ecosystemId: E, status: 'active' as const, leaderIds: ['leader'], enrolled: ['kid'], details: { programIds: [P1, P2], enrollRoles: ['STUDENT', 'PARENT'] } };
type R = CourseViewer['principal']['roles'][number];
const viewer = (userId: string, roles: Array<Partial<R> & Pick<R, 'role'>>, children: CourseViewer['children'] = []): CourseViewer => ({
  principal: { userId, platformAdmin: false, roles: roles.map((r) => ({ ecosystemId: E, programId: null, ...r })) }, children,
});

describe('course policy', () => {
  it('managers: super admins and program admins of every program, never another ecosystem', () => {
    expect(canManageCourse(viewer('a', [{ role: 'SUPER_ADMIN' }]), section)).toBe(true);
    expect(canManageCourse(viewer('a', [{ role: 'PROGRAM_ADMIN', programId: P1 }]), section)).toBe(false);
    expect(canManageCourse(viewer('a', [{ role: 'PROGRAM_ADMIN', programId: P1 }, { role: 'PROGRAM_ADMIN', programId: P2 }]), section)).toBe(true);
    expect(canManageCourse(viewer('a', [{ role: 'SUPER_ADMIN', ecosystemId: OTHER }]), section)).toBe(false);
    expect(canSeeCourse(viewer('a', [{ role: 'SUPER_ADMIN', ecosystemId: OTHER }, { role: 'STUDENT', ecosystemId: OTHER }]), section)).toBe(false);
  });

  it('leaders and staff see the students; learners do not', () => {
    expect(canSeeStudents(viewer('leader', [{ role: 'LEADER', programId: P1 }]), section)).toBe(true);
    expect(canSeeStudents(viewer('s', [{ role: 'STAFF' }]), section)).toBe(true);
    expect(canSeeStudents(viewer('kid', [{ role: 'STUDENT' }]), section)).toBe(false);
  });

  it('learners enrol themselves and parents their linked children, as enrollRoles allow', () => {
    const student = viewer('me', [{ role: 'STUDENT' }]);
    expect(canEnrollPerson(student, section, 'me')).toBe(true);
    expect(canEnrollPerson(student, section, 'someone')).toBe(false);
    expect(canEnrollPerson(student, { ...section, details: { ...section.details, enrollRoles: ['PARENT'] } }, 'me')).toBe(false);
    const parent = viewer('mum', [{ role: 'PARENT' }], [{ childId: 'kid', ecosystemId: E }]);
    expect(canEnrollPerson(parent, section, 'kid')).toBe(true);
    expect(canEnrollPerson(parent, section, 'other')).toBe(false);
    expect(canSeeCourse(parent, { ...section, details: { ...section.details, enrollRoles: [] } })).toBe(true);
  });

  it('archived sections are hidden from learners', () => {
    expect(canSeeCourse(viewer('me', [{ role: 'STUDENT' }]), { ...section, status: 'archived' })).toBe(false);
    expect(canSeeCourse(viewer('leader', []), { ...section, status: 'archived' })).toBe(true);
  });
});
