import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailErrors, familySide, messageErrors, passwordErrors, phoneErrors } from './adminForms';

describe('the admin dialogs of /students check before sending', () => {
  it('a password of fewer than 8 characters, and a retyped one that differs', () => {
    expect(passwordErrors({ password: 'short', retyped: 'short' })).toEqual({ password: 'password.tooShort' });
    expect(passwordErrors({ password: 'long enough words', retyped: 'long enough word' })).toEqual({ retyped: 'password.mismatch' });
    expect(passwordErrors({ password: 'long enough words', retyped: 'long enough words' })).toEqual({});
  });

  it('accepts any password of 8 or more characters typed the same twice', () => {
    fc.assert(fc.property(fc.string({ minLength: 8 }), (p) => Object.keys(passwordErrors({ password: p, retyped: p })).length === 0));
  });

  it('an empty e-mail address or message, blanks included', () => {
    expect(emailErrors({ email: '  ' })).toEqual({ email: 'adminUsers.email.required' });
    expect(emailErrors({ email: 'a@example.com' })).toEqual({});
    expect(messageErrors({ message: '\n ' })).toEqual({ message: 'adminUsers.message.required' });
    expect(messageErrors({ message: 'Fixed now.' })).toEqual({});
  });

  it('a phone number that is not 10 digits with an optional leading 1', () => {
    expect(phoneErrors({ phone: '(555) 123-4567' })).toEqual({});
    expect(phoneErrors({ phone: '1 555 123 4567' })).toEqual({});
    expect(phoneErrors({ phone: '555-1234' })).toEqual({ phone: 'adminUsers.phone.invalid' });
    expect(phoneErrors({ phone: '2 555 123 4567' })).toEqual({ phone: 'adminUsers.phone.invalid' });
  });
});

describe('family sides', () => {
  it('links a parent to learners and a learner to parents; others have no family links here', () => {
    expect(familySide(['PARENT'])).toBe('parent');
    expect(familySide(['PUPIL', 'MEMBER'])).toBe('child');
    expect(familySide(['STUDENT'])).toBe('child');
    expect(familySide(['TEACHER', 'STAFF'])).toBeNull();
  });
});
