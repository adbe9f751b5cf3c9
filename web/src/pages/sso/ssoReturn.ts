/**
 * What a single sign-on return page reads (docs/decisions/0046): the server set the refresh cookie
 * and sent no token in the address, or, when a second log-in step follows, put the short-lived
 * userIdToken in the fragment (which no server sees). Failures come as a reason code.
 */
export const SSO_FAILURE_CODES = [
  'NOT_CONFIGURED', 'FLOW_EXPIRED', 'PROVIDER_REFUSED', 'EMAIL_NOT_VERIFIED', 'NO_ACCOUNT', 'WRONG_DISTRICT', 'NOT_IN_ECOSYSTEM', 'IDENTITY_TAKEN',
] as const;
export type SsoFailureCode = (typeof SSO_FAILURE_CODES)[number];

export type SsoReturn = { kind: 'session' }
  | { kind: 'mfa'; userIdToken: string; mfaEnrolmentRequired: boolean; emailCode: boolean; emailHint: string | null };

export function readSsoReturn(hash: string): SsoReturn {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const userIdToken = params.get('userIdToken');
  if (!userIdToken) return { kind: 'session' };
  const mfa = params.get('mfa') ?? '';
  // The e-mail method's code was mailed already: the step says where (the masked address), and offers a resend.
  return { kind: 'mfa', userIdToken, mfaEnrolmentRequired: mfa === 'ENROL', emailCode: mfa.split(',').includes('EMAIL'), emailHint: params.get('to') };
}

/** The reason of an auth-fail page; anything else (a hand-typed address) reads as unknown. */
export function failureCode(reason: string | null): SsoFailureCode | null {
  return (SSO_FAILURE_CODES as readonly string[]).includes(reason ?? '') ? reason as SsoFailureCode : null;
}
