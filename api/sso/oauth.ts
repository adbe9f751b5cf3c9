/**
 * OpenID Connect and plain OAuth 2 sign-ins with openid-client (docs/decisions/0046): the
 * authorization code flow with PKCE (S256), state and, for OIDC, a nonce bound into the ID token.
 * Google, Clever and ClassLink are OIDC (the provider's discovery document says where everything
 * is); Edlink and Schoology's OAuth are OAuth 2 with a userinfo endpoint the configuration names.
 */
import * as client from 'openid-client';
import type { SsoProviderConfig } from '../../domain/sso/config-events';
import { SsoFailure } from './failures';
import type { SsoFlow } from './flows';

/** What a provider vouched for about the person. */
export interface ExternalProof {
  issuer: string;
  subject: string;
  email: string | null;
  /** true or false when the provider said so; null when it said nothing. */
  emailVerified: boolean | null;
  /** The district claim the configuration names, when present. */
  district: string | null;
  /** Names for an account this sign-in may create; null when the provider gave none. */
  firstName: string | null;
  lastName: string | null;
}

const SCOPES = 'openid email profile';
/** Discovery documents change rarely; one look-up per issuer and process, refreshed after a failure. */
const DISCOVERY_TTL_MS = 60 * 60_000;

function isLocal(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export class OauthClients {
  private readonly discovered = new Map<string, { config: Promise<client.Configuration>; at: number }>();

  constructor(private readonly clock: () => Date) {}

  /** The openid-client configuration of one provider set-up, with its (unsealed) client secret. */
  async configuration(c: SsoProviderConfig, secret: string): Promise<client.Configuration> {
    // Plain http is accepted only for a provider on this machine (tests, development).
    const execute = [c.issuer, c.endpoints?.token].some((u) => u && URL.canParse(u) && isLocal(new URL(u))) ? [client.allowInsecureRequests] : [];
    if (c.protocol === 'OAUTH2' && c.endpoints) {
      const config = new client.Configuration({
        issuer: c.issuer, authorization_endpoint: c.endpoints.authorization, token_endpoint: c.endpoints.token, userinfo_endpoint: c.endpoints.userinfo,
      }, c.clientId, secret);
      execute.forEach((fn) => fn(config));
      return config;
    }
    const key = `${c.issuer}\n${c.clientId}\n${secret}`;
    const now = this.clock().getTime();
    let entry = this.discovered.get(key);
    if (!entry || now - entry.at > DISCOVERY_TTL_MS) {
      entry = { config: client.discovery(new URL(c.issuer), c.clientId, secret, undefined, { execute }), at: now };
      this.discovered.set(key, entry);
    }
    try {
      return await entry.config;
    } catch (err) {
      // A provider that is down or misconfigured now may answer later: look it up again next time.
      this.discovered.delete(key);
      throw new SsoFailure('PROVIDER_REFUSED', `discovery of ${c.issuer}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Where to send the person, and what must come back (kept by the caller in the flow store). */
  async start(config: client.Configuration, c: SsoProviderConfig, redirectUri: string): Promise<{ url: URL; state: string; codeVerifier: string; nonce: string }> {
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const params: Record<string, string> = {
      redirect_uri: redirectUri, response_type: 'code', state,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier), code_challenge_method: 'S256',
      scope: c.protocol === 'OIDC' ? SCOPES : 'profile email',
    };
    if (c.protocol === 'OIDC') params.nonce = nonce;
    return { url: client.buildAuthorizationUrl(config, params), state, codeVerifier, nonce };
  }

  /** Exchanges the code of the callback `currentUrl` and answers what the provider vouches for. */
  async finish(config: client.Configuration, c: SsoProviderConfig, currentUrl: URL, flow: SsoFlow, state: string): Promise<ExternalProof> {
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.codeVerifier, expectedState: state,
        ...(c.protocol === 'OIDC' ? { expectedNonce: flow.nonce, idTokenExpected: true } : {}),
      });
    } catch (err) {
      throw new SsoFailure('PROVIDER_REFUSED', err instanceof Error ? err.message : String(err));
    }
    const claims = c.protocol === 'OIDC' ? tokens.claims() : undefined;
    if (claims) return proofOf(claims, String(claims.iss), c.districtClaim);
    const info = await client.fetchProtectedResource(config, tokens.access_token, new URL(c.endpoints?.userinfo ?? ''), 'GET');
    if (!info.ok) throw new SsoFailure('PROVIDER_REFUSED', `userinfo answered ${info.status}`);
    return proofOf(await info.json() as Record<string, unknown>, c.issuer, c.districtClaim);
  }
}

/** Userinfo documents of OAuth 2 providers nest the person in `data` (Edlink) or not (OIDC userinfo). */
export function proofOf(raw: Record<string, unknown>, issuer: string, districtClaim: string | null): ExternalProof {
  const body = typeof raw.data === 'object' && raw.data !== null && !('sub' in raw) ? raw.data as Record<string, unknown> : raw;
  const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);
  const subject = text(body.sub) ?? text(body.id);
  if (!subject) throw new SsoFailure('PROVIDER_REFUSED', 'no subject in the provider answer');
  const verified = body.email_verified;
  return {
    issuer,
    subject,
    email: text(body.email)?.toLowerCase() ?? null,
    emailVerified: verified === true || verified === 'true' ? true : verified === false || verified === 'false' ? false : null,
    district: districtClaim ? text(body[districtClaim]) : null,
    firstName: text(body.given_name) ?? text(body.first_name),
    lastName: text(body.family_name) ?? text(body.last_name),
  };
}
