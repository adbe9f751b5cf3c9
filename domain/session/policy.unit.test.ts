/** The session policy, rule by rule (docs/decisions/0056-session-reads-and-permissions.md). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Role } from '../shared/events';
import {
  canCancelSession, canCreateSession, canDropParticipant, canEditSession, canReserveSeat, canSeeDropIn, canSeeJoinLink, canSeeSession,
  seesEveryParticipant, sessionListScope, type BookingFacts, type SessionFacts, type SessionRules, type SessionViewer,
} from './policy';

const E = 'e1';
const OTHER_E = 'e2';
const P = 'p1';
const OTHER_P = 'p2';

function viewer(userId: string, roles: Array<[Role, string | null] | [Role, string | null, string]>, children: string[] = [], platformAdmin = false): SessionViewer {
  return {
    principal: { userId, platformAdmin, roles: roles.map(([role, programId, ecosystemId]) => ({ role, programId, ecosystemId: ecosystemId ?? E })) },
    children: children.map((childId) => ({ childId, ecosystemId: E })),
  };
}

const session: SessionFacts = {
  ecosystemId: E, programId: P, sessionType: 'ONE_ON_ONE',
  participants: [{ userId: 'tutor', isLeader: true }, { userId: 'kid', isLeader: false }],
};

const rules: SessionRules = {
  sessionCreateProfileTypes: ['Tutor', 'Admin', 'ProgramAdmin'], sessionEditProfileTypes: ['Tutor', 'Admin', 'ProgramAdmin'],
  sessionCancelProfileTypes: ['Tutor', 'Admin', 'ProgramAdmin'], tutorAddNonPairedUsers: false, tutorEditSessionParticipants: false,
  multipleTutorsPerSession: false, tuteeBookEnabled: true,
};

const people = {
  tutor: viewer('tutor', [['LEADER', P]]),
  kid: viewer('kid', [['STUDENT', null], ['PUPIL', P]]),
  parent: viewer('mum', [['PARENT', null]], ['kid']),
  otherParent: viewer('dad', [['PARENT', null]], ['someone-else']),
  archivedParentLink: viewer('gran', [['STUDENT', null]], ['kid']),
  superAdmin: viewer('boss', [['SUPER_ADMIN', null]]),
  staff: viewer('staff', [['STAFF', null]]),
  teacher: viewer('teach', [['TEACHER', null]]),
  programAdmin: viewer('pa', [['PROGRAM_ADMIN', P]]),
  otherProgramAdmin: viewer('pa2', [['PROGRAM_ADMIN', OTHER_P]]),
  leaderHere: viewer('lead2', [['LEADER', P]]),
  leaderElsewhere: viewer('lead3', [['LEADER', OTHER_P]]),
  student: viewer('stu', [['STUDENT', null]]),
  member: viewer('mem', [['MEMBER', null]]),
  otherTenantAdmin: viewer('x', [['SUPER_ADMIN', null, OTHER_E]]),
  platformAdmin: viewer('root', [], [], true),
};

describe('seeing a session', () => {
  it.each([
    ['tutor', true], ['kid', true], ['parent', true], ['otherParent', false], ['archivedParentLink', false], ['superAdmin', true],
    ['staff', true], ['teacher', true], ['programAdmin', true], ['otherProgramAdmin', false], ['leaderHere', true],
    ['leaderElsewhere', false], ['student', false], ['member', false], ['otherTenantAdmin', false], ['platformAdmin', true],
  ] as const)('%s sees it: %s', (who, expected) => {
    expect(canSeeSession(people[who], session)).toBe(expected);
  });

  it.each([
    ['tutor', true], ['kid', true], ['parent', true], ['superAdmin', true], ['programAdmin', true], ['platformAdmin', true],
    ['staff', false], ['teacher', false], ['leaderHere', false], ['otherParent', false],
  ] as const)('%s gets the join link: %s', (who, expected) => {
    expect(canSeeJoinLink(people[who], session)).toBe(expected);
  });

  it.each([
    ['tutor', true], ['leaderHere', true], ['programAdmin', true], ['superAdmin', true], ['staff', true], ['teacher', true], ['platformAdmin', true],
    ['kid', false], ['parent', false], ['otherProgramAdmin', false], ['otherTenantAdmin', false],
  ] as const)('%s is shown every participant: %s', (who, expected) => {
    expect(seesEveryParticipant(people[who], session)).toBe(expected);
  });

  it('shows a parent a session their child leads, with its link', () => {
    const tutoring = { ...session, participants: [{ userId: 'kid', isLeader: true }, { userId: 'other', isLeader: false }] };
    expect(canSeeSession(people.parent, tutoring)).toBe(true);
    expect(canSeeJoinLink(people.parent, tutoring)).toBe(true);
    expect(canSeeSession(people.otherParent, tutoring)).toBe(false);
  });

  it('offers drop-in sessions to the program\'s people and the ecosystem\'s students and parents, not to others', () => {
    const dropIn = { ...session, sessionType: 'DROP_IN' as const, participants: [{ userId: 'tutor', isLeader: true }] };
    expect(canSeeDropIn(people.student, dropIn)).toBe(true);
    expect(canSeeDropIn(people.otherParent, dropIn)).toBe(true);
    expect(canSeeDropIn(people.member, dropIn)).toBe(false);
    expect(canSeeDropIn(people.leaderElsewhere, dropIn)).toBe(false);
    expect(canSeeDropIn(people.student, { ...dropIn, sessionType: 'GROUP' })).toBe(false);
  });

  it('never shows a session of one ecosystem through roles in another', () => {
    fc.assert(fc.property(fc.constantFrom<Role>('SUPER_ADMIN', 'STAFF', 'TEACHER', 'PROGRAM_ADMIN', 'LEADER', 'PARENT', 'STUDENT', 'PUPIL'),
      fc.constantFrom(P, null), (role, programId) => {
        const v = { principal: { userId: 'v', platformAdmin: false, roles: [{ role, programId, ecosystemId: OTHER_E }] }, children: [{ childId: 'kid', ecosystemId: OTHER_E }] };
        expect(canSeeSession(v, session)).toBe(false);
        expect(canSeeJoinLink(v, session)).toBe(false);
      }));
  });
});

describe('booking', () => {
  const booking = (change: Partial<BookingFacts> = {}): BookingFacts => ({
    ecosystemId: E, programId: P, sessionType: 'ONE_ON_ONE', leaders: ['tutor'], learners: [{ userId: 'kid', isPaired: true }], ...change,
  });

  it('lets admins book anything, whatever the lists say', () => {
    const none = { ...rules, sessionCreateProfileTypes: [], tuteeBookEnabled: false };
    for (const who of ['superAdmin', 'programAdmin', 'platformAdmin'] as const) {
      expect(canCreateSession(people[who], booking({ leaders: ['a', 'b'], learners: [{ userId: 'z', isPaired: false }] }), none).allowed).toBe(true);
    }
    expect(canCreateSession(people.otherProgramAdmin, booking(), none).allowed).toBe(false);
  });

  it('lets a tutor book sessions they lead, with paired learners unless tutorAddNonPairedUsers', () => {
    expect(canCreateSession(people.tutor, booking(), rules)).toEqual({ allowed: true });
    expect(canCreateSession(people.tutor, booking({ learners: [{ userId: 'x', isPaired: false }] }), rules)).toMatchObject({ denial: 'nonPairedLearner' });
    expect(canCreateSession(people.tutor, booking({ learners: [{ userId: 'x', isPaired: false }] }), { ...rules, tutorAddNonPairedUsers: true }).allowed).toBe(true);
  });

  it('needs multipleTutorsPerSession for a second leader', () => {
    expect(canCreateSession(people.tutor, booking({ leaders: ['tutor', 'lead2'] }), rules)).toMatchObject({ denial: 'oneTutorOnly' });
    expect(canCreateSession(people.tutor, booking({ leaders: ['tutor', 'lead2'] }), { ...rules, multipleTutorsPerSession: true }).allowed).toBe(true);
  });

  it('follows sessionCreateProfileTypes: no listed profile type, no booking', () => {
    expect(canCreateSession(people.tutor, booking(), { ...rules, sessionCreateProfileTypes: ['Admin'] })).toMatchObject({ denial: 'notAllowed' });
    expect(canCreateSession(people.kid, booking({ leaders: ['tutor'] }), rules)).toMatchObject({ denial: 'notAllowed' });
    expect(canCreateSession(people.staff, booking(), rules)).toMatchObject({ denial: 'notAllowed' });
    expect(canCreateSession(people.staff, booking(), { ...rules, sessionCreateProfileTypes: ['Staff'] }).allowed).toBe(true);
  });

  it('lets learners book for themselves, and parents for their own children, when tuteeBookEnabled', () => {
    const learners = { ...rules, sessionCreateProfileTypes: ['Tutor', 'Student', 'StudentOrParent', 'Parent'] as SessionRules['sessionCreateProfileTypes'] };
    expect(canCreateSession(people.kid, booking(), learners).allowed).toBe(true);
    expect(canCreateSession(people.kid, booking(), { ...learners, tuteeBookEnabled: false })).toMatchObject({ denial: 'tuteeBookingDisabled' });
    expect(canCreateSession(people.parent, booking(), learners).allowed).toBe(true);
    expect(canCreateSession(people.otherParent, booking(), learners)).toMatchObject({ denial: 'notYourChild' });
    expect(canCreateSession(people.kid, booking({ learners: [{ userId: 'kid', isPaired: true }, { userId: 'stu', isPaired: true }] }), learners))
      .toMatchObject({ denial: 'notYourChild' });
  });
});

describe('editing, cancelling and dropping', () => {
  it('lets the leading tutor edit and cancel, but change participants only with tutorEditSessionParticipants', () => {
    expect(canEditSession(people.tutor, session, rules).allowed).toBe(true);
    expect(canCancelSession(people.tutor, session, rules).allowed).toBe(true);
    const change = { leaders: ['tutor'], learners: [{ userId: 'kid', isPaired: true }, { userId: 'new', isPaired: true }] };
    expect(canEditSession(people.tutor, session, rules, change)).toMatchObject({ denial: 'participantsLocked' });
    expect(canEditSession(people.tutor, session, { ...rules, tutorEditSessionParticipants: true }, change).allowed).toBe(true);
    const unpaired = { ...change, learners: [{ userId: 'new', isPaired: false }] };
    expect(canEditSession(people.tutor, session, { ...rules, tutorEditSessionParticipants: true }, unpaired)).toMatchObject({ denial: 'nonPairedLearner' });
  });

  it('refuses a tutor who does not lead the session, and follows the edit and cancel lists separately', () => {
    expect(canEditSession(people.leaderHere, session, rules)).toMatchObject({ denial: 'notAllowed' });
    expect(canCancelSession(people.tutor, session, { ...rules, sessionCancelProfileTypes: ['Admin'] })).toMatchObject({ denial: 'notAllowed' });
    expect(canEditSession(people.tutor, session, { ...rules, sessionCancelProfileTypes: ['Admin'] }).allowed).toBe(true);
  });

  it('lets a learner or their parent cancel when listed, never change who takes part', () => {
    const listed = { ...rules, sessionCancelProfileTypes: ['Student', 'Parent'] as SessionRules['sessionCancelProfileTypes'], sessionEditProfileTypes: ['Parent'] as SessionRules['sessionEditProfileTypes'] };
    expect(canCancelSession(people.kid, session, listed).allowed).toBe(true);
    expect(canCancelSession(people.parent, session, listed).allowed).toBe(true);
    expect(canCancelSession(people.otherParent, session, listed).allowed).toBe(false);
    expect(canEditSession(people.parent, session, listed, { leaders: ['tutor'], learners: [] })).toMatchObject({ denial: 'participantsLocked' });
    expect(canCancelSession(people.kid, session, rules).allowed).toBe(false);
  });

  it('lets admins always edit and cancel', () => {
    const none = { ...rules, sessionEditProfileTypes: [], sessionCancelProfileTypes: [] };
    for (const who of ['superAdmin', 'programAdmin', 'platformAdmin'] as const) {
      expect(canEditSession(people[who], session, none, { leaders: ['a', 'b'], learners: [] }).allowed).toBe(true);
      expect(canCancelSession(people[who], session, none).allowed).toBe(true);
    }
  });

  it('lets a participant drop themselves, a parent their child, staff and admins anyone', () => {
    expect(canDropParticipant(people.kid, session, 'kid').allowed).toBe(true);
    expect(canDropParticipant(people.parent, session, 'kid').allowed).toBe(true);
    expect(canDropParticipant(people.otherParent, session, 'kid')).toMatchObject({ denial: 'notYourChild' });
    expect(canDropParticipant(people.staff, session, 'kid').allowed).toBe(true);
    expect(canDropParticipant(people.superAdmin, session, 'kid').allowed).toBe(true);
    expect(canDropParticipant(people.superAdmin, session, 'nobody')).toMatchObject({ denial: 'notAllowed' });
  });

  it('lets learners take a seat for themselves or their children when tuteeBookEnabled', () => {
    const group = { ...session, sessionType: 'GROUP' as const };
    expect(canReserveSeat(people.kid, group, 'kid', rules).allowed).toBe(true);
    expect(canReserveSeat(people.kid, group, 'kid', { ...rules, tuteeBookEnabled: false })).toMatchObject({ denial: 'tuteeBookingDisabled' });
    expect(canReserveSeat(people.parent, group, 'kid', rules).allowed).toBe(true);
    expect(canReserveSeat(people.otherParent, group, 'kid', rules)).toMatchObject({ denial: 'notYourChild' });
    expect(canReserveSeat(people.member, group, 'mem', rules)).toMatchObject({ denial: 'notAllowed' });
    expect(canReserveSeat(people.superAdmin, group, 'anyone', { ...rules, tuteeBookEnabled: false }).allowed).toBe(true);
  });
});

describe('whose sessions a viewer may list', () => {
  it('gives everything for oneself and platform admins, scopes for the rest', () => {
    expect(sessionListScope(people.kid, 'kid')).toEqual({ all: true });
    expect(sessionListScope(people.platformAdmin, 'kid')).toEqual({ all: true });
    expect(sessionListScope(people.parent, 'kid')).toEqual({ all: false, ecosystemIds: [E], programIds: [] });
    expect(sessionListScope(people.otherParent, 'kid')).toEqual({ all: false, ecosystemIds: [], programIds: [] });
    expect(sessionListScope(people.student, 'kid')).toEqual({ all: false, ecosystemIds: [], programIds: [] });
    expect(sessionListScope(people.superAdmin, 'kid')).toEqual({ all: false, ecosystemIds: [E], programIds: [] });
    expect(sessionListScope(people.leaderHere, 'kid')).toEqual({ all: false, ecosystemIds: [], programIds: [P] });
    expect(sessionListScope(people.archivedParentLink, 'kid')).toEqual({ all: false, ecosystemIds: [], programIds: [] });
  });
});

describe('lists and single reads agree', () => {
  const ECOSYSTEMS = [E, OTHER_E];
  /** Programs belong to one ecosystem each, as in the platform. */
  const PROGRAMS: Record<string, string> = { p1: E, p2: E, p3: OTHER_E };
  const role = fc.record({
    role: fc.constantFrom<Role>('SUPER_ADMIN', 'STAFF', 'TEACHER', 'PARENT', 'STUDENT', 'MEMBER', 'PROGRAM_ADMIN', 'LEADER', 'PUPIL'),
    program: fc.constantFrom(...Object.keys(PROGRAMS)),
    ecosystem: fc.constantFrom(...ECOSYSTEMS),
  }).map(({ role: r, program, ecosystem }) => (['PROGRAM_ADMIN', 'LEADER', 'PUPIL'].includes(r)
    ? { role: r, programId: program, ecosystemId: PROGRAMS[program] } : { role: r, programId: null, ecosystemId: ecosystem }));

  it('a session a viewer\'s list of someone\'s sessions may show is one getSession shows them', () => {
    fc.assert(fc.property(
      fc.array(role, { maxLength: 4 }), fc.boolean(), fc.subarray(ECOSYSTEMS), fc.constantFrom(...Object.keys(PROGRAMS)), fc.boolean(), fc.boolean(),
      (roles, platformAdmin, linkedIn, programId, targetLeads, viewerIsTarget) => {
        const viewerId = viewerIsTarget ? 'target' : 'viewer';
        const v: SessionViewer = { principal: { userId: viewerId, platformAdmin, roles }, children: linkedIn.map((ecosystemId) => ({ childId: 'target', ecosystemId })) };
        const s: SessionFacts = {
          ecosystemId: PROGRAMS[programId], programId, sessionType: 'ONE_ON_ONE',
          participants: [{ userId: 'target', isLeader: targetLeads }, { userId: 'someone', isLeader: !targetLeads }],
        };
        const scope = sessionListScope(v, 'target');
        const listed = scope.all || scope.ecosystemIds.includes(s.ecosystemId) || scope.programIds.includes(s.programId);
        if (listed) expect(canSeeSession(v, s)).toBe(true);
      }), { numRuns: 2000 });
  });
});
