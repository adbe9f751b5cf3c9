import { describe, expect, it } from 'vitest';
import { bookingAccess, mayChangePeople, peopleRules, viewerEcosystemIds, type ProgramChoice, type ViewerRoles } from './access';

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

describe('who may change who takes part', () => {
  const session = (programId: string, viewerCanEdit = true) => ({ programId, viewerCanEdit, participants: [{ userId: 'T', isLeader: true }, { userId: 'L', isLeader: false }] });
  const programsWith = [{ id: 'P1', tutorEditSessionParticipants: true }, { id: 'P2', tutorEditSessionParticipants: false }];

  it('offers it to admins, staff and program admins of sessions they may edit', () => {
    const admin = peopleRules(member([], [{ ecosystemId: 'E', role: 'SUPER_ADMIN' }]), 'E', programsWith);
    expect(mayChangePeople(session('P2'), 'A', admin)).toBe(true);
    expect(mayChangePeople(session('P2', false), 'A', admin)).toBe(false);
    expect(mayChangePeople(session('P2'), 'S', peopleRules(member([], [{ ecosystemId: 'E', role: 'TEACHER' }]), 'E', programsWith))).toBe(true);
    expect(mayChangePeople(session('P2'), 'S', peopleRules(member([], [{ ecosystemId: 'OTHER', role: 'STAFF' }]), 'E', programsWith))).toBe(false);
    expect(mayChangePeople(session('P2'), 'X', peopleRules(member([{ ecosystemId: 'E', programId: 'P2', role: 'PROGRAM_ADMIN' }]), 'E', programsWith))).toBe(true);
  });

  it('offers it to a tutor only in sessions they lead, where the program lets tutors change participants, and never to learners', () => {
    const tutor = peopleRules(member([{ ecosystemId: 'E', programId: 'P1', role: 'LEADER' }, { ecosystemId: 'E', programId: 'P2', role: 'LEADER' }]), 'E', programsWith);
    expect(mayChangePeople(session('P1'), 'T', tutor)).toBe(true);
    expect(mayChangePeople(session('P2'), 'T', tutor)).toBe(false);
    expect(mayChangePeople(session('P1'), 'OTHER', tutor)).toBe(false);
    expect(mayChangePeople(session('P1'), 'L', peopleRules(member([{ ecosystemId: 'E', programId: 'P1', role: 'PUPIL' }]), 'E', programsWith))).toBe(false);
  });
});
