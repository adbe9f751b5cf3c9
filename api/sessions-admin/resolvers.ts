/** The admin session summary area (schema/sessions-admin.graphql, decision 0060). */
import type { SummaryStatus } from '../../projections/sessions/admin-queries';
import { summaryStatus } from '../../projections/sessions/admin-status';
import type { Resolvers } from '../__generated__/resolvers';
import { toGlobalId } from '../relay';
import { displayName } from './names';
import { sessionAdminQueries } from './queries';
import { cancelMany, restoreMany, updatePending } from './actions';
import { updateProperties } from './properties';
import { cancelAll, restoreAll, saveAllLabel } from './bulk';
import { toBatchJob } from '../jobs/mapping';

export const sessionAdminResolvers: Resolvers = {
  Query: { ...sessionAdminQueries },
  Mutation: {
    adminCancelOneOrManySession: (_root, args, ctx) => cancelMany(ctx, args),
    adminRestoreOneOrManySessions: (_root, args, ctx) => restoreMany(ctx, args),
    adminUpdateOneOrManyPendingSessions: (_root, args, ctx) => updatePending(ctx, args),
    updateSessionsProperties: (_root, args, ctx) => updateProperties(ctx, args),
    adminCancelAllLabelSession: async (_root, args, ctx) => toBatchJob(await cancelAll(ctx, args)),
    adminRestoreAllSessions: async (_root, args, ctx) => toBatchJob(await restoreAll(ctx, args)),
    adminSaveAllLabelSession: async (_root, args, ctx) => toBatchJob(await saveAllLabel(ctx, args)),
  },
  AdminSessionSummaryPage: { totalCount: (page) => page.count() },
  AdminSessionSummary: {
    id: ({ row }) => toGlobalId('Session', row.id),
    rawId: ({ row }) => row.id,
    seriesId: ({ row }) => toGlobalId('SessionSeries', row.seriesId),
    recurringSessionId: ({ row }) => (row.recurring ? row.segmentId : null),
    programId: ({ row }) => toGlobalId('Program', row.programId),
    programName: ({ row }) => row.programName,
    subject: ({ row }) => row.subject,
    sessionType: ({ row }) => row.sessionType as 'ONE_ON_ONE',
    status: ({ row, now }): SummaryStatus => summaryStatus(row, now),
    date: ({ row }) => row.date,
    startTime: ({ row }) => row.startTime,
    timeZoneId: ({ row }) => row.timeZoneId,
    startAt: ({ row }) => row.startAt.toISOString(),
    endAt: ({ row }) => row.endAt.toISOString(),
    durationMinutes: ({ row }) => row.durationMinutes,
    cancelReason: ({ row }) => row.cancelReason,
    numLeaders: ({ row }) => row.numLeaders,
    numLearners: ({ row }) => row.numLearners,
    numAttendees: ({ row }) => row.numAttendees,
    customProperties: ({ row }) => row.customProperties,
    lastModified: ({ row }) => row.lastModified.toISOString(),
    participants: ({ participants }) => participants.map((p) => ({
      userId: toGlobalId('User', p.userId), name: displayName(p), userType: p.userType as 'STUDENT', isLeader: p.isLeader,
    })),
  },
  AdminSessionsAutocompleteOptions: {
    people: (options) => options.people.map((p) => ({ userId: toGlobalId('User', p.userId), name: displayName(p) })),
  },
};
