import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import { IllegalStateError, NotFoundError } from '../shared/errors';
import { DEFAULT_ECOSYSTEM_CONFIG, ecosystemDetailsSchema, type EcosystemDetails } from './config';
import type { EcosystemEvent } from './events';
import { given } from './given';
import { archiveEcosystem, createEcosystem, editEcosystem, migrateEcosystemToProgram, unarchiveEcosystem } from './handlers';
import { ecosystemAggregate } from './state';

const ecosystemId = '3f1d2c4b-5a69-4e8f-9d0c-1b2a3c4d5e6f';
const programId = '8e7d6c5b-4a39-4f2e-8d1c-0b9a8c7d6e5f';

const details: EcosystemDetails = ecosystemDetailsSchema.parse({
  name: 'Springfield Tutoring', shortName: 'Springfield', organizationType: 'PUBLIC_DISTRICT', profileId: 'springfield',
});
const created: EcosystemEvent = { type: 'EcosystemCreated', data: { ecosystemId, details } };
const archived: EcosystemEvent = { type: 'EcosystemArchived', data: { ecosystemId } };
const migrated: EcosystemEvent = { type: 'EcosystemMigratedToProgram', data: { ecosystemId, programId } };

describe('Ecosystem: not yet created', () => {
  it('CreateEcosystem records the details with the defaults a new tenant expects', () => {
    const [event] = given(createEcosystem, []).when({
      ecosystemId, details: { name: 'Springfield Tutoring', shortName: 'Springfield', organizationType: 'PUBLIC_DISTRICT', profileId: 'springfield' },
    }).events();
    expect(event).toEqual(created);
    if (event.type !== 'EcosystemCreated') throw new Error('unexpected event');
    const d = event.data.details;
    expect([d.tutorTerm, d.tuteeTerm, d.moduleTerm]).toEqual(['Leader', 'Learner', 'Module']);
    expect(d.supportedLanguages).toEqual(['en', 'sp']);
    expect(d.sessionSettings.sessionDurations[0]).toBe(30);
    expect(d.sessionSettings.sessionInterval).toBe(15);
    expect(d.type).toBe('ECOSYSTEM');
    expect(d.payments.paymentsEnabled).toBe(false);
  });

  it('CreateEcosystem derives the short name (cut at a word) and the profile id from the name', () => {
    const [event] = given(createEcosystem, []).when({
      ecosystemId, details: { name: 'Springfield Public Schools District', organizationType: 'PUBLIC_DISTRICT' },
    }).events();
    expect(event.type === 'EcosystemCreated' && [event.data.details.shortName, event.data.details.profileId])
      .toEqual(['Springfield Public', 'springfield-public']);
  });

  it('CreateEcosystem starts from the platform defaults it is given, and the input wins over them', () => {
    const [event] = given(createEcosystem, []).when({
      ecosystemId,
      details: { name: 'Shelbyville', organizationType: 'NON_PROFIT', tuteeTerm: 'Student' },
      defaults: { ...DEFAULT_ECOSYSTEM_CONFIG, tutorTerm: 'Mentor', tuteeTerm: 'Mentee' },
    }).events();
    expect(event.type === 'EcosystemCreated' && [event.data.details.tutorTerm, event.data.details.tuteeTerm]).toEqual(['Mentor', 'Student']);
  });

  it('CreateEcosystem rejects missing and too long fields, one clear message per field', () => {
    given(createEcosystem, []).when({ ecosystemId, details: { name: '  ', shortName: 'A short name far too long', organizationType: 'SCHOOL' } })
      .thenRejects({
        name: 'Name is required.',
        shortName: 'Short name must be at most 20 characters.',
        organizationType: 'Organisation type must be one of: PUBLIC_DISTRICT, PRIVATE_SCHOOL, NON_PROFIT, FOR_PROFIT, COMMUNITY_COLLEGE.',
      });
  });

  it('CreateEcosystem rejects a missing organisation type and a malformed or reserved profile id', () => {
    given(createEcosystem, []).when({ ecosystemId, details: { name: 'Springfield', profileId: 'Not A Slug!' } })
      .thenRejects({
        organizationType: 'Organisation type is required.',
        profileId: 'Profile id may use only lowercase letters, digits and hyphens, and must start and end with a letter or digit.',
      });
    given(createEcosystem, []).when({ ecosystemId, details: { name: 'Home', organizationType: 'NON_PROFIT' } })
      .thenRejects({ profileId: 'This profile id is reserved; please choose another.' });
  });

  it('CreateEcosystem with a missing name reports the name, not the short name and profile id it would have derived', () => {
    given(createEcosystem, []).when({ ecosystemId, details: { organizationType: 'NON_PROFIT' } }).thenRejects({ name: 'Name is required.' });
  });

  it('EditEcosystem, ArchiveEcosystem, UnarchiveEcosystem and MigrateEcosystemToProgram find no ecosystem', () => {
    given(editEcosystem, []).when({ ecosystemId, changes: { name: 'X' } }).thenThrows(NotFoundError, 'This ecosystem does not exist.');
    given(archiveEcosystem, []).when({ ecosystemId }).thenThrows(NotFoundError);
    given(unarchiveEcosystem, []).when({ ecosystemId }).thenThrows(NotFoundError);
    given(migrateEcosystemToProgram, []).when({ ecosystemId, programId }).thenThrows(NotFoundError);
  });
});

describe('Ecosystem: active', () => {
  it('CreateEcosystem again is refused', () => {
    given(createEcosystem, [created]).when({ ecosystemId, details: { name: 'Again', organizationType: 'NON_PROFIT' } })
      .thenThrows(IllegalStateError, 'An ecosystem with this id already exists.');
  });

  it('EditEcosystem records only what changed, merging nested groups field by field', () => {
    given(editEcosystem, [created]).when({ ecosystemId, changes: { name: 'Springfield Learning', sessionSettings: { attendanceGraceMinutes: 5 }, tutorTerm: 'Leader' } })
      .then([{ type: 'EcosystemEdited', data: { ecosystemId, changes: { name: 'Springfield Learning', sessionSettings: { attendanceGraceMinutes: 5 } } } }]);
  });

  it('EditEcosystem that changes nothing records nothing', () => {
    given(editEcosystem, [created]).when({ ecosystemId, changes: { name: 'Springfield Tutoring' } }).then([]);
  });

  it('EditEcosystem validates the result whole, so rules across fields see the values that will hold', () => {
    given(editEcosystem, [created]).when({ ecosystemId, changes: { ratingSettings: { lowRatingThreshold: 5 }, shortName: null } })
      .thenRejects({
        'ratingSettings.lowRatingThreshold': 'Low rating threshold must be below the maximum rating.',
        shortName: 'Short name is required.',
      });
  });

  it('EditEcosystem folds into the state', () => {
    const events = given(editEcosystem, [created]).when({ ecosystemId, changes: { city: 'Springfield', sessionSettings: { sessionDurations: [60] } } }).events();
    const state = fold(ecosystemAggregate, [created, ...events]);
    expect(state.status === 'active' && [state.details.city, state.details.sessionSettings.sessionDurations, state.details.sessionSettings.sessionInterval])
      .toEqual(['Springfield', [60], 15]);
  });

  it('ArchiveEcosystem archives it; UnarchiveEcosystem is refused', () => {
    given(archiveEcosystem, [created]).when({ ecosystemId }).then([archived]);
    given(unarchiveEcosystem, [created]).when({ ecosystemId }).thenThrows(IllegalStateError, 'This ecosystem is not archived.');
  });

  it('MigrateEcosystemToProgram records the program it becomes, once', () => {
    given(migrateEcosystemToProgram, [created]).when({ ecosystemId, programId }).then([migrated]);
    given(migrateEcosystemToProgram, [created, migrated]).when({ ecosystemId, programId })
      .thenThrows(IllegalStateError, 'This ecosystem has already been migrated to a program.');
  });
});

describe('Ecosystem: archived', () => {
  it('ArchiveEcosystem again is an illegal state', () => {
    given(archiveEcosystem, [created, archived]).when({ ecosystemId }).thenThrows(IllegalStateError, 'This ecosystem is already archived.');
  });

  it('UnarchiveEcosystem makes it active again', () => {
    given(unarchiveEcosystem, [created, archived]).when({ ecosystemId }).then([{ type: 'EcosystemUnarchived', data: { ecosystemId } }]);
    expect(fold(ecosystemAggregate, [created, archived, { type: 'EcosystemUnarchived', data: { ecosystemId } }]).status).toBe('active');
  });

  it('EditEcosystem and MigrateEcosystemToProgram are refused until it is unarchived', () => {
    given(editEcosystem, [created, archived]).when({ ecosystemId, changes: { name: 'X' } })
      .thenThrows(IllegalStateError, 'This ecosystem is archived; unarchive it before changing it.');
    given(migrateEcosystemToProgram, [created, archived]).when({ ecosystemId, programId }).thenThrows(IllegalStateError);
  });
});
