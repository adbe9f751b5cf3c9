import { describe, expect, it } from 'vitest';
import { describeEvent } from '../audit/describe';
import type { RecordedEvent } from '../../domain/shared/events';
import './index';

function recorded(type: string, data: unknown, streamId = 'program-8e7d6c5b-4a39-4f2e-8d1c-0b9a8c7d6e5f'): RecordedEvent {
  return {
    id: '00000000-0000-4000-8000-000000000001', type, data, streamId, revision: 1, recordedAt: '2026-11-22T10:00:00.000Z',
    position: { commit: 1n, prepare: 1n },
    metadata: {
      ecosystemId: null, actor: { userId: '00000000-0000-4000-8000-000000000002', role: 'PLATFORM_ADMIN' }, commandId: 'c', correlationId: 'c',
      causationId: 'c', occurredAt: '2026-11-22T10:00:00.000Z', schemaVersion: 1,
    },
  };
}

describe('tenant breadcrumbs', () => {
  it('read as sentences with what changed', () => {
    expect(describeEvent(recorded('ProgramEdited', { changes: { name: 'Reading Buddies' } }))).toEqual({
      summary: 'Program renamed to Reading Buddies', changes: { name: 'Reading Buddies' }, targetName: 'Reading Buddies', decodeError: null,
    });
    expect(describeEvent(recorded('ProgramEdited', { changes: { subBoard: { enabled: false }, showFiloButton: true } })).summary)
      .toBe('Edited the program: sub board, show filo button');
    expect(describeEvent(recorded('EcosystemEdited', { changes: { name: 'Springfield', tutorTerm: 'Mentor' } })).summary)
      .toBe('Ecosystem renamed to Springfield; changed tutor term');
    expect(describeEvent(recorded('ProgramArchived', {})).summary).toBe('Archived the program');
  });

  it('list the identity of a created tenant, not its whole configuration', () => {
    const d = describeEvent(recorded('ProgramCreated', { details: { name: 'Math', shortName: 'Math', isGlobal: false, sessions: {} }, isDemo: true }));
    expect(d).toEqual({ summary: 'Created program Math', changes: { name: 'Math', shortName: 'Math', isGlobal: false, isDemo: true }, targetName: 'Math', decodeError: null });
  });
});
