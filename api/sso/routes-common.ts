/** What the OAuth and SAML sign-in routes share: the state cookie and the return pages of spec section 2. */
import { providerPath, type SsoProvider } from '../../domain/sso/providers';
import { maskedAddress } from '../auth/factors/email-codes';
import type { LoginResult } from '../auth/service';
import type { FastifyReply } from 'fastify';
import { SsoFailure, type SsoFailureCode } from './failures';

export const STATE_COOKIE = 'sso_state';
export const STATE_COOKIE_PATH = '/sso/';

/** The spec's return page for a finished sign-in (section 2). */
export function successPath(provider: SsoProvider, protocol: 'SAML' | 'OAUTH' = 'OAUTH'): string {
  if (provider === 'GOOGLE') return '/oauth/redirect/google/session/cookie';
  if (provider === 'SCHOOLOGY') return protocol === 'SAML' ? '/schoology/success/saml' : '/schoology/success/oauth';
  return `/${providerPath(provider)}/success`;
}

export function failurePath(provider: SsoProvider, code: SsoFailureCode): string {
  return `/${providerPath(provider)}/auth-fail?reason=${code}`;
}

/**
 * Where the browser goes once the provider vouched for the person: tokens in the cookie, or the MFA
 * step, with the masked address an e-mail code went to (the step says where to look).
 */
export type SignInResult = Pick<LoginResult, 'tokens' | 'userIdToken' | 'mfaMethods' | 'mfaEnrolmentRequired'> & { user: Pick<LoginResult['user'], 'email'> };

export function afterLogin(result: SignInResult, path: string): string {
  if (result.tokens) return path;
  const step = new URLSearchParams({ userIdToken: result.userIdToken, mfa: result.mfaEnrolmentRequired ? 'ENROL' : result.mfaMethods.join(',') });
  if (result.mfaMethods.includes('EMAIL')) step.set('to', maskedAddress(result.user.email));
  return `${path}#${step.toString()}`;
}

/** The browser always lands on a page that says what happened; the detail goes to the log only. */
export function fail(reply: FastifyReply, provider: SsoProvider, err: unknown, log: (line: string) => void): FastifyReply {
  const failure = err instanceof SsoFailure ? err : new SsoFailure('UNEXPECTED', err instanceof Error ? err.stack ?? err.message : String(err));
  log(`sso ${provider}: ${failure.message}`);
  return reply.redirect(failurePath(provider, failure.code), 303);
}
