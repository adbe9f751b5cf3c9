/**
 * Per-request batching of the job fields of Ecosystem (recentBatchJob, demoDataStatus) through
 * api/loaders.ts: a list of fifty ecosystems asks for its rows' jobs in one query, not fifty.
 */
import { demoDataStatuses, recentBatchJobs, type BatchJobRow, type DemoDataStatus } from '../../projections/jobs';
import type { RequestContext } from '../context';
import { loaderOf, type LoaderSpec } from '../loaders';

const recentJobs: LoaderSpec<string, BatchJobRow> = {
  name: 'recentBatchJobByEcosystem',
  fetch: async (client, ecosystemIds) => new Map((await recentBatchJobs(client, ecosystemIds)).map((row) => [row.ecosystemId, row])),
};

const demoData: LoaderSpec<string, DemoDataStatus> = {
  name: 'demoDataStatusByEcosystem',
  fetch: (client, ecosystemIds) => demoDataStatuses(client, ecosystemIds),
};

interface JobLoaders {
  recentJob: (ecosystemId: string) => Promise<BatchJobRow | null>;
  demoDataStatus: (ecosystemId: string) => Promise<DemoDataStatus | null>;
}

export function jobLoaders(ctx: RequestContext): JobLoaders {
  return {
    recentJob: (ecosystemId) => loaderOf(ctx, recentJobs).load(ecosystemId),
    demoDataStatus: (ecosystemId) => loaderOf(ctx, demoData).load(ecosystemId),
  };
}
