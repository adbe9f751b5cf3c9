/**
 * Events of an ecosystem's single sign-on configuration (stream `ssoconfig-<ecosystemId>`,
 * docs/decisions/0046). Kept apart from the ecosystem stream so that no ecosystem query, read model
 * or audit description ever folds a client secret: the secret is sealed (api/auth/factors/secret-box.ts)
 * and the configuration is read from this stream only by the sign-in code.
 */
import { z } from 'zod';
import { sealedSecretSchema } from '../mfa/events';
import { zodMessage as zm } from '../shared/i18n';
import { ssoMessages } from './messages';
import { ssoProtocolSchema, ssoProviderSchema } from './providers';

/** Roles a single sign-on may create an account with: never an admin or staff role. */
export const NEW_ACCOUNT_ROLES = ['STUDENT', 'PARENT', 'TEACHER', 'MEMBER'] as const;

/** https:, or http: for a server on this machine (tests, development). */
export const providerUrlSchema = z.string().max(2000).refine((v) => {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || (u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname));
  } catch {
    return false;
  }
}, { error: zm(ssoMessages.addressNotValid) });

export const oauthEndpointsSchema = z.object({ authorization: providerUrlSchema, token: providerUrlSchema, userinfo: providerUrlSchema });
export type OauthEndpoints = z.infer<typeof oauthEndpointsSchema>;

export const ssoProviderConfiguredSchema = z.object({
  ecosystemId: z.uuid(),
  provider: ssoProviderSchema,
  protocol: ssoProtocolSchema,
  /** OIDC: the issuer (discovery). OAuth 2: the provider's name for itself. SAML: the IdP's entity id. */
  issuer: z.string().min(1).max(2000),
  /** OIDC and OAuth 2: the client id. SAML: the service provider's entity id the IdP knows us by. */
  clientId: z.string().min(1).max(500),
  sealedClientSecret: sealedSecretSchema.nullable(),
  /** OAuth 2 only. */
  endpoints: oauthEndpointsSchema.nullable(),
  /** SAML only: where the IdP takes requests, and its signing certificate (PEM or base64). */
  samlEntryPoint: providerUrlSchema.nullable(),
  samlCertificate: z.string().max(20_000).nullable(),
  /** The claim (or SAML attribute) that names the person's district; checked against ssoDistrictIds. */
  districtClaim: z.string().max(200).nullable(),
  /**
   * The ecosystem role a person with a verified e-mail and no account gets a new account with;
   * null (the default): no account is created, the sign-in is refused (decision 0047).
   */
  newAccountRole: z.enum(NEW_ACCOUNT_ROLES).nullable().default(null),
});
export const ssoProviderRemovedSchema = z.object({ ecosystemId: z.uuid(), provider: ssoProviderSchema });

export type SsoProviderConfigured = { type: 'SsoProviderConfigured'; data: z.infer<typeof ssoProviderConfiguredSchema> };
export type SsoProviderRemoved = { type: 'SsoProviderRemoved'; data: z.infer<typeof ssoProviderRemovedSchema> };
export type SsoConfigEvent = SsoProviderConfigured | SsoProviderRemoved;
export type SsoProviderConfig = SsoProviderConfigured['data'];

export const ssoConfigEventSchemas = {
  SsoProviderConfigured: ssoProviderConfiguredSchema,
  SsoProviderRemoved: ssoProviderRemovedSchema,
};
