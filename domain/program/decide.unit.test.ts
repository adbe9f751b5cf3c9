import { describe, expect, it } from 'vitest';
import { ecosystemDetailsSchema } from '../ecosystem/config';
import { given } from '../ecosystem/given';
import { fold } from '../shared/decider';
import { IllegalStateError, NotFoundError } from '../shared/errors';
import { programDetailsSchema } from './config';
import type { ProgramEvent } from './events';
import { programDefaultsFromEcosystem, programDetailsFromEcosystem } from './fromEcosystem';
import { archiveProgram, createProgram, deleteDemoProgram, editProgram, unarchiveProgram } from './handlers';
import { programAggregate } from './state';

const programId = '8e7d6c5b-4a39-4f2e-8d1c-0b9a8c7d6e5f';
const ecosystemId = '3f1d2c4b-5a69-4e8f-9d0c-1b2a3c4d5e6f';
const ids = { programId, ecosystemId };
const details = programDetailsSchema.parse({ name: 'After-school Math', shortName: 'Math' });
const created: ProgramEvent = { type: 'ProgramCreated', data: { ...ids, details, isDemo: false } };
const demoCreated: ProgramEvent = { type: 'ProgramCreated', data: { ...ids, details, isDemo: true } };
const archived: ProgramEvent = { type: 'ProgramArchived', data: ids };
const deleted: ProgramEvent = { type: 'ProgramDeleted', data: ids };

describe('Program: not yet created', () => {
  it('CreateProgram records the program with its defaults', () => {
    const [event] = given(createProgram, []).when({ ...ids, details: { name: 'After-school Math', shortName: 'Math' } }).events();
    expect(event).toEqual(created);
    if (event.type !== 'ProgramCreated') throw new Error('unexpected event');
    expect(event.data.details.sessionCapabilities).toEqual(['ONE_ON_ONE', 'GROUP', 'DROP_IN']);
    expect(event.data.details.tutorFlowConfig.email).toEqual({ enabled: true, required: true });
    expect(event.data.details.subBoard).toEqual({ enabled: true, visibleToTutors: true });
  });

  it('CreateProgram derives a short name and starts from the settings inherited from its ecosystem', () => {
    const ecosystem = ecosystemDetailsSchema.parse({
      name: 'Springfield', shortName: 'Springfield', organizationType: 'NON_PROFIT', profileId: 'springfield',
      tutoringRequestType: 'PAIR', header: { findTuteesButtonEnabled: true }, adminContactInfo: { email: 'admin@springfield.org' },
    });
    const [event] = given(createProgram, []).when({ ...ids, details: { name: 'Saturday Reading Club for Families' }, defaults: programDefaultsFromEcosystem(ecosystem) }).events();
    if (event.type !== 'ProgramCreated') throw new Error('unexpected event');
    const d = event.data.details;
    expect([d.shortName, d.tutoringRequestType, d.header.findTuteesButtonEnabled, d.adminContactInfo.email])
      .toEqual(['Saturday Reading', 'PAIR', true, 'admin@springfield.org']);
  });

  it('CreateProgram of a migrated ecosystem makes a global program with the ecosystem names', () => {
    const ecosystem = ecosystemDetailsSchema.parse({ name: 'Springfield Tutoring', shortName: 'Springfield', organizationType: 'NON_PROFIT', profileId: 'springfield' });
    const [event] = given(createProgram, []).when({ ...ids, details: programDetailsFromEcosystem(ecosystem) }).events();
    expect(event.type === 'ProgramCreated' && [event.data.details.name, event.data.details.shortName, event.data.details.isGlobal])
      .toEqual(['Springfield Tutoring', 'Springfield', true]);
  });

  it('CreateProgram rejects bad fields one message per field', () => {
    given(createProgram, []).when({
      ...ids,
      details: { name: '', shortName: 'Much too long a short name', sessionCapabilities: [], tutorFlowConfig: { biography: { enabled: false, required: true } } },
    }).thenRejects({
      name: 'Name is required.',
      shortName: 'Short name must be at most 20 characters.',
      sessionCapabilities: 'Choose at least one session type.',
      'tutorFlowConfig.biography.required': 'Biography cannot be required when it is not shown.',
    });
  });

  it('CreateProgram with a bad name reports the name only, not the short name it would have derived', () => {
    given(createProgram, []).when({ ...ids, details: { name: '  ' } }).thenRejects({ name: 'Name is required.' });
    given(createProgram, []).when({ ...ids, details: { name: null, shortName: '' } }).thenRejects({ name: 'Name is required.', shortName: 'Short name is required.' });
  });

  it('EditProgram, ArchiveProgram and UnarchiveProgram find no program; DeleteDemoProgram has nothing to do', () => {
    given(editProgram, []).when({ programId, changes: { name: 'X' } }).thenThrows(NotFoundError, 'This program does not exist.');
    given(archiveProgram, []).when({ programId }).thenThrows(NotFoundError);
    given(unarchiveProgram, []).when({ programId }).thenThrows(NotFoundError);
    given(deleteDemoProgram, []).when({ programId }).then([]);
  });
});

describe('Program: active', () => {
  it('EditProgram renames it and records only the change', () => {
    given(editProgram, [created]).when({ programId, changes: { name: 'Evening Math', sessions: { sessionJoinMinutesPrior: 10 } } })
      .then([{ type: 'ProgramEdited', data: { ...ids, changes: { name: 'Evening Math' } } }]);
  });

  it('EditProgram validates the merged result', () => {
    given(editProgram, [created]).when({ programId, changes: { lessonspace: { autoStartRecording: true }, sessions: { sessionJoinMinutesPrior: -1 } } })
      .thenRejects({
        'lessonspace.autoStartRecording': 'Automatic recording needs lesson recording on.',
        'sessions.sessionJoinMinutesPrior': 'Minutes before a session it may be joined must be at least 0.',
      });
  });

  it('EditProgram folds into the state', () => {
    const events = given(editProgram, [created]).when({ programId, changes: { subBoard: { visibleToTutors: false } } }).events();
    const state = fold(programAggregate, [created, ...events]);
    expect(state.status === 'active' && state.details.subBoard).toEqual({ enabled: true, visibleToTutors: false });
  });

  it('ArchiveProgram archives it; UnarchiveProgram is refused', () => {
    given(archiveProgram, [created]).when({ programId }).then([archived]);
    given(unarchiveProgram, [created]).when({ programId }).thenThrows(IllegalStateError, 'This program is not archived.');
  });

  it('DeleteDemoProgram refuses a real program', () => {
    given(deleteDemoProgram, [created]).when({ programId }).thenThrows(IllegalStateError, 'Only demo programs can be deleted; archive this program instead.');
  });

  it('DeleteDemoProgram deletes a demo program, and then nothing is left to act on', () => {
    given(deleteDemoProgram, [demoCreated]).when({ programId }).then([deleted]);
    given(deleteDemoProgram, [demoCreated, deleted]).when({ programId }).then([]);
    given(editProgram, [demoCreated, deleted]).when({ programId, changes: { name: 'X' } }).thenThrows(NotFoundError);
    given(createProgram, [demoCreated, deleted]).when({ ...ids, details: { name: 'Again' } }).thenThrows(IllegalStateError);
  });
});

describe('Program: archived', () => {
  it('ArchiveProgram again is an illegal state; UnarchiveProgram restores it', () => {
    given(archiveProgram, [created, archived]).when({ programId }).thenThrows(IllegalStateError, 'This program is already archived.');
    given(unarchiveProgram, [created, archived]).when({ programId }).then([{ type: 'ProgramUnarchived', data: ids }]);
  });

  it('EditProgram is refused until it is unarchived', () => {
    given(editProgram, [created, archived]).when({ programId, changes: { name: 'X' } })
      .thenThrows(IllegalStateError, 'This program is archived; unarchive it before changing it.');
  });

  it('DeleteDemoProgram deletes an archived demo program too', () => {
    given(deleteDemoProgram, [demoCreated, archived]).when({ programId }).then([deleted]);
  });
});
