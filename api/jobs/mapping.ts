/** Read-model rows as the GraphQL BatchJob type, and the Relay node loader for it. */
import { z } from 'zod';
import { isActive } from '../../domain/job/state';
import { can } from '../../domain/shared/permissions';
import { findBatchJob, type BatchJobRow } from '../../projections/jobs';
import type { BatchJob } from '../__generated__/resolvers';
import { registerNodeType, toGlobalId } from '../relay';

export function toBatchJob(row: BatchJobRow): BatchJob {
  return {
    __typename: 'BatchJob',
    id: toGlobalId('BatchJob', row.id),
    jobId: row.id,
    ecosystemId: row.ecosystemId,
    jobName: row.jobName,
    metadata: row.metadata,
    state: row.state,
    isActive: isActive(row.state),
    progress: { done: row.progressDone, total: row.progressTotal },
    error: row.error,
    result: row.result,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    finishedAt: row.finishedAt,
  };
}

const uuid = z.uuid();

// Row-level security hides other tenants' jobs; within a tenant, jobs are for those who manage them.
registerNodeType('BatchJob', async (ctx, id) => {
  const viewer = ctx.viewer;
  if (!viewer || !uuid.safeParse(id).success) return null;
  const row = await ctx.read((client) => findBatchJob(client, id));
  return row && can(viewer, { type: 'ecosystem.jobs', ecosystemId: row.ecosystemId }) ? toBatchJob(row) : null;
});
