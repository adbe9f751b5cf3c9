import { describe, expect, it } from 'vitest';
import { accountErrors } from './accountInput';

const ok = { firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com', password: 'long enough', confirm: 'long enough' };

describe('accountErrors', () => {
  it('accepts a complete account', () => {
    expect(accountErrors(ok)).toEqual({});
  });
  it('names each missing or malformed field, and a retyped password that differs', () => {
    expect(accountErrors({ firstName: ' ', lastName: '', email: 'ana@', password: 'short', confirm: 'short' }))
      .toEqual({ firstName: 'signup.account.required', lastName: 'signup.account.required', email: 'signup.account.emailInvalid', password: 'signup.account.tooShort' });
    expect(accountErrors({ ...ok, confirm: 'long enougH' })).toEqual({ confirm: 'signup.account.mismatch' });
  });
});
