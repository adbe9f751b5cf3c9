/**
 * Per-request batching of the job fields of Ecosystem (recentBatchJob, demoDataStatus) through
 * api/loaders.ts: a list of fifty ecosystems asks for its rows' jobs in one query, not fifty.
 */
import { batchJobResults, demoDataStatuses, recentBatchJobs, type BatchJobRow, type DemoDataStatus } from '../../projections/jobs';
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

const results: LoaderSpec<string, Record<string, unknown> | null> = {
  name: 'batchJobResultById',
  fetch: (client, jobIds) => batchJobResults(client, jobIds),
};

interface JobLoaders {
  recentJob: (ecosystemId: string) => Promise<BatchJobRow | null>;
  demoDataStatus: (ecosystemId: string) => Promise<DemoDataStatus | null>;
  /** A job's result, for rows read without it (recentJob). */
  result: (jobId: string) => Promise<Record<string, unknown> | null>;
}

export function jobLoaders(ctx: RequestContext): JobLoaders {
  return {
    recentJob: (ecosystemId) => loaderOf(ctx, recentJobs).load(ecosystemId),
    demoDataStatus: (ecosystemId) => loaderOf(ctx, demoData).load(ecosystemId),
    result: (jobId) => loaderOf(ctx, results).load(jobId),
  };
}
