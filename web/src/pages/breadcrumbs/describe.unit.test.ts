import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import { es } from '../../i18n/es';
import { changedValues, eventLabel, targetLabel } from './describe';

/**
 * Every aggregate of domain/registry.ts: its stream category (the breadcrumb's targetType) and
 * the keys of its eventSchemas. web/ may not import server code, so this copy is kept by hand:
 * when an aggregate or an event type is added on the server, add it here and label it.
 */
const AGGREGATES: Record<string, readonly string[]> = {
  ecosystem: ['EcosystemCreated', 'EcosystemEdited', 'EcosystemArchived', 'EcosystemUnarchived', 'EcosystemMigratedToProgram'],
  platformconfig: ['PlatformEcosystemConfigUpdated'],
  ecosystemprofile: ['EcosystemProfileIdClaimed', 'EcosystemProfileIdReleased'],
  program: ['ProgramCreated', 'ProgramEdited', 'ProgramArchived', 'ProgramUnarchived', 'ProgramDeleted'],
  user: ['UserRegistered', 'EcosystemRoleGranted', 'EcosystemRoleRevoked', 'UserPasswordChanged'],
  useremail: ['UserEmailReserved'],
  batchjob: ['BatchJobQueued', 'BatchJobSubmitted', 'BatchJobStarted', 'BatchJobProgressed', 'BatchJobFinished', 'BatchJobFailed', 'BatchJobCancelled'],
  demodata: [
    'DemoDataCreationBegan', 'DemoDataItemAdded', 'DemoDataCreated', 'DemoDataCreationAbandoned',
    'DemoDataDeletionBegan', 'DemoDataItemRemoved', 'DemoDataDeleted', 'DemoDataDeletionAbandoned',
  ],
  featureflags: ['FeatureFlagChanged'],
};

describe('breadcrumb descriptions', () => {
  it('reads an edit that sets a name as a rename', () => {
    expect(eventLabel('ProgramEdited', { programId: 'p', ecosystemId: 'e', changes: { name: 'Reading Champions' } }))
      .toBe('breadcrumbs.event.ProgramRenamed');
    expect(eventLabel('ProgramEdited', { changes: { subBoard: { enabled: true } } })).toBe('breadcrumbs.event.ProgramEdited');
    expect(eventLabel('EcosystemEdited', { changes: { name: 'New name' } })).toBe('breadcrumbs.event.EcosystemRenamed');
  });

  it('labels every known event type from the catalogue and leaves others to the server summary', () => {
    for (const type of ['EcosystemCreated', 'ProgramCreated', 'ProgramArchived', 'BatchJobFinished']) {
      const label = eventLabel(type, {});
      expect(label && en[label]).toBeTruthy();
    }
    expect(eventLabel('SomethingNew', {})).toBeNull();
    expect(targetLabel('program')).toBe('breadcrumbs.target.program');
    expect(targetLabel('unknown')).toBeNull();
  });

  it('labels every event type and every target of every aggregate in English and Spanish', () => {
    const unlabelled: string[] = [];
    for (const [category, eventTypes] of Object.entries(AGGREGATES)) {
      const target = targetLabel(category);
      if (!target || !en[target]?.trim() || !es[target]?.trim()) unlabelled.push(`target ${category}`);
      for (const type of eventTypes) {
        const label = eventLabel(type, {});
        if (!label || !en[label]?.trim() || !es[label]?.trim()) unlabelled.push(type);
      }
    }
    expect(unlabelled).toEqual([]);
    // The renames the web app reads from an edit's changes are labelled too.
    for (const label of ['breadcrumbs.event.EcosystemRenamed', 'breadcrumbs.event.ProgramRenamed'] as const) {
      expect(en[label] && es[label]).toBeTruthy();
    }
  });

  it('shows changed values by path, names first, without ids or lists', () => {
    const changes = {
      programId: 'p1', ecosystemId: 'e1', isDemo: false,
      details: { isGlobal: false, shortName: 'rb', name: 'Reading Buddies', subBoard: { enabled: true }, sessionCapabilities: ['GROUP'] },
    };
    expect(changedValues(changes)).toEqual([
      ['name', 'Reading Buddies'], ['shortName', 'rb'], ['isDemo', false], ['isGlobal', false], ['subBoard.enabled', true],
    ]);
    expect(changedValues(null)).toEqual([]);
  });
});
