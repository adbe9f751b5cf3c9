/**
 * Who may see and do what with sessions (spec section 6; docs/decisions/0056-session-reads-and-permissions.md).
 * Pure: the API gathers the facts (api/sessions/access.ts) and every resolver, queries and
 * mutations alike, asks these functions.
 *
 * - See a session: its participants, their linked parents, the ecosystem's
 *   SUPER_ADMIN, STAFF and TEACHER, the PROGRAM_ADMIN and LEADER of its program, platform admins.
 * - Create, edit, cancel: admins (platform, SUPER_ADMIN, the program's PROGRAM_ADMIN) always;
 *   anyone else through a profile type of theirs (domain/user/profile/profile-types.ts maps roles to
 *   them) in the program's sessionCreate/Edit/CancelProfileTypes, acting as
 *   - staff (Staff, Teacher): any session of the ecosystem;
 *   - tutor (Tutor): sessions they lead; participants only with tutorEditSessionParticipants,
 *     learners they are not paired with only with tutorAddNonPairedUsers;
 *   - learner (Student, StudentOrParent, Parent): sessions they or their linked children take,
 *     booking only with the ecosystem's tuteeBookEnabled, never changing who takes part.
 *   More than one leader needs the program's multipleTutorsPerSession (admins aside).
 */
import type { ProfileType } from '../ecosystem/groups/common';
import type { Principal } from '../shared/permissions';
import { defineMessages, type Message } from '../shared/i18n';
import type { GrantableRole } from '../user/events';
import { profileTypesOf } from '../user/profile/profile-types';
import type { SessionType } from './model';

/** Why a session action is refused (English; Spanish in api/i18n/es/sessions-access.ts). */
export const sessionAccessMessages = defineMessages('session.access', {
  notAllowed: 'You do not have permission to do this with this session.',
  tuteeBookingDisabled: 'Booking sessions yourself is turned off in this ecosystem; ask your tutor or an admin.',
  nonPairedLearner: 'You can only add learners you are paired with to this session.',
  participantsLocked: 'You cannot change who takes part in this session; ask an admin.',
  oneTutorOnly: 'This program allows only one tutor per session.',
  notYourChild: 'You can only book or change sessions for yourself or your own children.',
});

export type SessionDenial = keyof typeof DENIALS;
const DENIALS = {
  notAllowed: sessionAccessMessages.notAllowed, tuteeBookingDisabled: sessionAccessMessages.tuteeBookingDisabled,
  nonPairedLearner: sessionAccessMessages.nonPairedLearner, participantsLocked: sessionAccessMessages.participantsLocked,
  oneTutorOnly: sessionAccessMessages.oneTutorOnly, notYourChild: sessionAccessMessages.notYourChild,
} satisfies Record<string, Message>;

export type Verdict = { allowed: true } | { allowed: false; denial: SessionDenial; message: Message };
const ALLOWED: Verdict = { allowed: true };
const deny = (denial: SessionDenial): Verdict => ({ allowed: false, denial, message: DENIALS[denial] });

/** The viewer: their roles in force and the children they are linked to as parent (decision 0048). */
export interface SessionViewer {
  principal: Principal;
  children: ReadonlyArray<{ childId: string; ecosystemId: string }>;
}

/** A session (one occurrence) as the policy needs it. */
export interface SessionFacts {
  ecosystemId: string;
  programId: string;
  sessionType: SessionType;
  participants: ReadonlyArray<{ userId: string; isLeader: boolean }>;
}

/** The program's and ecosystem's switches (domain/program/config.ts, domain/ecosystem/groups/sessions.ts). */
export interface SessionRules {
  sessionCreateProfileTypes: readonly ProfileType[];
  sessionEditProfileTypes: readonly ProfileType[];
  sessionCancelProfileTypes: readonly ProfileType[];
  tutorAddNonPairedUsers: boolean;
  tutorEditSessionParticipants: boolean;
  multipleTutorsPerSession: boolean;
  tuteeBookEnabled: boolean;
}

/** Who a booking or an edit puts in the session: leaders and learners (with whether the acting tutor is paired with them). */
export interface ParticipantChange {
  leaders: readonly string[];
  learners: ReadonlyArray<{ userId: string; isPaired: boolean }>;
}

export interface BookingFacts extends ParticipantChange {
  ecosystemId: string;
  programId: string;
  sessionType: SessionType;
}

type Capacity = 'staff' | 'tutor' | 'learner';
const STAFF_TYPES: readonly ProfileType[] = ['Staff', 'Teacher'];
const LEARNER_TYPES: readonly ProfileType[] = ['Student', 'StudentOrParent', 'Parent'];

function holds(p: Principal, ecosystemId: string, roles: readonly string[], programId?: string): boolean {
  return p.roles.some((r) => r.ecosystemId === ecosystemId && roles.includes(r.role) && (programId === undefined || r.programId === programId));
}

/** Platform admins, the ecosystem's SUPER_ADMIN and the program's PROGRAM_ADMIN: may always act. */
export function isSessionAdmin(p: Principal, s: Pick<SessionFacts, 'ecosystemId' | 'programId'>): boolean {
  return p.platformAdmin || holds(p, s.ecosystemId, ['SUPER_ADMIN']) || holds(p, s.ecosystemId, ['PROGRAM_ADMIN'], s.programId);
}

export function isParticipant(v: SessionViewer, s: SessionFacts): boolean {
  return s.participants.some((x) => x.userId === v.principal.userId);
}

/** The viewer is a PARENT in force there, linked to `userId` in the session's ecosystem. */
export function isParentOf(v: SessionViewer, ecosystemId: string, userId: string): boolean {
  return holds(v.principal, ecosystemId, ['PARENT']) && v.children.some((c) => c.childId === userId && c.ecosystemId === ecosystemId);
}

/**
 * A linked parent of one of the session's participants: usually a learner, but a child who leads a
 * session (a student tutoring) is still their parent's child, and the parent's list of the child's
 * sessions shows it, so a single read must too.
 */
export function isParentOfParticipant(v: SessionViewer, s: SessionFacts): boolean {
  return s.participants.some((x) => isParentOf(v, s.ecosystemId, x.userId));
}

export function canSeeSession(v: SessionViewer, s: SessionFacts): boolean {
  const p = v.principal;
  return p.platformAdmin || isParticipant(v, s) || isParentOfParticipant(v, s) || holds(p, s.ecosystemId, ['SUPER_ADMIN', 'STAFF', 'TEACHER'])
    || holds(p, s.ecosystemId, ['PROGRAM_ADMIN', 'LEADER'], s.programId);
}

/**
 * Drop-in sessions are offered to the program's people: besides those who see every session, any
 * member of its program and the ecosystem's students and parents (who may take a seat).
 */
export function canSeeDropIn(v: SessionViewer, s: SessionFacts): boolean {
  if (canSeeSession(v, s)) return true;
  return s.sessionType === 'DROP_IN' && (holds(v.principal, s.ecosystemId, ['PUPIL', 'LEADER'], s.programId)
    || holds(v.principal, s.ecosystemId, ['STUDENT', 'PARENT']));
}

/**
 * Every participant of the session is listed to those who run or oversee it (its leaders, the
 * ecosystem's SUPER_ADMIN, STAFF and TEACHER, the program's PROGRAM_ADMIN and LEADER, platform
 * admins); a learner or parent sees the others only as far as they may see those people at all
 * (decision 0053: a learner is never shown to another family).
 */
export function seesEveryParticipant(v: SessionViewer, s: SessionFacts): boolean {
  const p = v.principal;
  return p.platformAdmin || s.participants.some((x) => x.isLeader && x.userId === p.userId)
    || holds(p, s.ecosystemId, ['SUPER_ADMIN', 'STAFF', 'TEACHER']) || holds(p, s.ecosystemId, ['PROGRAM_ADMIN', 'LEADER'], s.programId);
}

/** The join link: participants, their linked parents and admins only (staff and leaders who only oversee do not join). */
export function canSeeJoinLink(v: SessionViewer, s: SessionFacts): boolean {
  return isParticipant(v, s) || isParentOfParticipant(v, s) || isSessionAdmin(v.principal, s);
}

/** The viewer's profile types in the session's program: ecosystem roles and the roles they hold in that program. */
export function profileTypesIn(p: Principal, ecosystemId: string, programId: string): ProfileType[] {
  const roles = p.roles.filter((r) => r.ecosystemId === ecosystemId && (r.programId === null || r.programId === programId));
  return profileTypesOf(roles as ReadonlyArray<{ role: GrantableRole }>, false);
}

/** The capacity the viewer acts in under `allowed` profile types, strongest first; null: none. */
function capacityOf(p: Principal, s: Pick<SessionFacts, 'ecosystemId' | 'programId'>, allowed: readonly ProfileType[]): Capacity | null {
  const types = profileTypesIn(p, s.ecosystemId, s.programId).filter((t) => allowed.includes(t));
  if (types.some((t) => STAFF_TYPES.includes(t))) return 'staff';
  if (types.includes('Tutor')) return 'tutor';
  return types.some((t) => LEARNER_TYPES.includes(t)) ? 'learner' : null;
}

function leadersAllowed(change: ParticipantChange, rules: SessionRules): boolean {
  return change.leaders.length <= 1 || rules.multipleTutorsPerSession;
}

/** A tutor changing who takes part: only with the switches that allow it. */
function tutorChange(change: ParticipantChange | null, rules: SessionRules, editing: boolean): Verdict {
  if (!change) return ALLOWED;
  if (editing && !rules.tutorEditSessionParticipants) return deny('participantsLocked');
  if (!leadersAllowed(change, rules)) return deny('oneTutorOnly');
  if (change.learners.some((l) => !l.isPaired) && !rules.tutorAddNonPairedUsers) return deny('nonPairedLearner');
  return ALLOWED;
}

export function canCreateSession(v: SessionViewer, b: BookingFacts, rules: SessionRules): Verdict {
  const p = v.principal;
  if (isSessionAdmin(p, b)) return ALLOWED;
  const capacity = capacityOf(p, b, rules.sessionCreateProfileTypes);
  if (capacity === 'staff') return leadersAllowed(b, rules) ? ALLOWED : deny('oneTutorOnly');
  if (capacity === 'tutor' && b.leaders.includes(p.userId)) return tutorChange(b, rules, false);
  if (capacity === 'learner' || capacity === 'tutor') {
    if (b.leaders.includes(p.userId)) return deny('notAllowed');
    if (!rules.tuteeBookEnabled) return deny('tuteeBookingDisabled');
    if (b.learners.length === 0 || b.learners.some((l) => l.userId !== p.userId && !isParentOf(v, b.ecosystemId, l.userId))) return deny('notYourChild');
    return leadersAllowed(b, rules) ? ALLOWED : deny('oneTutorOnly');
  }
  return deny('notAllowed');
}

/** Learner-side changes: the viewer takes part as a learner, or is a linked parent of one who does. */
function learnerOf(v: SessionViewer, s: SessionFacts): boolean {
  return s.participants.some((x) => !x.isLeader && (x.userId === v.principal.userId || isParentOf(v, s.ecosystemId, x.userId)));
}

function changeSession(v: SessionViewer, s: SessionFacts, allowed: readonly ProfileType[], change: ParticipantChange | null, rules: SessionRules): Verdict {
  const p = v.principal;
  if (isSessionAdmin(p, s)) return ALLOWED;
  const capacity = capacityOf(p, s, allowed);
  if (capacity === 'staff') return change && !leadersAllowed(change, rules) ? deny('oneTutorOnly') : ALLOWED;
  if (capacity === 'tutor' && s.participants.some((x) => x.isLeader && x.userId === p.userId)) return tutorChange(change, rules, true);
  if ((capacity === 'learner' || capacity === 'tutor') && learnerOf(v, s)) return change ? deny('participantsLocked') : ALLOWED;
  return deny('notAllowed');
}

/** Editing (any scope); `change` when the edit changes who takes part. */
export function canEditSession(v: SessionViewer, s: SessionFacts, rules: SessionRules, change: ParticipantChange | null = null): Verdict {
  return changeSession(v, s, rules.sessionEditProfileTypes, change, rules);
}

/** Cancelling, deleting or restoring (any scope). */
export function canCancelSession(v: SessionViewer, s: SessionFacts, rules: SessionRules): Verdict {
  return changeSession(v, s, rules.sessionCancelProfileTypes, null, rules);
}

/** One participant leaving: themselves, their linked parent, the ecosystem's staff, or admins. */
export function canDropParticipant(v: SessionViewer, s: SessionFacts, userId: string): Verdict {
  const p = v.principal;
  if (!s.participants.some((x) => x.userId === userId)) return deny('notAllowed');
  if (isSessionAdmin(p, s) || p.userId === userId || holds(p, s.ecosystemId, ['STAFF'])) return ALLOWED;
  return isParentOf(v, s.ecosystemId, userId) ? ALLOWED : deny('notYourChild');
}

/** Taking a seat for `userId` (themselves, or a parent for their child): with tuteeBookEnabled, or admins. */
export function canReserveSeat(v: SessionViewer, s: SessionFacts, userId: string, rules: SessionRules): Verdict {
  const p = v.principal;
  if (isSessionAdmin(p, s)) return ALLOWED;
  if (userId !== p.userId && !isParentOf(v, s.ecosystemId, userId)) return deny('notYourChild');
  if (!canSeeDropIn(v, s) && !holds(p, s.ecosystemId, ['PUPIL'], s.programId)) return deny('notAllowed');
  return rules.tuteeBookEnabled ? ALLOWED : deny('tuteeBookingDisabled');
}

/**
 * Which of a person's sessions the viewer may list (projections/sessions SessionScope): all of
 * them for themselves and platform admins; otherwise the ecosystems where the viewer oversees every
 * session (SUPER_ADMIN, STAFF, TEACHER) or is their linked parent, and the programs they lead or run.
 */
export function sessionListScope(v: SessionViewer, targetUserId: string):
  { all: true } | { all: false; ecosystemIds: string[]; programIds: string[] } {
  const p = v.principal;
  if (p.platformAdmin || p.userId === targetUserId) return { all: true };
  const overseen = p.roles.filter((r) => ['SUPER_ADMIN', 'STAFF', 'TEACHER'].includes(r.role)).map((r) => r.ecosystemId);
  const parentOf = v.children.filter((c) => c.childId === targetUserId && holds(p, c.ecosystemId, ['PARENT'])).map((c) => c.ecosystemId);
  const programIds = p.roles.filter((r) => (r.role === 'PROGRAM_ADMIN' || r.role === 'LEADER') && r.programId !== null).map((r) => r.programId as string);
  return { all: false, ecosystemIds: [...new Set([...overseen, ...parentOf])], programIds: [...new Set(programIds)] };
}
