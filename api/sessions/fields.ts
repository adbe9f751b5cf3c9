/**
 * The `Session` and `SessionParticipant` fields (schema/sessions.graphql) from a read-model row.
 * Look-ups a field needs (participants, people, the program, the ecosystem's grace minutes, the
 * viewer's children) go through per-request loaders, so a page costs the same for 5 sessions as
 * for 50. The clock-dependent statuses come from status.ts, what the viewer may do from the
 * session policy (domain/session/policy.ts).
 */
import { DateTime } from 'luxon';
import { canCancelSession, canEditSession, canSeeJoinLink, isParticipant, seesEveryParticipant } from '../../domain/session/policy';
import type { SessionParticipantRow, SessionRow } from '../../projections/sessions';
import type { SessionParticipantResolvers, SessionResolvers } from '../__generated__/resolvers';
import type { RequestContext } from '../context';
import { visibleUser } from '../families/loaders';
import { toGlobalId } from '../relay';
import { loaders } from '../tenants/loaders';
import { findSessionRules, sessionFacts, sessionViewer } from './access';
import { participantsOf } from './loaders';
import { completionStatus, sessionStatus } from './status';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

function localEndTime(s: SessionRow): string {
  return DateTime.fromJSDate(s.endAt, { zone: s.timeZoneId }).toFormat('HH:mm');
}

function isInPerson(s: SessionRow): boolean {
  return s.location === 'IN_PERSON' || s.meetingSolution === 'IN_PERSON';
}

/**
 * Participants the viewer may see: all of them for those who run or oversee the session; for a
 * learner or parent, themselves and the people whose accounts the request shows (decision 0053
 * hides learners from other families).
 */
async function visibleParticipants(ctx: RequestContext, s: SessionRow): Promise<SessionParticipantRow[]> {
  const [viewer, facts, people] = await Promise.all([sessionViewer(ctx), sessionFacts(ctx, s), participantsOf(ctx, s.id)]);
  if (seesEveryParticipant(viewer, facts)) return people;
  const shown = await Promise.all(people.map(async (p) => (p.userId === viewer.principal.userId || (await visibleUser(ctx, p.userId)) ? p : null)));
  return shown.filter((p): p is SessionParticipantRow => p !== null);
}

/** Whether the viewer may edit (or cancel) the session; no one but through a program the request can read. */
async function may(ctx: RequestContext, s: SessionRow, action: 'edit' | 'cancel'): Promise<boolean> {
  const [viewer, facts, rules] = await Promise.all([sessionViewer(ctx), sessionFacts(ctx, s), findSessionRules(ctx, s.ecosystemId, s.programId)]);
  if (!rules) return false;
  return (action === 'edit' ? canEditSession(viewer, facts, rules) : canCancelSession(viewer, facts, rules)).allowed;
}

export const sessionFields: SessionResolvers = {
  id: (s) => toGlobalId('Session', s.id),
  rawId: (s) => s.id,
  seriesId: (s) => toGlobalId('SessionSeries', s.seriesId),
  recurringSessionId: (s) => (s.recurring ? toGlobalId('RecurringSession', s.segmentId) : null),
  ecosystemId: (s) => toGlobalId('Ecosystem', s.ecosystemId),
  programId: (s) => toGlobalId('Program', s.programId),
  program: (s, _args, ctx) => loaders(ctx).programs.load(s.programId),
  sessionDescription: (s) => s.description,
  status: (s, _args, ctx) => sessionStatus(s, ctx.services.clock()),
  sessionCompletionStatus: async (s, _args, ctx) => {
    const now = ctx.services.clock();
    if (s.cancelled || now < s.endAt) return null;
    // Recorded by the session-timers tick (decision 0074): the record, as the audit trail shows it.
    if (s.completionStatus) return s.completionStatus;
    const [ecosystem, people] = await Promise.all([loaders(ctx).ecosystems.load(s.ecosystemId), participantsOf(ctx, s.id)]);
    return completionStatus(s, people, ecosystem?.sessionSettings.attendanceGraceMinutes ?? 0, now);
  },
  endTime: (s) => localEndTime(s),
  startAt: (s) => s.startAt.toISOString(),
  endAt: (s) => s.endAt.toISOString(),
  isInPerson: (s) => isInPerson(s),
  joinUrl: async (s, _args, ctx) => {
    if (isInPerson(s) || !s.meetingUrl) return null;
    const [viewer, facts] = await Promise.all([sessionViewer(ctx), sessionFacts(ctx, s)]);
    return canSeeJoinLink(viewer, facts) ? s.meetingUrl : null;
  },
  physicalSessionOptions: (s) => (s.locationName ? { locationName: s.locationName, locationPoint: s.locationPoint } : null),
  tutoringAmount: (s) => (s.tutoringAmount === null ? null : s.tutoringAmount / 100),
  fullness: (s) => (s.maxStudents !== null && s.numLearners >= s.maxStudents ? 'FULL' : 'OPEN'),
  frequency: (s) => s.recurrence?.frequency ?? null,
  recurringDays: (s) => s.recurrence?.recurringDays ?? [],
  weeksRecurring: (s) => s.recurrence?.weeks ?? null,
  weeksRepeat: (s) => s.recurrence?.interval ?? null,
  recurringStartDate: (s) => s.recurrence?.startDate ?? null,
  recurringEndDate: (s) => s.recurrence?.endDate ?? null,
  participants: (s, _args, ctx) => visibleParticipants(ctx, s),
  lastModified: (s) => s.lastModified.toISOString(),
  viewerCanEdit: (s, _args, ctx) => may(ctx, s, 'edit'),
  viewerCanCancel: (s, _args, ctx) => may(ctx, s, 'cancel'),
  viewerIsParticipant: async (s, _args, ctx) => isParticipant(await sessionViewer(ctx), await sessionFacts(ctx, s)),
};

export const sessionParticipantFields: SessionParticipantResolvers = {
  userId: (p) => toGlobalId('User', p.userId),
  user: (p, _args, ctx) => visibleUser(ctx, p.userId),
  joinedTime: (p) => iso(p.joinedTime),
  leftTime: (p) => iso(p.leftTime),
};
