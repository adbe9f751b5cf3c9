/**
 * The session lists of schema/sessions.graphql and schema/session-lists.graphql. Each list is one
 * statement (projections/sessions listSessions) over the scope the policy gives the viewer
 * (domain/session/policy.ts sessionListScope): someone who may not list a person's sessions gets an
 * empty list, exactly as for a person with none, so the answer never tells that they are there.
 */
import { canSeeDropIn, sessionListScope, type SessionViewer } from '../../domain/session/policy';
import type { Role } from '../../domain/shared/events';
import { ValidationError } from '../../domain/shared/errors';
import { leadersAmong, listSessions, minutesLed, type SessionListQuery, type SessionRow, type SessionScope } from '../../projections/sessions';
import type { SessionsFilterInput } from '../__generated__/resolvers';
import type { RequestContext } from '../context';
import { visibleUser } from '../families/loaders';
import { userIdArg } from '../people/target';
import { toGlobalId } from '../relay';
import { browsedEcosystemId } from '../people/target';
import { sessionFacts, sessionViewer } from './access';
import { listFilter, type ListFilter } from './inputs';
import { primeSessions } from './loaders';
import { sessionsReadMessages as m } from './messages';

export interface SessionListSource {
  sessions: SessionRow[];
  hasMore: boolean;
  pageNumber: number;
}

const NONE: SessionScope = { all: false, ecosystemIds: [], programIds: [] };

async function page(ctx: RequestContext, f: ListFilter, q: Pick<SessionListQuery, 'scope' | 'userIds'> & Partial<SessionListQuery>): Promise<SessionListSource> {
  const { rows, hasMore } = await ctx.read((client) => listSessions(client, {
    status: f.status, now: ctx.services.clock(), from: f.from, to: f.to, programId: f.programId, sessionTypes: f.sessionTypes,
    pageNumber: f.pageNumber, pageSize: f.pageSize, ...q,
  }));
  primeSessions(ctx, rows);
  return { sessions: rows, hasMore, pageNumber: f.pageNumber };
}

/** A person's sessions (default: the viewer's), as far as the viewer may list them. */
export async function sessionsForUser(ctx: RequestContext, input: SessionsFilterInput | null | undefined, options: { browsedOnly?: boolean } = {}): Promise<SessionListSource> {
  const f = listFilter(input);
  const viewer = await sessionViewer(ctx);
  const userId = f.userId ?? viewer.principal.userId;
  const ecosystemId = options.browsedOnly ? await browsedEcosystemId(ctx) : null;
  return page(ctx, f, { scope: sessionListScope(viewer, userId), userIds: [userId], ecosystemId });
}

function ecosystemsWhere(viewer: SessionViewer, role: Role): string[] {
  return [...new Set(viewer.principal.roles.filter((r) => r.role === role).map((r) => r.ecosystemId))];
}

/** Every session of the ecosystems where the viewer holds `role` (TEACHER, STAFF), or one person's there. */
export async function sessionsOfOverseer(ctx: RequestContext, input: SessionsFilterInput | null | undefined, role: Role): Promise<SessionListSource> {
  const f = listFilter(input);
  const viewer = await sessionViewer(ctx);
  const ecosystemIds = ecosystemsWhere(viewer, role);
  return page(ctx, f, { scope: ecosystemIds.length > 0 ? { all: false, ecosystemIds, programIds: [] } : NONE, userIds: f.userId ? [f.userId] : null });
}

/** The sessions of the viewer's linked children (where the viewer is a PARENT in force), or of one of them. */
export async function sessionsForParent(ctx: RequestContext, input: SessionsFilterInput | null | undefined): Promise<SessionListSource> {
  const f = listFilter(input);
  const viewer = await sessionViewer(ctx);
  const parentIn = new Set(ecosystemsWhere(viewer, 'PARENT'));
  const links = viewer.children.filter((c) => parentIn.has(c.ecosystemId) && (f.userId === null || c.childId === f.userId));
  if (links.length === 0) return { sessions: [], hasMore: false, pageNumber: f.pageNumber };
  return page(ctx, f, {
    scope: { all: false, ecosystemIds: [...new Set(links.map((l) => l.ecosystemId))], programIds: [] },
    userIds: [...new Set(links.map((l) => l.childId))],
  });
}

/** The list has no pages: the soonest 50 (a week or two of a busy program's drop-ins). */
const DROP_IN_LIMIT = 50;

/**
 * Upcoming drop-in sessions: the ones the viewer leads (tutor context), or those of the viewer's
 * programs and ecosystems with a seat left, as far as the policy offers them.
 */
export async function upcomingDropIns(ctx: RequestContext, isTutorContext: boolean, startDate: string | null, endDate: string | null): Promise<SessionRow[]> {
  const viewer = await sessionViewer(ctx);
  const p = viewer.principal;
  const f: ListFilter = {
    userId: null, status: 'UPCOMING', from: startDate ? new Date(startDate) : null, to: endDate ? new Date(endDate) : null,
    programId: null, sessionTypes: ['DROP_IN'], pageNumber: 1, pageSize: DROP_IN_LIMIT,
  };
  if (f.from && f.to && f.to.getTime() <= f.from.getTime()) throw ValidationError.forField('endDate', m.rangeOrder);
  if (isTutorContext) return (await page(ctx, f, { scope: { all: true }, userIds: [p.userId], leadersOnly: true })).sessions;
  const scope: SessionScope = p.platformAdmin ? { all: true } : {
    all: false,
    ecosystemIds: [...new Set(p.roles.filter((r) => ['SUPER_ADMIN', 'STAFF', 'TEACHER', 'STUDENT', 'PARENT'].includes(r.role)).map((r) => r.ecosystemId))],
    programIds: [...new Set(p.roles.flatMap((r) => (r.programId ? [r.programId] : [])))],
  };
  const { sessions } = await page(ctx, f, { scope, userIds: null, withSeatsOnly: true });
  const offered = await Promise.all(sessions.map(async (s) => (canSeeDropIn(viewer, await sessionFacts(ctx, s)) ? s : null)));
  return offered.filter((s): s is SessionRow => s !== null);
}

const MAX_USERS = 100;

/** For each person the viewer can see, whether they lead a session the request's tenants show; others are left out (as people who do not exist). */
export async function leadersInSessions(ctx: RequestContext, userIdValues: readonly string[]): Promise<Array<{ userId: string; isLeader: boolean }>> {
  if (userIdValues.length > MAX_USERS) throw ValidationError.forField('userIds', m.tooManyUsers({ max: MAX_USERS }));
  await sessionViewer(ctx);
  const ids = userIdValues.map((v, i) => userIdArg(v, `userIds.${i}`));
  const visible = await Promise.all(ids.map(async (id) => ((await visibleUser(ctx, id)) ? id : null)));
  const seen = visible.filter((id): id is string => id !== null);
  const leaders = seen.length > 0 ? await ctx.read((client) => leadersAmong(client, seen)) : new Set<string>();
  return seen.map((id) => ({ userId: toGlobalId('User', id), isLeader: leaders.has(id) }));
}

/** Hours the person (default: the viewer) led, in sessions the viewer may list, to two decimals. */
export async function hoursTutored(ctx: RequestContext, userIdValue: string | null | undefined): Promise<number> {
  const viewer = await sessionViewer(ctx);
  const userId = userIdValue ? userIdArg(userIdValue, 'userId') : viewer.principal.userId;
  const minutes = await ctx.read((client) => minutesLed(client, userId, sessionListScope(viewer, userId), ctx.services.clock()));
  return Math.round((minutes / 60) * 100) / 100;
}
