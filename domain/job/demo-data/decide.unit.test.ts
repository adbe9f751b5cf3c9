import { describe, expect, it } from 'vitest';
import { fold } from '../../shared/decider';
import { IllegalStateError } from '../../shared/errors';
import type { DemoDataCommand } from './commands';
import { decide } from './decide';
import type { DemoDataEvent, DemoItem } from './events';
import { demoDataAggregate } from './state';

const ecosystemId = '0e2f3c55-8a3b-4bd8-b6c7-2f8f0e6d4a22';
const jobA = '5b3f7f2e-1d7c-4a53-9d43-0d9f4b0b6a11';
const jobB = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const item: DemoItem = { kind: 'program', id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a', label: 'Demo program' };

const began: DemoDataEvent = { type: 'DemoDataCreationBegan', data: { ecosystemId, jobId: jobA, demoSessionsStartDate: '2026-12-01' } };
const added: DemoDataEvent = { type: 'DemoDataItemAdded', data: { ecosystemId, jobId: jobA, item } };
const created: DemoDataEvent = { type: 'DemoDataCreated', data: { ecosystemId, jobId: jobA } };
const deletionBegan: DemoDataEvent = { type: 'DemoDataDeletionBegan', data: { ecosystemId, jobId: jobB } };
const removed: DemoDataEvent = { type: 'DemoDataItemRemoved', data: { ecosystemId, jobId: jobB, itemId: item.id } };

function given(events: DemoDataEvent[]) {
  const state = fold(demoDataAggregate, events);
  return {
    when(command: DemoDataCommand) {
      const run = () => decide(command, state);
      return {
        then: (expected: DemoDataEvent[]) => expect(run()).toEqual(expected),
        thenThrows: (conflictType: string) => {
          expect(run).toThrow(IllegalStateError);
          try { run(); } catch (err) { expect((err as IllegalStateError).conflictType).toBe(conflictType); }
        },
      };
    },
  };
}

const begin = (jobId: string): DemoDataCommand => ({ type: 'BeginDemoDataCreation', data: { ecosystemId, jobId, demoSessionsStartDate: '2026-12-01' } });

describe('DemoData ledger', () => {
  describe('when ABSENT', () => {
    it('begins creation, keeping the demo sessions start date', () => given([]).when(begin(jobA)).then([began]));
    it('has nothing to delete', () => given([]).when({ type: 'BeginDemoDataDeletion', data: { ecosystemId, jobId: jobB } }).thenThrows('NO_DEMO_DATA'));
  });

  describe('when CREATING', () => {
    it('ignores the same job beginning again (a retried activity)', () => given([began]).when(begin(jobA)).then([]));
    it('refuses a second creation job: no duplicate demo data', () => given([began]).when(begin(jobB)).thenThrows('DEMO_DATA_BUSY'));
    it('records each item once', () => {
      given([began]).when({ type: 'AddDemoDataItem', data: { ecosystemId, jobId: jobA, item } }).then([added]);
      given([began, added]).when({ type: 'AddDemoDataItem', data: { ecosystemId, jobId: jobA, item } }).then([]);
    });
    it('refuses items from another job', () => given([began]).when({ type: 'AddDemoDataItem', data: { ecosystemId, jobId: jobB, item } }).thenThrows('DEMO_DATA_NOT_THIS_JOB'));
    it('refuses deletion until creation ends', () => given([began]).when({ type: 'BeginDemoDataDeletion', data: { ecosystemId, jobId: jobB } }).thenThrows('DEMO_DATA_BUSY'));
    it('abandons, keeping what was added for deletion', () => {
      given([began, added]).when({ type: 'AbandonDemoDataCreation', data: { ecosystemId, jobId: jobA, reason: 'cancelled' } })
        .then([{ type: 'DemoDataCreationAbandoned', data: { ecosystemId, jobId: jobA, reason: 'cancelled' } }]);
      expect(fold(demoDataAggregate, [began, added, { type: 'DemoDataCreationAbandoned', data: { ecosystemId, jobId: jobA, reason: 'x' } }]))
        .toMatchObject({ status: 'PRESENT', complete: false, items: [item] });
    });
    it('ignores abandonment by a job that is not creating', () => {
      given([began]).when({ type: 'AbandonDemoDataCreation', data: { ecosystemId, jobId: jobB, reason: 'x' } }).then([]);
    });
  });

  describe('when PRESENT', () => {
    const present = [began, added, created];
    it('refuses to create again: no duplicates', () => given(present).when(begin(jobB)).thenThrows('DEMO_DATA_EXISTS'));
    it('ignores a repeated completion by the creating job', () => {
      given(present).when({ type: 'CompleteDemoDataCreation', data: { ecosystemId, jobId: jobA } }).then([]);
    });
    it('begins deletion', () => given(present).when({ type: 'BeginDemoDataDeletion', data: { ecosystemId, jobId: jobB } }).then([deletionBegan]));
  });

  describe('when DELETING', () => {
    const deleting = [began, added, created, deletionBegan];
    it('removes items once, then completes', () => {
      given(deleting).when({ type: 'RemoveDemoDataItem', data: { ecosystemId, jobId: jobB, itemId: item.id } }).then([removed]);
      given([...deleting, removed]).when({ type: 'RemoveDemoDataItem', data: { ecosystemId, jobId: jobB, itemId: item.id } }).then([]);
      given([...deleting, removed]).when({ type: 'CompleteDemoDataDeletion', data: { ecosystemId, jobId: jobB } })
        .then([{ type: 'DemoDataDeleted', data: { ecosystemId, jobId: jobB } }]);
    });
    it('refuses to say "deleted" while items remain', () => {
      given(deleting).when({ type: 'CompleteDemoDataDeletion', data: { ecosystemId, jobId: jobB } }).thenThrows('DEMO_ITEMS_REMAIN');
    });
    it('returns to ABSENT once deleted, so demo data can be created again', () => {
      given([...deleting, removed, { type: 'DemoDataDeleted', data: { ecosystemId, jobId: jobB } }]).when(begin(jobA)).then([began]);
    });
    it('goes back to PRESENT with the remaining items when abandoned', () => {
      const state = fold(demoDataAggregate, [...deleting, { type: 'DemoDataDeletionAbandoned', data: { ecosystemId, jobId: jobB, reason: 'x' } }]);
      expect(state).toMatchObject({ status: 'PRESENT', items: [item], complete: false });
    });
  });
});
