import { describe, expect, it } from 'vitest';
import { joinFieldOf, joinFormErrors } from './joinForm';

describe('the join form', () => {
  it('asks for 8 characters and the same password twice', () => {
    expect(joinFormErrors({ password: 'short', retyped: 'short' })).toEqual({ password: 'password.tooShort' });
    expect(joinFormErrors({ password: 'long enough', retyped: 'long enough!' })).toEqual({ retyped: 'join.mismatch' });
    expect(joinFormErrors({ password: 'long enough', retyped: 'long enough' })).toEqual({});
  });

  it('maps the server\'s fields onto its own, and the token onto the invalid-link page', () => {
    expect(joinFieldOf('password')).toBe('password');
    expect(joinFieldOf('confirmPassword')).toBe('retyped');
    expect(joinFieldOf('token')).toBe('token');
    expect(joinFieldOf('other')).toBeNull();
  });
});
