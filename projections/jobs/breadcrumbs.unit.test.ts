import { describe, expect, it } from 'vitest';
import { describeEvent } from '../audit/describe';
import type { RecordedEvent } from '../../domain/shared/events';
import { registerDemoDataBreadcrumbs } from './breadcrumbs';

registerDemoDataBreadcrumbs();

function recorded(type: string, data: unknown): RecordedEvent {
  return {
    id: '00000000-0000-4000-8000-000000000001', type, data, streamId: 'batchjob-8e7d6c5b-4a39-4f2e-8d1c-0b9a8c7d6e5f', revision: 0,
    recordedAt: '2026-11-24T10:00:00.000Z', position: { commit: 1n, prepare: 1n },
    metadata: {
      ecosystemId: null, actor: { userId: '00000000-0000-4000-8000-000000000002', role: 'SUPER_ADMIN' }, commandId: 'c', correlationId: 'c',
      causationId: 'c', occurredAt: '2026-11-24T10:00:00.000Z', schemaVersion: 1,
    },
  };
}

describe('batch-job breadcrumbs', () => {
  it('show an invitation file by its number of rows, not every row (decision 0041)', () => {
    const rows = Array.from({ length: 300 }, (_, i) => [i + 2, `p${i}@example.com`, 'P', 'Q', 'STUDENT', null, 'en']);
    const d = describeEvent(recorded('BatchJobQueued', { jobId: 'j', ecosystemId: 'e', jobName: 'inviteUsersFromFile', metadata: { rows }, createdBy: 'u' }));
    expect(d.changes).toEqual({ jobName: 'inviteUsersFromFile', rowCount: 300 });
  });

  it('show other jobs\' metadata as it is', () => {
    const d = describeEvent(recorded('BatchJobQueued', { jobId: 'j', ecosystemId: 'e', jobName: 'createEcosystemDemoData', metadata: { demoSessionsStartDate: '2026-12-01' }, createdBy: 'u' }));
    expect(d.changes).toEqual({ jobName: 'createEcosystemDemoData', demoSessionsStartDate: '2026-12-01' });
  });
});
