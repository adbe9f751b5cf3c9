import { describe, expect, it } from 'vitest';
import { errorAt, formErrors, initialValues, mayEdit, toInput, type StoredSettings } from './settingsForm';

const stored: StoredSettings = {
  sessionSettings: {
    tuteeBookEnabled: true, overlapChecksEnabled: true, onlyJoinSessionsToday: false, attendanceGraceMinutes: 10,
    sessionDurations: [30, 45, 60], sessionInterval: 15, sessionAdvanceDayLimit: 90,
    tutorHoursLimitConfig: { isEnabled: false, limits: [{ programIds: ['UHJvZ3JhbTox'], weeklyHourLimit: 10 }] },
  },
  supportedHours: [{ day: 1, startTime: '09:00', endTime: '17:00' }],
  timeBufferConfig: { enabled: false, lengthMinutes: 15 },
  sessionLimits: { sessionLimitType: 'NONE', minuteLimit: null, resetDate: null },
  courseSectionConfig: { enabled: false, maxEnrollments: 20, dropDeadlineDays: 7 },
};

describe('the scheduling settings form', () => {
  it('sends nothing when nothing changed', () => {
    expect(toInput(initialValues(stored), initialValues(stored))).toEqual({ ok: true, input: {} });
  });

  it('sends only the changed session settings fields and whole changed groups', () => {
    const before = initialValues(stored);
    const after = {
      ...before, sessionInterval: '30', overlapChecksEnabled: false,
      sessionDurations: [...before.sessionDurations.slice(0, 2), { key: 99, minutes: '75' }],
      supportedHours: [...before.supportedHours, { key: 98, day: '2', startTime: '10:00', endTime: '12:00' }],
    };
    expect(toInput(before, after)).toEqual({
      ok: true,
      input: {
        sessionSettings: { overlapChecksEnabled: false, sessionDurations: [30, 45, 75], sessionInterval: 30 },
        supportedHours: [{ day: 1, startTime: '09:00', endTime: '17:00' }, { day: 2, startTime: '10:00', endTime: '12:00' }],
      },
    });
  });

  it('sends the tutor hour limits whole, and an emptied minute limit as null', () => {
    const before = initialValues({ ...stored, sessionLimits: { sessionLimitType: 'WEEKLY', minuteLimit: 600, resetDate: '2026-01-01' } });
    const after = { ...before, tutorLimitsEnabled: true, minuteLimit: ' ', limitType: 'NONE' as const };
    expect(toInput(before, after)).toEqual({
      ok: true,
      input: {
        sessionSettings: { tutorHoursLimitConfig: { isEnabled: true, limits: [{ programIds: ['UHJvZ3JhbTox'], weeklyHourLimit: 10 }] } },
        sessionLimits: { sessionLimitType: 'NONE', minuteLimit: null, resetDate: '2026-01-01' },
      },
    });
  });

  it('names the first field whose text is not a number', () => {
    const before = initialValues(stored);
    const durations = [before.sessionDurations[0], { key: 1, minutes: 'x' }];
    expect(toInput(before, { ...before, sessionDurations: durations })).toEqual({ ok: false, field: 'sessionSettings.sessionDurations.1' });
    expect(toInput(before, { ...before, bufferMinutes: '' })).toEqual({ ok: false, field: 'timeBufferConfig.lengthMinutes' });
  });

  it('puts the server\'s field paths on the form\'s controls', () => {
    const errors = formErrors({
      'ecosystemInput.sessionSettings.sessionDurations.0': 'Too short',
      'ecosystemInput.sessionSettings.tutorHoursLimitConfig.limits.0.programIds.1': 'Not a program',
    });
    expect(errorAt(errors, 'sessionSettings.sessionDurations.0')).toBe('Too short');
    expect(errorAt(errors, 'sessionSettings.tutorHoursLimitConfig.limits.0.programIds')).toBe('Not a program');
    expect(errorAt(errors, 'sessionSettings.sessionInterval')).toBeUndefined();
  });

  it('is for platform admins and the ecosystem\'s active admins only', () => {
    const role = (ecosystemId: string, role: string, status = 'ACTIVE') => ({ ecosystemId, role, status });
    expect(mayEdit({ isInternalTeamAccount: true, ecosystemRoles: [] }, 'E1')).toBe(true);
    expect(mayEdit({ isInternalTeamAccount: false, ecosystemRoles: [role('E1', 'SUPER_ADMIN')] }, 'E1')).toBe(true);
    expect(mayEdit({ isInternalTeamAccount: false, ecosystemRoles: [role('E2', 'SUPER_ADMIN'), role('E1', 'MEMBER')] }, 'E1')).toBe(false);
    expect(mayEdit({ isInternalTeamAccount: false, ecosystemRoles: [role('E1', 'SUPER_ADMIN', 'INVITED')] }, 'E1')).toBe(false);
    expect(mayEdit(null, 'E1')).toBe(false);
  });
});
