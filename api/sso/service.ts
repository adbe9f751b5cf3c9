/**
 * Single sign-on (docs/decisions/0046): per-ecosystem provider set-ups with sealed secrets, the
 * sign-in itself (start, callback), and linking a provider account to a person.
 *
 * Who the provider's person is, in order: a provider account already linked logs its person in; an
 * unlinked one whose e-mail the provider vouches for matches an account of that ecosystem and is
 * linked to it first; a newcomer with a vouched-for e-mail gets an account only where the set-up
 * names a role for new accounts (decision 0047); anything else is refused.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { configureSsoProviderHandler, ssoConfigAggregate, type ConfigureSsoProviderInput } from '../../domain/sso/config';
import type { OauthEndpoints, SsoProviderConfig } from '../../domain/sso/config-events';
import { identityKey, linkSsoIdentityHandler, ssoIdentityAggregate } from '../../domain/sso/identity';
import type { SsoProtocol, SsoProvider } from '../../domain/sso/providers';
import type { Actor, Position } from '../../domain/shared/events';
import { emailSchema } from '../../domain/user/commands';
import { loadCredentials, loadAccount, USERS_PROJECTION } from '../../projections/users';
import { grantEcosystemRole } from '../../domain/user/handlers';
import { registerUser } from '../auth/registration';
import { SSO_PROJECTION } from '../../projections/sso';
import type { AuthBus, AuthService, LoginResult } from '../auth/service';
import { SecretBox } from '../auth/factors/secret-box';
import { districtIdOf } from './districts';
import { SsoFailure, type SsoFailureCode } from './failures';
import { FlowStore, LinkTicketStore, type LinkTicket } from './flows';
import { OauthClients, type ExternalProof } from './oauth';
import { SamlLogins } from './saml';

/** How a flow started from the settings page ended: linked, or why not. */
export type LinkResult = { linked: true } | { linked: false; failure: SsoFailureCode };

const SYSTEM: Actor = { userId: 'system', role: 'SYSTEM' };

/** A UUID (version 8 layout) from a hex digest: the same provider account always names the same new user. */
function uuidFrom(hex: string): string {
  const h = hex.slice(0, 32).split('');
  h[12] = '8';
  h[16] = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
}

export interface SsoServiceDeps {
  apiPool: Pool;
  bus: AuthBus;
  auth: Pick<AuthService, 'loginAfterExternalProof'>;
  projections: { waitFor(position: Position, names?: readonly string[], timeoutMs?: number): Promise<boolean> };
  waitMs: number;
  /** The platform's MFA key (decision 0039); without it, one made up for this process (tests). */
  mfaSecretKey?: string;
  clock?: () => Date;
  log?: (line: string) => void;
}

export interface ConfigureSsoInput {
  ecosystemId: string;
  provider: SsoProvider;
  protocol: SsoProtocol;
  issuer: string;
  clientId: string;
  /** Write-only: null keeps the secret already set. */
  clientSecret: string | null;
  endpoints: OauthEndpoints | null;
  samlEntryPoint: string | null;
  samlCertificate: string | null;
  districtClaim: string | null;
  newAccountRole: SsoProviderConfig['newAccountRole'];
}

/** The associated data a client secret is sealed under: it opens only for its ecosystem and provider. */
const secretScope = (ecosystemId: string, provider: SsoProvider): string => `sso-client-secret:${ecosystemId}:${provider}`;

export class SsoService {
  private readonly box: SecretBox;
  private readonly flows: FlowStore;
  private readonly tickets: LinkTicketStore;
  private readonly clients: OauthClients;
  private readonly saml: SamlLogins;
  private readonly clock: () => Date;

  constructor(private readonly deps: SsoServiceDeps) {
    this.clock = deps.clock ?? (() => new Date());
    this.box = new SecretBox(deps.mfaSecretKey ?? randomBytes(32).toString('base64url'));
    this.flows = new FlowStore(deps.apiPool, this.clock);
    this.tickets = new LinkTicketStore(deps.apiPool, this.clock);
    this.clients = new OauthClients(this.clock);
    this.saml = new SamlLogins(deps.apiPool, this.clock);
  }

  /** The command input of a set-up: the client secret sealed for its ecosystem and provider. */
  sealedInput(input: ConfigureSsoInput): ConfigureSsoProviderInput {
    const { clientSecret, ...rest } = input;
    const sealedClientSecret = clientSecret ? this.box.seal(Buffer.from(clientSecret, 'utf8'), secretScope(input.ecosystemId, input.provider)) : null;
    return { ...rest, sealedClientSecret };
  }

  /** Stores a provider set-up (seeding, tests); the caller checked that the actor may edit the ecosystem. */
  async configure(actor: Actor, input: ConfigureSsoInput, commandId: string): Promise<void> {
    await this.deps.bus.dispatch(configureSsoProviderHandler, this.sealedInput(input), { actor, commandId, now: this.clock().toISOString() });
  }

  /** The set-ups of an ecosystem, secrets left out: what an admin may see. */
  async providers(ecosystemId: string): Promise<Array<Omit<SsoProviderConfig, 'sealedClientSecret'> & { hasClientSecret: boolean }>> {
    const state = await this.deps.bus.load(ssoConfigAggregate, ecosystemId);
    return Object.values(state.providers).map(({ sealedClientSecret, ...c }) => ({ ...c, hasClientSecret: sealedClientSecret !== null }));
  }

  private async setUp(ecosystemId: string, provider: SsoProvider): Promise<SsoProviderConfig> {
    const c = (await this.deps.bus.load(ssoConfigAggregate, ecosystemId)).providers[provider];
    if (!c || c.protocol === 'SAML') throw new SsoFailure('NOT_CONFIGURED', `${provider} in ${ecosystemId}`);
    return c;
  }

  private openSecret(c: SsoProviderConfig): string {
    return c.sealedClientSecret ? this.box.open(c.sealedClientSecret, secretScope(c.ecosystemId, c.provider)).toString('utf8') : '';
  }

  /**
   * Starts a sign-in: the provider's address to send the browser to, and the state to keep in its
   * cookie. With `linkUserId` the flow links the provider account to that signed-in person instead.
   */
  async begin(ecosystemId: string, provider: SsoProvider, redirectUri: string, linkUserId: string | null = null): Promise<{ url: URL; state: string }> {
    const c = await this.setUp(ecosystemId, provider);
    const config = await this.clients.configuration(c, this.openSecret(c));
    const started = await this.clients.start(config, c, redirectUri);
    await this.flows.save(started.state, { ecosystemId, provider, codeVerifier: started.codeVerifier, nonce: started.nonce, linkUserId });
    return { url: started.url, state: started.state };
  }

  /**
   * A ticket for linking a provider account to the signed-in person from the settings page
   * (decision 0047): only for a member of the ecosystem whose set-up of that provider is OAuth 2 or
   * OpenID Connect. The caller has authenticated the person.
   */
  async linkTicket(ticket: LinkTicket): Promise<string> {
    await this.assertMember(ticket.userId, ticket.ecosystemId);
    await this.setUp(ticket.ecosystemId, ticket.provider);
    return this.tickets.issue(ticket);
  }

  /** Starts linking from a ticket (GET /sso/:provider/link): as begin, for the ticket's person. */
  async beginLink(ticketToken: string, provider: SsoProvider, redirectUri: string): Promise<{ url: URL; state: string }> {
    const ticket = await this.tickets.take(ticketToken, provider);
    if (!ticket) throw new SsoFailure('FLOW_EXPIRED', 'unknown, used or expired link ticket');
    return this.begin(ticket.ecosystemId, provider, redirectUri, ticket.userId);
  }

  /**
   * Finishes a sign-in from the provider's callback. `cookieState` is the state this browser was
   * given at the start: a callback carrying another state (someone else's sign-in) is refused. A
   * flow started from a link ticket links the account and signs nobody in (a LinkResult, its
   * failure as a code for the settings page to show).
   */
  async complete(provider: SsoProvider, currentUrl: URL, cookieState: string | null): Promise<LoginResult | LinkResult> {
    const state = currentUrl.searchParams.get('state');
    if (!state || state !== cookieState) throw new SsoFailure('FLOW_EXPIRED', 'state missing or not this browser\'s');
    const flow = await this.flows.take(state);
    if (!flow || flow.provider !== provider) throw new SsoFailure('FLOW_EXPIRED', 'unknown, used or expired state');
    if (currentUrl.searchParams.has('error')) throw new SsoFailure('PROVIDER_REFUSED', currentUrl.searchParams.get('error') ?? '');
    const c = await this.setUp(flow.ecosystemId, provider);
    const proof = await this.clients.finish(await this.clients.configuration(c, this.openSecret(c)), c, currentUrl, flow, state);
    if (flow.linkUserId) {
      try {
        await this.linkToSignedIn(c, proof, flow.linkUserId);
        return { linked: true };
      } catch (err) {
        if (err instanceof SsoFailure) return { linked: false, failure: err.code };
        throw err;
      }
    }
    return this.deps.auth.loginAfterExternalProof(await this.personOf(c, proof));
  }

  /**
   * Links the provider account to the person who started the flow while signed in: they proved
   * both, so the e-mails need not match (decision 0047). The district check still applies; an
   * account already linked to someone else stays theirs (IDENTITY_TAKEN); linking one already
   * linked to this person changes nothing.
   */
  private async linkToSignedIn(c: SsoProviderConfig, proof: ExternalProof, userId: string): Promise<void> {
    const expectedDistrict = await districtIdOf(this.deps.apiPool, c.ecosystemId, c.provider);
    if (expectedDistrict && proof.district !== expectedDistrict) throw new SsoFailure('WRONG_DISTRICT', `${proof.district ?? 'none'} is not ${expectedDistrict}`);
    await this.assertMember(userId, c.ecosystemId);
    const linked = await this.deps.bus.load(ssoIdentityAggregate, identityKey(c.provider, proof.issuer, proof.subject));
    if (linked.status === 'linked') {
      if (linked.userId !== userId) throw new SsoFailure('IDENTITY_TAKEN');
      return;
    }
    await this.link(userId, c, proof);
  }

  /** The person this proof names in the ecosystem, linking the provider account on first use. */
  async personOf(c: SsoProviderConfig, proof: ExternalProof): Promise<string> {
    const expectedDistrict = await districtIdOf(this.deps.apiPool, c.ecosystemId, c.provider);
    if (expectedDistrict && proof.district !== expectedDistrict) throw new SsoFailure('WRONG_DISTRICT', `${proof.district ?? 'none'} is not ${expectedDistrict}`);
    const key = identityKey(c.provider, proof.issuer, proof.subject);
    const linked = await this.deps.bus.load(ssoIdentityAggregate, key);
    if (linked.status === 'linked') {
      await this.assertMember(linked.userId, c.ecosystemId);
      return linked.userId;
    }
    // A district-managed directory vouches for its addresses unless it says otherwise; anyone else must say they verified it.
    const verified = proof.emailVerified ?? (expectedDistrict !== null);
    if (!proof.email || !verified) throw new SsoFailure('EMAIL_NOT_VERIFIED', proof.email ?? 'no e-mail');
    const email = emailSchema.safeParse(proof.email);
    const credentials = email.success ? await loadCredentials(this.deps.apiPool, email.data) : null;
    if (!credentials) {
      if (!email.success || !c.newAccountRole) throw new SsoFailure('NO_ACCOUNT', 'no account with this e-mail');
      return this.createAccount(c, proof, email.data, c.newAccountRole);
    }
    await this.assertMember(credentials.userId, c.ecosystemId);
    await this.link(credentials.userId, c, proof);
    return credentials.userId;
  }

  /**
   * A new account for a verified person the set-up lets in (decision 0047): the set-up's role,
   * in force at once, and a random password nobody knows (the person sets one through the
   * password reset when they want one). The user id derives from the provider account, so a
   * retried or concurrent first sign-in registers the same account once.
   */
  private async createAccount(c: SsoProviderConfig, proof: ExternalProof, email: string, role: NonNullable<SsoProviderConfig['newAccountRole']>): Promise<string> {
    const userId = uuidFrom(identityKey(c.provider, proof.issuer, proof.subject));
    const options = () => ({ actor: SYSTEM, commandId: randomUUID(), now: this.clock().toISOString() });
    const local = email.split('@')[0];
    await registerUser(this.deps.bus, {
      userId, email, password: randomBytes(32).toString('base64url'),
      firstName: (proof.firstName ?? local).slice(0, 100), lastName: (proof.lastName ?? local).slice(0, 100),
    }, { actor: SYSTEM, now: this.clock() });
    await this.deps.bus.dispatch(grantEcosystemRole, { userId, ecosystemId: c.ecosystemId, role, programId: null, status: null }, options());
    await this.link(userId, c, proof, true);
    return userId;
  }

  private async assertMember(userId: string, ecosystemId: string): Promise<void> {
    const account = await loadAccount(this.deps.apiPool, userId);
    if (!account?.roles.some((r) => r.ecosystemId === ecosystemId)) throw new SsoFailure('NOT_IN_ECOSYSTEM', `${userId} in ${ecosystemId}`);
  }

  private async link(userId: string, c: SsoProviderConfig, proof: ExternalProof, accountCreated = false): Promise<void> {
    const input = {
      userId, provider: c.provider, issuer: proof.issuer, subject: proof.subject, ecosystemId: c.ecosystemId, email: proof.email,
      emailVerified: proof.emailVerified ?? true, accountCreated,
    };
    try {
      const result = await this.deps.bus.dispatch(linkSsoIdentityHandler, input, { actor: SYSTEM, commandId: randomUUID(), now: this.clock().toISOString() });
      // The log-in that follows reads the account and its roles: both read models must have it.
      if (result.position) await this.deps.projections.waitFor(result.position, [SSO_PROJECTION, USERS_PROJECTION], this.deps.waitMs);
    } catch (err) {
      if (err instanceof Error && 'conflictType' in err && err.conflictType === 'SSO_IDENTITY_TAKEN') throw new SsoFailure('IDENTITY_TAKEN');
      throw err;
    }
  }

  private async samlSetUp(ecosystemId: string): Promise<SsoProviderConfig> {
    const c = (await this.deps.bus.load(ssoConfigAggregate, ecosystemId)).providers.SCHOOLOGY;
    if (!c || c.protocol !== 'SAML') throw new SsoFailure('NOT_CONFIGURED', `SAML in ${ecosystemId}`);
    return c;
  }

  async samlMetadata(ecosystemId: string, acsUrl: string): Promise<string> {
    return this.saml.metadata(await this.samlSetUp(ecosystemId), acsUrl);
  }

  /** Starts a SAML sign-in: the IdP's address (an AuthnRequest, HTTP-Redirect binding) and the state for the cookie. */
  async beginSaml(ecosystemId: string, acsUrl: string): Promise<{ url: string; state: string }> {
    const c = await this.samlSetUp(ecosystemId);
    const state = randomBytes(32).toString('base64url');
    await this.flows.save(state, { ecosystemId, provider: 'SCHOOLOGY', codeVerifier: '', nonce: '' });
    return { url: await this.saml.authorizeUrl(c, acsUrl, state), state };
  }

  /**
   * The ACS: checks the POSTed response of the flow named by RelayState and records who it names.
   * The log-in itself waits for the GET that follows (finishSaml), the first request of this
   * sign-in that carries the browser's SameSite=Lax state cookie.
   */
  async acceptSamlResponse(relayState: string, samlResponse: string, acsUrl: string): Promise<void> {
    const flow = await this.flows.peek(relayState);
    if (!flow || flow.provider !== 'SCHOOLOGY') throw new SsoFailure('FLOW_EXPIRED', 'unknown, used or expired RelayState');
    const c = await this.samlSetUp(flow.ecosystemId);
    const userId = await this.personOf(c, await this.saml.validate(c, acsUrl, samlResponse));
    if (!(await this.flows.prove(relayState, userId))) throw new SsoFailure('FLOW_EXPIRED', 'flow proven twice or expired');
  }

  async finishSaml(state: string, cookieState: string | null): Promise<LoginResult> {
    if (!state || state !== cookieState) throw new SsoFailure('FLOW_EXPIRED', 'state missing or not this browser\'s');
    const flow = await this.flows.take(state);
    if (!flow?.provenUserId) throw new SsoFailure('FLOW_EXPIRED', 'no checked assertion for this state');
    return this.deps.auth.loginAfterExternalProof(flow.provenUserId);
  }
}
