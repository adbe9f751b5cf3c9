import { describe, expect, it } from 'vitest';
import { passwordFormErrors } from './passwordForm';

describe('passwordFormErrors', () => {
  it('asks for the current password, 8 characters, and the same password typed twice', () => {
    expect(passwordFormErrors({ current: '', next: 'short', retyped: 'shorter' }))
      .toEqual({ current: 'password.currentRequired', next: 'password.tooShort', retyped: 'password.mismatch' });
    expect(passwordFormErrors({ current: 'old one', next: 'a long new one', retyped: 'a long new one' })).toEqual({});
  });
});
