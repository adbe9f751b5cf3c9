import { describe, expect, it } from 'vitest';
import { failureCode, readSsoReturn } from './ssoReturn';

describe('readSsoReturn', () => {
  it('reads a finished sign-in (tokens in the cookie) from an empty fragment', () => {
    expect(readSsoReturn('')).toEqual({ kind: 'session' });
  });
  it('reads the second step, with or without the required set-up', () => {
    expect(readSsoReturn('#userIdToken=abc&mfa=TOTP')).toEqual({ kind: 'mfa', userIdToken: 'abc', mfaEnrolmentRequired: false });
    expect(readSsoReturn('#userIdToken=abc&mfa=ENROL')).toEqual({ kind: 'mfa', userIdToken: 'abc', mfaEnrolmentRequired: true });
  });
});

describe('failureCode', () => {
  it('knows the server\'s codes and nothing else', () => {
    expect(failureCode('NO_ACCOUNT')).toBe('NO_ACCOUNT');
    expect(failureCode('<script>')).toBeNull();
    expect(failureCode(null)).toBeNull();
  });
});
