/**
 * The single sign-on providers an ecosystem may switch on (issue 7, docs/decisions/0046) and the
 * protocol each speaks: Google, Clever and ClassLink are OpenID Connect; Edlink is plain OAuth 2
 * (a userinfo endpoint instead of an ID token); Schoology is SAML or OAuth 2, as the district set it up.
 */
import { z } from 'zod';

export const SSO_PROVIDERS = ['GOOGLE', 'CLEVER', 'CLASSLINK', 'EDLINK', 'SCHOOLOGY'] as const;
export const ssoProviderSchema = z.enum(SSO_PROVIDERS);
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

export const SSO_PROTOCOLS = ['OIDC', 'OAUTH2', 'SAML'] as const;
export const ssoProtocolSchema = z.enum(SSO_PROTOCOLS);
export type SsoProtocol = z.infer<typeof ssoProtocolSchema>;

export const PROVIDER_PROTOCOLS: Readonly<Record<SsoProvider, readonly SsoProtocol[]>> = {
  GOOGLE: ['OIDC'],
  CLEVER: ['OIDC'],
  CLASSLINK: ['OIDC'],
  EDLINK: ['OAUTH2'],
  SCHOOLOGY: ['SAML', 'OAUTH2'],
};

/**
 * The ecosystem setting (`ssoDistrictIds`, spec section 3) that names the district each
 * school-system provider must vouch for; Google has none.
 */
export const DISTRICT_SETTING: Readonly<Record<SsoProvider, 'clever' | 'classLink' | 'edLink' | 'schoology' | null>> = {
  GOOGLE: null,
  CLEVER: 'clever',
  CLASSLINK: 'classLink',
  EDLINK: 'edLink',
  SCHOOLOGY: 'schoology',
};

/** The spec's path segment for the provider's return pages (/clever/success, /classlink/auth-fail, ...). */
export function providerPath(provider: SsoProvider): string {
  return provider.toLowerCase();
}
