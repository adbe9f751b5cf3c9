import { describe, expect, it } from 'vitest';
import { bookingAccess, viewerEcosystemIds, type ProgramChoice, type ViewerRoles } from './access';

const programs: ProgramChoice[] = [
  { id: 'P1', name: 'Math', archived: false, sessionCapabilities: [] },
  { id: 'P2', name: 'Reading', archived: false, sessionCapabilities: [] },
  { id: 'P3', name: 'Old', archived: true, sessionCapabilities: [] },
];
const member = (programRoles: ViewerRoles['programRoles'], ecosystemRoles: ViewerRoles['ecosystemRoles'] = []): ViewerRoles =>
  ({ isInternalTeamAccount: false, ecosystemRoles, programRoles });

describe('who may book where', () => {
  it('lets ecosystem and platform admins book in every open program, and force bookings', () => {
    const admin = bookingAccess(member([], [{ ecosystemId: 'E', role: 'SUPER_ADMIN' }]), 'E', programs, false);
    expect([admin.programs.map((p) => p.id), admin.isAdmin]).toEqual([['P1', 'P2'], true]);
    expect(bookingAccess({ ...member([]), isInternalTeamAccount: true }, 'E', programs, false).isAdmin).toBe(true);
    expect(bookingAccess(member([], [{ ecosystemId: 'OTHER', role: 'SUPER_ADMIN' }]), 'E', programs, false).isAdmin).toBe(false);
  });

  it('lets tutors and program admins book in their programs, and learners only when tutees may book', () => {
    const tutor = bookingAccess(member([{ ecosystemId: 'E', programId: 'P2', role: 'LEADER' }]), 'E', programs, false);
    expect([tutor.programs.map((p) => p.id), tutor.isTutor, tutor.isAdmin]).toEqual([['P2'], true, false]);
    const pupil = member([{ ecosystemId: 'E', programId: 'P1', role: 'PUPIL' }]);
    expect(bookingAccess(pupil, 'E', programs, false).programs).toEqual([]);
    expect(bookingAccess(pupil, 'E', programs, true).programs.map((p) => p.id)).toEqual(['P1']);
    expect(viewerEcosystemIds(member([{ ecosystemId: 'B', programId: 'P', role: 'PUPIL' }], [{ ecosystemId: 'A', role: 'MEMBER' }]))).toEqual(['A', 'B']);
  });
});
