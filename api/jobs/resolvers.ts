/**
 * Jobs area: batch jobs and the demo-data jobs (schema/jobs.graphql). Every operation is for
 * platform admins (domain/shared/permissions: ecosystem.jobs, ecosystem.demoData), authorized
 * before anything is read or dispatched.
 */
import { z } from 'zod';
import { batchJobNameSchema, type BatchJobName } from '../../domain/job/names';
import { fieldErrorsOf, ForbiddenError, ValidationError } from '../../domain/shared/errors';
import { listBatchJobs, recentBatchJob, type BatchJobRow } from '../../projections/jobs';
import type { Resolvers } from '../__generated__/resolvers';
import { can } from '../../domain/shared/permissions';
import { authorize, requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { idOf, keysetConnection } from '../relay';
import { jobLoaders } from './loaders';
import { toBatchJob } from './mapping';
import { translateStored } from '../i18n/catalogue';
import { cancelActiveJobs, startJob } from './service';
import { apiMessages } from '../i18n/messages';
import { commonMessages } from '../../domain/shared/messages';
import { fieldLabels } from '../../domain/ecosystem/labels';
import { BULK_USER_JOBS } from '../roster/bulk';
import { BULK_SESSION_JOBS } from '../sessions-admin/bulk';
import { sessionBulkMessages } from '../sessions-admin/messages';
import { invitationMessages } from '../../domain/invitation/messages';
import { rosterMessages } from '../roster/messages';

const ecosystemIdSchema = z.uuid();

/** Checks the viewer first, so an anonymous caller learns nothing about what input would be valid. */
function ecosystemIdOf(ctx: RequestContext, value: string): string {
  requireViewer(ctx);
  const parsed = ecosystemIdSchema.safeParse(idOf('Ecosystem', value));
  if (!parsed.success) throw ValidationError.forField('ecosystemId', commonMessages.invalidId({ label: fieldLabels.ecosystemId }));
  return parsed.data;
}

function jobNameOf(value: string): BatchJobName {
  const parsed = batchJobNameSchema.safeParse(value);
  if (!parsed.success) throw ValidationError.forFields(fieldErrorsOf(parsed.error.issues, ['jobName']));
  return parsed.data;
}

function metadataOf(value: unknown): Record<string, unknown> {
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw ValidationError.forField('metadata', apiMessages.jobMetadataNotObject);
  }
  return value as Record<string, unknown>;
}

/** Demo-data jobs need the demo-data permission, other jobs the jobs permission. */
function authorizeJob(ctx: RequestContext, ecosystemId: string, jobName: BatchJobName) {
  const demo = jobName === 'createEcosystemDemoData' || jobName === 'deleteEcosystemDemoData';
  return authorize(ctx, { type: demo ? 'ecosystem.demoData' : 'ecosystem.jobs', ecosystemId });
}

export const jobsResolvers: Resolvers = {
  // A job's failure is stored in English in its events; readers get it in their language.
  BatchJob: {
    error: (job, _args, ctx) => (job.error ? translateStored(job.error, ctx.locale) : null),
    // Rows of a list come without their result (projections/jobs/queries.ts recentBatchJobs).
    result: (job, _args, ctx) => (job.result !== undefined ? job.result : jobLoaders(ctx).result(job.jobId)),
  },
  // Fields of a listed ecosystem: whoever may not see them reads null instead of a failed list.
  Ecosystem: {
    async recentBatchJob(ecosystem, _args, ctx) {
      if (!ctx.viewer || !can(ctx.viewer, { type: 'ecosystem.jobs', ecosystemId: ecosystem.id })) return null;
      const row = await jobLoaders(ctx).recentJob(ecosystem.id);
      return row ? toBatchJob(row) : null;
    },
    async demoDataStatus(ecosystem, _args, ctx) {
      if (!ctx.viewer || !can(ctx.viewer, { type: 'ecosystem.demoData', ecosystemId: ecosystem.id })) return null;
      return jobLoaders(ctx).demoDataStatus(ecosystem.id);
    },
  },
  Query: {
    async getRecentBatchJob(_root, args, ctx) {
      const ecosystemId = ecosystemIdOf(ctx, args.ecosystemId);
      authorize(ctx, { type: 'ecosystem.jobs', ecosystemId });
      const row = await ctx.read((client) => recentBatchJob(client, ecosystemId));
      return row ? toBatchJob(row) : null;
    },

    async getAllEcosystemJobs(_root, args, ctx) {
      requireViewer(ctx);
      const ecosystemId = args.ecosystemId ? ecosystemIdOf(ctx, args.ecosystemId) : null;
      if (ecosystemId) authorize(ctx, { type: 'ecosystem.jobs', ecosystemId });
      // Every tenant's jobs at once is a platform view.
      else if (!requireViewer(ctx).platformAdmin) throw new ForbiddenError();
      const page = await keysetConnection<BatchJobRow>(args, (row) => [row.createdAt, row.id],
        (limit, after) => ctx.read((client) => listBatchJobs(client, { ecosystemId, limit, after })));
      return { ...page, edges: page.edges.map((e) => ({ cursor: e.cursor, node: toBatchJob(e.node) })) };
    },
  },

  Mutation: {
    async createBatchJob(_root, args, ctx) {
      const ecosystemId = ecosystemIdOf(ctx, args.ecosystemId);
      const jobName = jobNameOf(args.jobName);
      // The bulk admin actions check their filters and count in their own mutations (api/roster/bulk.ts).
      if (BULK_USER_JOBS.includes(jobName)) throw ValidationError.forField('jobName', rosterMessages.startedByOwnMutation);
      if (BULK_SESSION_JOBS.includes(jobName)) throw ValidationError.forField('jobName', sessionBulkMessages.startedByOwnMutation);
      // Its rows are checked, all or nothing, by the upload itself (decision 0041).
      if (jobName === 'inviteUsersFromFile') throw ValidationError.forField('jobName', invitationMessages.fileJobByUpload);
      const viewer = authorizeJob(ctx, ecosystemId, jobName);
      return toBatchJob(await startJob(ctx, viewer, { ecosystemId, jobName, metadata: metadataOf(args.metadata) }));
    },

    async cancelActiveBatchJobs(_root, args, ctx) {
      const ecosystemId = ecosystemIdOf(ctx, args.ecosystemId);
      authorize(ctx, { type: 'ecosystem.jobs', ecosystemId });
      return (await cancelActiveJobs(ctx, ecosystemId)).map(toBatchJob);
    },

    async createEcosystemDemoData(_root, args, ctx) {
      const ecosystemId = ecosystemIdOf(ctx, args.ecosystemId);
      const viewer = authorize(ctx, { type: 'ecosystem.demoData', ecosystemId });
      const metadata = { demoSessionsStartDate: args.demoSessionsStartDate };
      return toBatchJob(await startJob(ctx, viewer, { ecosystemId, jobName: 'createEcosystemDemoData', metadata }));
    },

    async deleteEcosystemDemoData(_root, args, ctx) {
      const ecosystemId = ecosystemIdOf(ctx, args.ecosystemId);
      const viewer = authorize(ctx, { type: 'ecosystem.demoData', ecosystemId });
      return toBatchJob(await startJob(ctx, viewer, { ecosystemId, jobName: 'deleteEcosystemDemoData', metadata: {} }));
    },
  },
};
