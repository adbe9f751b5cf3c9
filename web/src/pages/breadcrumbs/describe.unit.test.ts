import { describe, expect, it } from 'vitest';
import { AUDIT_MESSAGES } from './i18n/catalogue';
import { changedValues, eventLabel, fieldLabels, roleLabel, runLabel, targetLabel } from './describe';

describe('breadcrumb descriptions', () => {
  it('reads an edit that sets a name as a rename', () => {
    expect(eventLabel('ProgramEdited', { programId: 'p', ecosystemId: 'e', changes: { name: 'Reading Champions' } }))
      .toBe('breadcrumbs.event.ProgramRenamed');
    expect(eventLabel('ProgramEdited', { changes: { subBoard: { enabled: true } } })).toBe('breadcrumbs.event.ProgramEdited');
    expect(eventLabel('EcosystemEdited', { changes: { name: 'New name' } })).toBe('breadcrumbs.event.EcosystemRenamed');
  });

  it('labels known event types, targets and roles from the catalogue and leaves others to the server', () => {
    expect(eventLabel('SomethingNew', {})).toBeNull();
    expect(targetLabel('program')).toBe('breadcrumbs.target.program');
    expect(targetLabel('unknown')).toBeNull();
    expect(roleLabel('PLATFORM_ADMIN')).toBe('breadcrumbs.role.PLATFORM_ADMIN');
    expect(roleLabel('NEW_ROLE')).toBe('breadcrumbs.role.UNKNOWN');
    // A key that only looks like a label (an Object.prototype member) is not one.
    expect(targetLabel('constructor')).toBeNull();
  });

  it('names a job run by its job and outcome, in both languages', () => {
    const finished = runLabel({ jobName: 'createEcosystemDemoData', status: 'FINISHED' });
    expect([AUDIT_MESSAGES.en[finished], AUDIT_MESSAGES.sp[finished]]).toEqual(['Demo data created', 'Datos de demostración creados']);
    expect(runLabel({ jobName: 'somethingNew', status: 'FINISHED' })).toBe('breadcrumbs.run.other');
    for (const job of ['createEcosystemDemoData', 'deleteEcosystemDemoData']) {
      for (const status of ['QUEUED', 'SUBMITTED', 'PROCESSING', 'FINISHED', 'FAILED', 'CANCELLED']) {
        expect(runLabel({ jobName: job, status }), `${job} ${status}`).not.toBe('breadcrumbs.run.other');
      }
    }
  });

  it('labels a nested field part by part, and not at all when a part is unknown', () => {
    expect(fieldLabels('sessionSettings.tutorHoursLimitConfig.isEnabled')).toEqual([
      'breadcrumbs.field.sessionSettings', 'breadcrumbs.field.tutorHoursLimitConfig', 'breadcrumbs.field.isEnabled',
    ]);
    expect(fieldLabels('sessionSettings.madeUp')).toBeNull();
  });

  it('shows changed values by path, names first, without ids; lists joined, or counted when they hold records', () => {
    const changes = {
      programId: 'p1', ecosystemId: 'e1', isDemo: false,
      details: {
        isGlobal: false, shortName: 'rb', name: 'Reading Buddies', subBoard: { enabled: true }, sessionCapabilities: ['GROUP', 'DROP_IN'],
        customSessionProperties: [{ label: 'Room' }, { label: 'Floor' }],
      },
    };
    expect(changedValues(changes)).toEqual([
      ['name', 'Reading Buddies'], ['shortName', 'rb'], ['isDemo', false], ['isGlobal', false], ['subBoard.enabled', true],
      ['sessionCapabilities', ['GROUP', 'DROP_IN']], ['customSessionProperties', { entries: 2 }],
    ]);
    expect(changedValues(null)).toEqual([]);
  });
});
