/**
 * Why a single sign-on did not end in a log-in. The callback sends the browser to the provider's
 * auth-fail page with one of these codes, which the web app shows in words (web/src/i18n); the
 * details stay in the server's log, never in the page.
 */
export const SSO_FAILURES = [
  'NOT_CONFIGURED', 'FLOW_EXPIRED', 'PROVIDER_REFUSED', 'EMAIL_NOT_VERIFIED', 'NO_ACCOUNT', 'WRONG_DISTRICT', 'NOT_IN_ECOSYSTEM', 'IDENTITY_TAKEN',
  /** Anything else (a fault of ours): the page says only that the sign-in did not work. */
  'UNEXPECTED',
] as const;
export type SsoFailureCode = (typeof SSO_FAILURES)[number];

export class SsoFailure extends Error {
  override name = 'SsoFailure';
  constructor(readonly code: SsoFailureCode, detail?: string) {
    super(detail ? `${code}: ${detail}` : code);
  }
}
