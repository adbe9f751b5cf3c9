import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import { changedValues, eventLabel, targetLabel } from './describe';

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
