/**
 * Which programs the viewer may book in, and as what (the server checks again: the program's
 * sessionCreateProfileTypes, tuteeBookEnabled). Ecosystem admins and platform admins book in every
 * open program and may force a booking past conflicts; program admins and tutors in their
 * programs; learners only where the ecosystem lets tutees book.
 */
import type { SessionTypeName } from './bookingForm';

export interface ViewerRoles {
  isInternalTeamAccount: boolean;
  ecosystemRoles: readonly { ecosystemId: string; role: string }[];
  programRoles: readonly { ecosystemId: string; programId: string; role: string }[];
}

export interface ProgramChoice { id: string; name: string; archived: boolean; sessionCapabilities: readonly SessionTypeName[] }

export interface BookingAccess { programs: ProgramChoice[]; isAdmin: boolean; isTutor: boolean }

export function bookingAccess(viewer: ViewerRoles, ecosystemId: string, programs: readonly ProgramChoice[], tuteeBookEnabled: boolean): BookingAccess {
  const open = programs.filter((p) => !p.archived);
  const isAdmin = viewer.isInternalTeamAccount || viewer.ecosystemRoles.some((r) => r.ecosystemId === ecosystemId && r.role === 'SUPER_ADMIN');
  const roles = viewer.programRoles.filter((r) => r.ecosystemId === ecosystemId);
  const isTutor = roles.some((r) => r.role === 'LEADER');
  if (isAdmin) return { programs: open, isAdmin, isTutor };
  const allowed = new Set(roles.filter((r) => r.role === 'PROGRAM_ADMIN' || r.role === 'LEADER' || (tuteeBookEnabled && r.role === 'PUPIL')).map((r) => r.programId));
  return { programs: open.filter((p) => allowed.has(p.id)), isAdmin: false, isTutor };
}

/** The ecosystems the viewer belongs to, in the order their roles name them. */
export function viewerEcosystemIds(viewer: ViewerRoles): string[] {
  return [...new Set([...viewer.ecosystemRoles.map((r) => r.ecosystemId), ...viewer.programRoles.map((r) => r.ecosystemId)])];
}

/** What decides whether the viewer may change who takes part in a session (besides viewerCanEdit). */
export interface PeopleRules {
  /** Platform admin or the ecosystem's SUPER_ADMIN. */
  isAdmin: boolean;
  /** The ecosystem's STAFF or TEACHER. */
  isStaff: boolean;
  programAdminOf: readonly string[];
  /** Programs whose tutors may change the participants of sessions they lead (tutorEditSessionParticipants). */
  tutorsEditIn: readonly string[];
}

export function peopleRules(viewer: ViewerRoles, ecosystemId: string, programs: readonly { id: string; tutorEditSessionParticipants: boolean }[]): PeopleRules {
  const eco = viewer.ecosystemRoles.filter((r) => r.ecosystemId === ecosystemId).map((r) => r.role);
  return {
    isAdmin: viewer.isInternalTeamAccount || eco.includes('SUPER_ADMIN'),
    isStaff: eco.includes('STAFF') || eco.includes('TEACHER'),
    programAdminOf: viewer.programRoles.filter((r) => r.ecosystemId === ecosystemId && r.role === 'PROGRAM_ADMIN').map((r) => r.programId),
    tutorsEditIn: programs.filter((p) => p.tutorEditSessionParticipants).map((p) => p.id),
  };
}

/**
 * Whether the edit dialog offers to change who takes part (domain/session/policy.ts decides again):
 * admins, staff and program admins of sessions they may edit; a tutor only in sessions they lead,
 * where the program lets tutors change participants; learners never.
 */
export function mayChangePeople(session: { programId: string; viewerCanEdit: boolean; participants: readonly { userId: string; isLeader: boolean }[] }, viewerId: string, rules: PeopleRules): boolean {
  if (!session.viewerCanEdit) return false;
  if (rules.isAdmin || rules.isStaff || rules.programAdminOf.includes(session.programId)) return true;
  return rules.tutorsEditIn.includes(session.programId) && session.participants.some((p) => p.isLeader && p.userId === viewerId);
}
