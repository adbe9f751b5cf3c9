// Components with graphql tags cannot be imported here (vitest runs without the Relay transform),
// so the row's wiring is checked on the store: the list query's recentBatchJob feeds DemoJobStatus.
import { createOperationDescriptor, getRequest, getSingularSelector } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import { createRelayEnvironment } from '../../relay/environment';
import { createSessionStore, memoryStorage } from '../../relay/session';
import DemoJobStatusFragment, { type DemoJobStatus_job$data } from './__generated__/DemoJobStatus_job.graphql';
import EcosystemRowFragment, { type EcosystemRow_ecosystem$data } from './__generated__/EcosystemRow_ecosystem.graphql';
import ListQuery from './__generated__/EcosystemListPaginationQuery.graphql';
import { isJobActive } from './jobState';

const ecosystemId = 'RWNvc3lzdGVtOjE=';

/** A store holding one page of the list, whose single ecosystem's newest job is in `state`. */
function listedRow(state: string, done: number, total: number) {
  const environment = createRelayEnvironment({
    session: createSessionStore(memoryStorage()), onSessionExpired: () => undefined, fetch: (() => new Promise(() => undefined)) as typeof fetch,
  });
  const operation = createOperationDescriptor(getRequest(ListQuery), { count: 20, cursor: null, searchTerm: null });
  const ecosystem = {
    __typename: 'Ecosystem', id: ecosystemId, name: 'Springfield', shortName: 'spf', type: 'ECOSYSTEM', organizationType: 'NON_PROFIT',
    archived: false, isDemoEcosystem: false, demoDataStatus: 'CREATING', city: null, state: null, tutorTerm: 'Leader', tuteeTerm: 'Learner',
    moduleTerm: 'Module',
    recentBatchJob: {
      __typename: 'BatchJob', id: 'QmF0Y2hKb2I6MQ==', jobName: 'createEcosystemDemoData', state,
      isActive: ['QUEUED', 'SUBMITTED', 'PROCESSING'].includes(state), error: null, progress: { done, total },
    },
  };
  environment.commitPayload(operation, {
    searchEcosystems: { edges: [{ cursor: 'c1', node: ecosystem }], pageInfo: { hasNextPage: false, endCursor: 'c1' } },
  });
  const row = environment.lookup(getSingularSelector(EcosystemRowFragment, { __id: ecosystemId, __fragments: { EcosystemRow_ecosystem: {} }, __fragmentOwner: operation.request }))
    .data as EcosystemRow_ecosystem$data;
  return { environment, job: row.recentBatchJob };
}

describe('the recent demo-data job of a listed ecosystem', () => {
  it('counts QUEUED, SUBMITTED and PROCESSING as running, the end states not', () => {
    for (const state of ['QUEUED', 'SUBMITTED', 'PROCESSING']) expect(isJobActive({ state, isActive: false })).toBe(true);
    for (const state of ['FINISHED', 'FAILED', 'CANCELLED']) expect(isJobActive({ state, isActive: true })).toBe(false);
    expect(isJobActive({ state: 'SOMETHING_NEW', isActive: true })).toBe(true);
  });

  it("gives DemoJobStatus a running job's state and progress from the list's own answer", () => {
    const { environment, job } = listedRow('PROCESSING', 1, 4);
    if (!job) throw new Error('no job');
    expect(isJobActive(job)).toBe(true);
    const shown = environment.lookup(getSingularSelector(DemoJobStatusFragment, job)).data as DemoJobStatus_job$data;
    expect(shown).toMatchObject({ jobName: 'createEcosystemDemoData', state: 'PROCESSING', progress: { done: 1, total: 4 } });
  });

  it('leaves a finished job out', () => {
    const { job } = listedRow('FINISHED', 4, 4);
    expect(job && isJobActive(job)).toBe(false);
  });
});
