/** Where a finished single sign-on sends the browser: the session, or the MFA step with what it waits for. */
import { describe, expect, it } from 'vitest';
import { afterLogin, type SignInResult } from './routes-common';

const PATH = '/oauth/redirect/google/session/cookie';
const step = (over: Partial<SignInResult>): SignInResult => ({
  tokens: null, userIdToken: 'step-token', mfaMethods: [], mfaEnrolmentRequired: false, user: { email: 'jane.doe@example.com' }, ...over,
});
const fragment = (url: string) => new URLSearchParams(url.slice(url.indexOf('#') + 1));

describe('afterLogin', () => {
  it('goes to the return page without a fragment once the session is set', () => {
    expect(afterLogin(step({ tokens: { accessToken: 'a', refreshToken: 'r', refreshTokenExpiresAt: new Date() } }), PATH)).toBe(PATH);
  });

  it('names the app step, and the required set-up, without any address', () => {
    expect(Object.fromEntries(fragment(afterLogin(step({ mfaMethods: ['TOTP'] }), PATH)))).toEqual({ userIdToken: 'step-token', mfa: 'TOTP' });
    expect(Object.fromEntries(fragment(afterLogin(step({ mfaEnrolmentRequired: true }), PATH)))).toEqual({ userIdToken: 'step-token', mfa: 'ENROL' });
  });

  it('names the e-mail step with the masked address the code went to', () => {
    const url = afterLogin(step({ mfaMethods: ['EMAIL'] }), PATH);
    expect(url.startsWith(`${PATH}#`)).toBe(true);
    expect(Object.fromEntries(fragment(url))).toEqual({ userIdToken: 'step-token', mfa: 'EMAIL', to: 'j***@example.com' });
  });
});
