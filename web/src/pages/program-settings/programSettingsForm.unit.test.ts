import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyProperty, formOf, formPath, ordered, PROFILE_TYPES, propertyInput, settingsChanges, validateSettings, type StoredSettings,
} from './programSettingsForm';

const stored: StoredSettings = {
  sessionCapabilities: ['GROUP', 'ONE_ON_ONE'],
  sessions: {
    sessionCreateProfileTypes: ['Tutor', 'Admin'],
    sessionEditProfileTypes: ['Admin'],
    sessionCancelProfileTypes: ['Admin'],
    sessionRecordingsProfileTypes: ['Admin'],
    sessionJoinMinutesPrior: 10,
    zoomEnabled: false,
    tutorEditSessionParticipants: false,
    studentWeeklyReportToParents: false,
    customSessionProperties: [{
      id: 'level', label: 'Level', description: null, internalKeyName: 'level', fieldType: 'SINGLE_SELECT', required: true,
      options: [{ label: 'Beginner', value: 'b', description: null }, { label: 'Advanced', value: 'a', description: 'Hard' }],
    }],
  },
  tutorSelfCheckInOut: false,
  tutorAddNonPairedUsers: false,
  multipleTutorsPerSession: false,
  disableProgramRecordings: false,
  lessonspace: { recordingEnabled: false, autoStartRecording: false },
  sessionNotifications: {
    edited: { recipientTypes: ['TUTOR', 'STUDENT'], notificationTypes: ['EMAIL'] },
    cancelled: { recipientTypes: ['STUDENT'], notificationTypes: ['EMAIL'] },
  },
};

describe('the session settings form', () => {
  it('sends nothing when nothing changed', () => {
    expect(settingsChanges(formOf(stored), formOf(stored))).toEqual({});
  });

  it('sends only the changed settings, inside their groups', () => {
    const before = formOf(stored);
    const after = formOf(stored);
    after.tutorSelfCheckInOut = true;
    after.sessions.sessionJoinMinutesPrior = ' 25 ';
    after.lessonspace.recordingEnabled = true;
    expect(settingsChanges(before, after)).toEqual({
      tutorSelfCheckInOut: true, sessions: { sessionJoinMinutesPrior: 25 }, lessonspace: { recordingEnabled: true },
    });
  });

  it('ticking a choice off and on again, in any order, is no change', () => {
    fc.assert(fc.property(fc.shuffledSubarray([...PROFILE_TYPES]), (picked) => {
      const before = formOf(stored);
      const after = formOf(stored);
      after.sessions.sessionEditProfileTypes = ordered(PROFILE_TYPES, [...picked].reverse());
      const sent = settingsChanges(before, after);
      const expected = ordered(PROFILE_TYPES, picked);
      if (JSON.stringify(expected) === JSON.stringify(['Admin'])) expect(sent).toEqual({});
      else expect(sent).toEqual({ sessions: { sessionEditProfileTypes: expected } });
    }));
  });

  it('sends the whole property list when one is added, keeping stored ids and option values', () => {
    const before = formOf(stored);
    const after = formOf(stored);
    after.sessions.customSessionProperties[0] = { ...after.sessions.customSessionProperties[0]!, options: 'Advanced\nBeginner\nExpert\n' };
    after.sessions.customSessionProperties.push({ ...emptyProperty(), label: ' Room ', internalKeyName: 'room' });
    expect(settingsChanges(before, after)).toEqual({ sessions: { customSessionProperties: [
      { id: 'level', label: 'Level', description: null, internalKeyName: 'level', fieldType: 'SINGLE_SELECT', type: 'SESSION', required: true,
        options: [
          { label: 'Advanced', value: 'a', description: 'Hard' }, { label: 'Beginner', value: 'b', description: null },
          { label: 'Expert', value: 'Expert', description: null },
        ] },
      { label: 'Room', description: null, internalKeyName: 'room', fieldType: 'TEXT', type: 'SESSION', required: false, options: [] },
    ] } });
  });

  it('drops options of fields that are not choices', () => {
    expect(propertyInput({ ...emptyProperty(), fieldType: 'NUMBER', options: 'a\nb' }).options).toEqual([]);
  });

  it('refuses a join time that is not a whole number, and maps server paths to its fields', () => {
    const f = formOf(stored);
    expect(validateSettings(f)).toEqual({});
    f.sessions.sessionJoinMinutesPrior = '1.5';
    expect(validateSettings(f)).toEqual({ 'sessions.sessionJoinMinutesPrior': 'programSettings.wholeMinutes' });
    f.sessions.sessionJoinMinutesPrior = '';
    expect(Object.keys(validateSettings(f))).toEqual(['sessions.sessionJoinMinutesPrior']);
    expect(formPath('programInput.sessions.customSessionProperties.0.label')).toBe('sessions.customSessionProperties.0.label');
  });
});
