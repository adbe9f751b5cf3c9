// Components with graphql tags cannot be imported here (vitest runs without the Relay transform),
// so the row's wiring is checked on the store: the recent-job query feeds DemoJobStatus's fragment.
import { createOperationDescriptor, getRequest, getSingularSelector } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import { createRelayEnvironment } from '../../relay/environment';
import { createSessionStore, memoryStorage } from '../../relay/session';
import DemoJobStatusFragment, { type DemoJobStatus_job$data } from './__generated__/DemoJobStatus_job.graphql';
import useRecentJobQuery, { type useRecentJobQuery$data } from './__generated__/useRecentJobQuery.graphql';
import { isJobActive } from './jobState';

const ecosystemId = 'RWNvc3lzdGVtOjE=';

/** A store holding the answer of the row's recent-job query, as after a page reload. */
function recentJob(state: string, done: number, total: number) {
  const environment = createRelayEnvironment({
    session: createSessionStore(memoryStorage()), onSessionExpired: () => undefined, fetch: (() => new Promise(() => undefined)) as typeof fetch,
  });
  const operation = createOperationDescriptor(getRequest(useRecentJobQuery), { ecosystemId });
  environment.commitPayload(operation, {
    getRecentBatchJob: {
      __typename: 'BatchJob', id: 'QmF0Y2hKb2I6MQ==', jobName: 'createEcosystemDemoData', state,
      isActive: ['QUEUED', 'SUBMITTED', 'PROCESSING'].includes(state), error: null, progress: { done, total },
    },
  });
  const data = environment.lookup(operation.fragment).data as useRecentJobQuery$data;
  return { environment, job: data.getRecentBatchJob };
}

describe('the recent demo-data job of a row', () => {
  it('counts QUEUED, SUBMITTED and PROCESSING as running, the end states not', () => {
    for (const state of ['QUEUED', 'SUBMITTED', 'PROCESSING']) expect(isJobActive({ state, isActive: false })).toBe(true);
    for (const state of ['FINISHED', 'FAILED', 'CANCELLED']) expect(isJobActive({ state, isActive: true })).toBe(false);
    expect(isJobActive({ state: 'SOMETHING_NEW', isActive: true })).toBe(true);
  });

  it("gives DemoJobStatus a running job's state and progress from the recent-job query", () => {
    const { environment, job } = recentJob('PROCESSING', 1, 4);
    expect(job && isJobActive(job)).toBe(true);
    if (!job) throw new Error('no job');
    const shown = environment.lookup(getSingularSelector(DemoJobStatusFragment, job)).data as DemoJobStatus_job$data;
    expect(shown).toMatchObject({ jobName: 'createEcosystemDemoData', state: 'PROCESSING', progress: { done: 1, total: 4 } });
  });

  it('leaves a finished job out', () => {
    const { job } = recentJob('FINISHED', 4, 4);
    expect(job && isJobActive(job)).toBe(false);
  });
});
