import { describe, expect, it } from 'vitest';
import { failureCode, readSsoReturn } from './ssoReturn';

describe('readSsoReturn', () => {
  it('reads a finished sign-in (tokens in the cookie) from an empty fragment', () => {
    expect(readSsoReturn('')).toEqual({ kind: 'session' });
  });
  it('reads the second step, with or without the required set-up', () => {
    expect(readSsoReturn('#userIdToken=abc&mfa=TOTP')).toEqual({ kind: 'mfa', userIdToken: 'abc', mfaEnrolmentRequired: false, emailCode: false, emailHint: null });
    expect(readSsoReturn('#userIdToken=abc&mfa=ENROL')).toEqual({ kind: 'mfa', userIdToken: 'abc', mfaEnrolmentRequired: true, emailCode: false, emailHint: null });
  });
  it('reads the e-mail method and the masked address its code went to', () => {
    expect(readSsoReturn('#userIdToken=abc&mfa=EMAIL&to=j***%40example.com'))
      .toEqual({ kind: 'mfa', userIdToken: 'abc', mfaEnrolmentRequired: false, emailCode: true, emailHint: 'j***@example.com' });
  });
});

describe('failureCode', () => {
  it('knows the server\'s codes and nothing else', () => {
    expect(failureCode('NO_ACCOUNT')).toBe('NO_ACCOUNT');
    expect(failureCode('<script>')).toBeNull();
    expect(failureCode(null)).toBeNull();
  });
});
