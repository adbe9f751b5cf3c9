import { describe, expect, it } from 'vitest';
import { loginInputErrors } from './loginInput';

describe('the log-in form', () => {
  it('asks for an e-mail address and a password before sending anything', () => {
    expect(loginInputErrors(' pat@example.org ', 'secret')).toEqual({});
    expect(loginInputErrors('pat@example', '')).toEqual({ email: 'login.emailInvalid', password: 'login.passwordRequired' });
    expect(loginInputErrors('', 'x')).toEqual({ email: 'login.emailInvalid' });
  });
});
