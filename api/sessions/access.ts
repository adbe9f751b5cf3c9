/**
 * The facts the session policy (domain/session/policy.ts) needs, gathered in a constant number of
 * statements, and the checks every session resolver makes with them. The lead's mutation
 * resolvers call the `authorize*` functions before dispatching a command: each answers the
 * session row (for its series id) or throws FORBIDDEN with the policy's keyed message. A session
 * the viewer may not see answers FORBIDDEN as well, exactly as one that does not exist, so a
 * refusal never tells that it is there (decision 0053).
 */
import {
  canCancelSession, canCreateSession, canDropParticipant, canEditSession, canReserveSeat, canSeeDropIn, canSeeSession,
  type BookingFacts, type ParticipantChange, type SessionFacts, type SessionRules, type SessionViewer, type Verdict,
} from '../../domain/session/policy';
import { ForbiddenError } from '../../domain/shared/errors';
import { isUuid } from '../../domain/shared/ids';
import type { SessionRow } from '../../projections/sessions';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { familyLinksOf } from '../families/loaders';
import { loaders } from '../tenants/loaders';
import { participantsOf, sessionLoader } from './loaders';

/** The viewer with the children they are linked to as parent (one statement per request for a parent, none for others). */
export async function sessionViewer(ctx: RequestContext): Promise<SessionViewer> {
  const viewer = requireViewer(ctx);
  // Links count only for a PARENT in force (policy isParentOf): anyone else needs no look-up.
  const links = viewer.roles.some((r) => r.role === 'PARENT') ? await familyLinksOf(ctx, viewer.userId) : [];
  return {
    principal: viewer,
    children: links.filter((l) => l.parentId === viewer.userId).map((l) => ({ childId: l.childId, ecosystemId: l.ecosystemId })),
  };
}

/** A session row with its participants, as the policy reads it. */
export async function sessionFacts(ctx: RequestContext, row: SessionRow): Promise<SessionFacts> {
  const people = await participantsOf(ctx, row.id);
  return { ecosystemId: row.ecosystemId, programId: row.programId, sessionType: row.sessionType, participants: people };
}

/** The program's and ecosystem's switches for sessions (their rows, batched per request); null when the request cannot see them. */
export async function findSessionRules(ctx: RequestContext, ecosystemId: string, programId: string): Promise<SessionRules | null> {
  const { programs, ecosystems } = loaders(ctx);
  const [program, ecosystem] = await Promise.all([programs.load(programId), ecosystems.load(ecosystemId)]);
  if (!program || !ecosystem || program.ecosystemId !== ecosystemId) return null;
  return {
    sessionCreateProfileTypes: program.sessions.sessionCreateProfileTypes,
    sessionEditProfileTypes: program.sessions.sessionEditProfileTypes,
    sessionCancelProfileTypes: program.sessions.sessionCancelProfileTypes,
    tutorAddNonPairedUsers: program.tutorAddNonPairedUsers,
    tutorEditSessionParticipants: program.sessions.tutorEditSessionParticipants,
    multipleTutorsPerSession: program.multipleTutorsPerSession,
    tuteeBookEnabled: ecosystem.sessionSettings.tuteeBookEnabled,
  };
}

/** The rules for acting on a program's sessions; FORBIDDEN when the program is not one the request can see in that ecosystem. */
export async function sessionRules(ctx: RequestContext, ecosystemId: string, programId: string): Promise<SessionRules> {
  const rules = await findSessionRules(ctx, ecosystemId, programId);
  if (!rules) throw new ForbiddenError();
  return rules;
}

/** The session if the viewer may see it (drop-in offers included), else null. */
export async function visibleSession(ctx: RequestContext, sessionId: string, options: { dropIns?: boolean } = {}): Promise<SessionRow | null> {
  if (!isUuid(sessionId)) return null;
  const [row, viewer] = await Promise.all([sessionLoader(ctx).load(sessionId.toLowerCase()), sessionViewer(ctx)]);
  if (!row) return null;
  const facts = await sessionFacts(ctx, row);
  return (options.dropIns ? canSeeDropIn(viewer, facts) : canSeeSession(viewer, facts)) ? row : null;
}

function enforce(verdict: Verdict): void {
  if (!verdict.allowed) throw new ForbiddenError(verdict.message);
}

/** For an action on one session: the row, its facts, the viewer and the rules; FORBIDDEN when it is not to be seen. */
async function actingOn(ctx: RequestContext, sessionId: string, options: { dropIns?: boolean } = {}) {
  const row = await visibleSession(ctx, sessionId, options);
  if (!row) throw new ForbiddenError();
  const [facts, viewer, rules] = await Promise.all([sessionFacts(ctx, row), sessionViewer(ctx), sessionRules(ctx, row.ecosystemId, row.programId)]);
  return { row, facts, viewer, rules };
}

/** createSession: throws FORBIDDEN (with why) unless the viewer may book it. */
export async function authorizeCreateSession(ctx: RequestContext, booking: BookingFacts): Promise<void> {
  const [viewer, rules] = await Promise.all([sessionViewer(ctx), sessionRules(ctx, booking.ecosystemId, booking.programId)]);
  enforce(canCreateSession(viewer, booking, rules));
}

/** editSessionV3; `change` when the edit changes who takes part. */
export async function authorizeEditSession(ctx: RequestContext, sessionId: string, change: ParticipantChange | null = null): Promise<SessionRow> {
  const { row, facts, viewer, rules } = await actingOn(ctx, sessionId);
  enforce(canEditSession(viewer, facts, rules, change));
  return row;
}

/** cancelSessionV3 (cancel or delete) and restoreSession. */
export async function authorizeCancelSession(ctx: RequestContext, sessionId: string): Promise<SessionRow> {
  const { row, facts, viewer, rules } = await actingOn(ctx, sessionId);
  enforce(canCancelSession(viewer, facts, rules));
  return row;
}

/** dropSession: `userId` leaves (themselves, a parent's child, or anyone for staff and admins). */
export async function authorizeDropParticipant(ctx: RequestContext, sessionId: string, userId: string): Promise<SessionRow> {
  const { row, facts, viewer } = await actingOn(ctx, sessionId);
  enforce(canDropParticipant(viewer, facts, userId));
  return row;
}

/** reserveSessionSeat: `userId` takes a seat (seat counts are the aggregate's to enforce). */
export async function authorizeReserveSeat(ctx: RequestContext, sessionId: string, userId: string): Promise<SessionRow> {
  const { row, facts, viewer, rules } = await actingOn(ctx, sessionId, { dropIns: true });
  enforce(canReserveSeat(viewer, facts, userId, rules));
  return row;
}
