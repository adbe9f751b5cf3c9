/**
 * SAML 2.0 sign-in for Schoology with @node-saml/node-saml (docs/decisions/0046): SP metadata, the
 * AuthnRequest by HTTP-Redirect, and the ACS check of a POSTed response. node-saml checks the
 * signature of the assertion against the IdP's certificate, the issuer, the audience, the time
 * conditions (60 s of clock skew) and InResponseTo (one of our requests, once: kept in
 * auth.saml_requests); this module adds the Recipient and Destination checks node-saml leaves
 * out, and refuses an assertion id seen before (auth.saml_assertions_used).
 */
import { SAML, ValidateInResponseTo, type CacheItem, type CacheProvider, type Profile } from '@node-saml/node-saml';
import type { Pool } from 'pg';
import type { SsoProviderConfig } from '../../domain/sso/config-events';
import { SsoFailure } from './failures';
import { FLOW_TTL_MS } from './flows';
import type { ExternalProof } from './oauth';

const CLOCK_SKEW_MS = 60_000;
/** Attributes that carry the e-mail, first found wins (Schoology sends `mail` or the OID form). */
const EMAIL_ATTRIBUTES = ['email', 'mail', 'urn:oid:0.9.2342.19200300.100.1.3'];

/** node-saml's request-id cache on PostgreSQL, so that any API replica can check InResponseTo. */
class RequestIds implements CacheProvider {
  constructor(private readonly pool: Pool, private readonly clock: () => Date) {}

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    const createdAt = this.clock();
    await this.pool.query('DELETE FROM auth.saml_requests WHERE created_at < $1', [new Date(createdAt.getTime() - FLOW_TTL_MS)]);
    const r = await this.pool.query('INSERT INTO auth.saml_requests (request_id, value, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [key, value, createdAt]);
    return r.rowCount ? { value, createdAt: createdAt.getTime() } : null;
  }

  async getAsync(key: string): Promise<string | null> {
    const r = await this.pool.query<{ value: string }>('SELECT value FROM auth.saml_requests WHERE request_id = $1 AND created_at >= $2',
      [key, new Date(this.clock().getTime() - FLOW_TTL_MS)]);
    return r.rows[0]?.value ?? null;
  }

  async removeAsync(key: string | null): Promise<string | null> {
    if (!key) return null;
    const r = await this.pool.query<{ value: string }>('DELETE FROM auth.saml_requests WHERE request_id = $1 RETURNING value', [key]);
    return r.rows[0]?.value ?? null;
  }
}

type XmlNode = { $?: Record<string, string> } & Record<string, unknown>;
/** xml2js (as node-saml parses) gives the root element as an object and every child as a list. */
const first = (node: unknown, name: string): XmlNode | undefined => {
  const child = (node as Record<string, unknown> | undefined)?.[name];
  const one: unknown = Array.isArray(child) ? child[0] : child;
  return typeof one === 'object' && one !== null ? one as XmlNode : undefined;
};

export class SamlLogins {
  private readonly requestIds: RequestIds;

  constructor(private readonly pool: Pool, private readonly clock: () => Date) {
    this.requestIds = new RequestIds(pool, clock);
  }

  private saml(c: SsoProviderConfig, acsUrl: string): SAML {
    if (!c.samlCertificate || !c.samlEntryPoint) throw new SsoFailure('NOT_CONFIGURED', 'SAML set-up incomplete');
    return new SAML({
      callbackUrl: acsUrl, entryPoint: c.samlEntryPoint, issuer: c.clientId, audience: c.clientId, idpIssuer: c.issuer, idpCert: c.samlCertificate,
      wantAssertionsSigned: true, wantAuthnResponseSigned: false, validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: FLOW_TTL_MS, cacheProvider: this.requestIds, acceptedClockSkewMs: CLOCK_SKEW_MS, identifierFormat: null,
    });
  }

  /** The service provider's metadata, for the district's IdP administrator. */
  metadata(c: SsoProviderConfig, acsUrl: string): string {
    return this.saml(c, acsUrl).generateServiceProviderMetadata(null);
  }

  authorizeUrl(c: SsoProviderConfig, acsUrl: string, relayState: string): Promise<string> {
    return this.saml(c, acsUrl).getAuthorizeUrlAsync(relayState, undefined, {});
  }

  /** Checks a POSTed SAMLResponse and answers what the IdP vouches for; each assertion works once. */
  async validate(c: SsoProviderConfig, acsUrl: string, samlResponse: string): Promise<ExternalProof> {
    let profile: Profile | null;
    try {
      ({ profile } = await this.saml(c, acsUrl).validatePostResponseAsync({ SAMLResponse: samlResponse }));
    } catch (err) {
      throw new SsoFailure('PROVIDER_REFUSED', err instanceof Error ? err.message : String(err));
    }
    if (!profile?.getAssertion) throw new SsoFailure('PROVIDER_REFUSED', 'no assertion');
    const assertion = first(profile.getAssertion(), 'Assertion');
    this.checkRecipient(assertion, profile, acsUrl);
    await this.claimAssertion(assertion);
    const attribute = (name: string): string | null => (typeof profile[name] === 'string' && profile[name] ? String(profile[name]) : null);
    const email = EMAIL_ATTRIBUTES.map(attribute).find((v) => v !== null) ?? null;
    return {
      issuer: profile.issuer, subject: profile.nameID, email: email?.toLowerCase() ?? null,
      emailVerified: null, district: c.districtClaim ? attribute(c.districtClaim) : null,
      firstName: attribute('givenName') ?? attribute('firstName') ?? attribute('urn:oid:2.5.4.42'),
      lastName: attribute('sn') ?? attribute('lastName') ?? attribute('urn:oid:2.5.4.4'),
    };
  }

  private checkRecipient(assertion: XmlNode | undefined, profile: Profile, acsUrl: string): void {
    const confirmation = first(first(first(assertion, 'Subject'), 'SubjectConfirmation'), 'SubjectConfirmationData');
    if (confirmation?.$?.Recipient !== acsUrl) throw new SsoFailure('PROVIDER_REFUSED', 'assertion Recipient is not this ACS');
    const destination = /<(?:\w+:)?Response\b[^>]*\bDestination="([^"]*)"/.exec(profile.getSamlResponseXml?.() ?? '')?.[1];
    if (destination !== undefined && destination !== acsUrl) throw new SsoFailure('PROVIDER_REFUSED', 'response Destination is not this ACS');
  }

  /** Records the assertion id until it expires anyway; a second use is a replay. */
  private async claimAssertion(assertion: XmlNode | undefined): Promise<void> {
    const id = assertion?.$?.ID;
    if (!id) throw new SsoFailure('PROVIDER_REFUSED', 'assertion without ID');
    const notOnOrAfter = first(assertion, 'Conditions')?.$?.NotOnOrAfter;
    const now = this.clock();
    const expiresAt = notOnOrAfter && !Number.isNaN(Date.parse(notOnOrAfter)) ? new Date(Date.parse(notOnOrAfter) + CLOCK_SKEW_MS) : new Date(now.getTime() + FLOW_TTL_MS);
    await this.pool.query('DELETE FROM auth.saml_assertions_used WHERE expires_at < $1', [now]);
    const r = await this.pool.query('INSERT INTO auth.saml_assertions_used (assertion_id, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [id, expiresAt]);
    if (!r.rowCount) throw new SsoFailure('PROVIDER_REFUSED', `assertion ${id} replayed`);
  }
}
