import { describe, expect, it } from 'vitest';
import { changedInput, formatPhone, initialValues, isPhone, validateProfile, type LoadedProfile } from './profileForm';

const loaded: LoadedProfile = {
  firstName: 'Ada', lastName: 'Lovelace', preferredName: null, phoneNumber: '5551234567', bio: null,
  timeZoneId: 'America/New_York', languagePreference: 'en', canDrive: false, demographics: { birthdate: null, sex: 'F' },
};

describe('the profile form', () => {
  it('sends only what changed, blanks as null, demographics whole', () => {
    const before = initialValues(loaded);
    expect(changedInput(before, before)).toEqual({});
    const after = { ...before, text: { ...before.text, bio: ' Hello ', phoneNumber: '' }, demographics: { ...before.demographics, ethnicity: 'Hispanic' }, canDrive: true };
    expect(changedInput(before, after)).toEqual({
      bio: 'Hello', phoneNumber: null, canDrive: true, demographics: { birthdate: null, sex: 'F', ethnicity: 'Hispanic', highestEducation: null },
    });
  });

  it('checks names and the phone before sending', () => {
    const v = initialValues({ ...loaded, firstName: ' ', phoneNumber: '555-1234' });
    expect(validateProfile(v)).toEqual({ firstName: 'profile.error.required', phoneNumber: 'profile.error.phone' });
    expect(['5551234567', '1 (555) 123-4567', '555.123.4567'].every(isPhone)).toBe(true);
    expect(['555123456', '2 555 123 4567', '15551234567 8'].some(isPhone)).toBe(false);
  });

  it('shows a phone as (xxx) xxx-xxxx', () => {
    expect(formatPhone('15551234567')).toBe('(555) 123-4567');
    expect(formatPhone('12')).toBe('12');
  });
});
