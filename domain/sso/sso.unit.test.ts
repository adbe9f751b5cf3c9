import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { ForbiddenError, IllegalStateError, ValidationError } from '../shared/errors';
import type { Actor } from '../shared/events';
import { given } from '../user/given';
import { configureSsoProviderHandler, removeSsoProviderHandler } from './config';
import type { SsoConfigEvent, SsoProviderConfig } from './config-events';
import { identityKey, linkSsoIdentityHandler, unlinkSsoIdentityHandler } from './identity';
import type { SsoIdentityEvent } from './identity-events';

const userId = '5b0c5a52-3b8a-4d6e-9d39-0a1f1f6c2a01';
const otherUser = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c03';
const ecosystemId = '7d3e1c0a-2f4b-4a8e-8c1d-3e5f7a9b1c02';
const system: Actor = { userId: 'system', role: 'SYSTEM' };
const self: Actor = { userId, role: 'MEMBER' };
const stranger: Actor = { userId: otherUser, role: 'SUPER_ADMIN' };
const SEALED = 'v1.aXY.dGFn.Y2lwaGVy';

const identity = { userId, provider: 'CLEVER' as const, issuer: 'https://clever.com', subject: 'abc', ecosystemId };
const linked: SsoIdentityEvent = { type: 'SsoIdentityLinked', data: { ...identity, email: 'a@b.org', emailVerified: true, accountCreated: false } };
const unlinked: SsoIdentityEvent = { type: 'SsoIdentityUnlinked', data: identity };
const ref = { userId, provider: 'CLEVER' as const, issuer: 'https://clever.com', subject: 'abc' };

describe('linked identity: free', () => {
  it('LinkSsoIdentity records the link', () => {
    given(linkSsoIdentityHandler, []).when(linked.data, { actor: system }).then([linked]);
  });
  it('linking for someone else is forbidden to anyone but the platform', () => {
    given(linkSsoIdentityHandler, []).when(linked.data, { actor: stranger }).thenThrows(ForbiddenError);
  });
  it('UnlinkSsoIdentity of an unlinked identity is refused', () => {
    given(unlinkSsoIdentityHandler, []).when(ref, { actor: self }).thenThrows(IllegalStateError, 'not linked');
  });
  it('can be linked again after it was removed', () => {
    given(linkSsoIdentityHandler, [linked, unlinked]).when(linked.data, { actor: system }).then([linked]);
  });
});

describe('linked identity: linked', () => {
  it('linking it again to the same person records nothing (a retry)', () => {
    given(linkSsoIdentityHandler, [linked]).when(linked.data, { actor: system }).then([]);
  });
  it('linking it to another person is refused: one provider account, one person', () => {
    given(linkSsoIdentityHandler, [linked]).when({ ...linked.data, userId: otherUser }, { actor: system }).thenThrows(IllegalStateError, 'already linked');
  });
  it('the person removes it', () => {
    given(unlinkSsoIdentityHandler, [linked]).when(ref, { actor: self }).then([unlinked]);
  });
  it('another person naming themselves cannot remove it, and learns nothing', () => {
    given(unlinkSsoIdentityHandler, [linked]).when({ ...ref, userId: otherUser }, { actor: stranger }).thenThrows(IllegalStateError, 'not linked');
  });
});

describe('identityKey', () => {
  it('differs by provider, issuer and subject, and does not contain them', () => {
    const keys = new Set([identityKey('CLEVER', 'i', 's'), identityKey('CLASSLINK', 'i', 's'), identityKey('CLEVER', 'j', 's'), identityKey('CLEVER', 'i', 't')]);
    expect(keys.size).toBe(4);
    expect(identityKey('CLEVER', 'https://clever.com', 'abc')).toMatch(/^[0-9a-f]{64}$/);
  });
});

const oidc: SsoProviderConfig = {
  ecosystemId, provider: 'GOOGLE', protocol: 'OIDC', issuer: 'https://accounts.google.com', clientId: 'cid', sealedClientSecret: SEALED,
  endpoints: null, samlEntryPoint: null, samlCertificate: null, districtClaim: null, newAccountRole: null,
};
const configured: SsoConfigEvent = { type: 'SsoProviderConfigured', data: oidc };

describe('SSO configuration', () => {
  it('records a whole OIDC configuration', () => {
    given(configureSsoProviderHandler, []).when(oidc, { actor: self }).then([configured]);
  });
  it('keeps the current secret when none is given (write-only secrets)', () => {
    given(configureSsoProviderHandler, [configured]).when({ ...oidc, clientId: 'new', sealedClientSecret: null }, { actor: self })
      .then([{ type: 'SsoProviderConfigured', data: { ...oidc, clientId: 'new' } }]);
  });
  it('refuses an OIDC configuration without any secret, and a protocol the provider does not speak', () => {
    given(configureSsoProviderHandler, []).when({ ...oidc, sealedClientSecret: null }, { actor: self }).thenThrows(ValidationError, 'client secret');
    given(configureSsoProviderHandler, []).when({ ...oidc, protocol: 'SAML' }, { actor: self }).thenThrows(ValidationError);
  });
  it('OAuth 2 needs its endpoints; SAML its certificate and entry point', () => {
    given(configureSsoProviderHandler, []).when({ ...oidc, provider: 'EDLINK', protocol: 'OAUTH2' }, { actor: self }).thenThrows(ValidationError, 'authorization');
    given(configureSsoProviderHandler, []).when({ ...oidc, provider: 'SCHOOLOGY', protocol: 'SAML', sealedClientSecret: null }, { actor: self })
      .thenThrows(ValidationError);
  });
  it('refuses a provider address that is not https (except on this machine)', () => {
    const endpoints = { authorization: 'http://evil.example/a', token: 'https://e/t', userinfo: 'https://e/u' };
    given(configureSsoProviderHandler, []).when({ ...oidc, provider: 'EDLINK', protocol: 'OAUTH2', endpoints }, { actor: self }).thenThrows(ZodError);
  });
  it('the same configuration again records nothing; removing records once', () => {
    given(configureSsoProviderHandler, [configured]).when(oidc, { actor: self }).then([]);
    given(removeSsoProviderHandler, [configured]).when({ ecosystemId, provider: 'GOOGLE' }, { actor: self })
      .then([{ type: 'SsoProviderRemoved', data: { ecosystemId, provider: 'GOOGLE' } }]);
    given(removeSsoProviderHandler, []).when({ ecosystemId, provider: 'GOOGLE' }, { actor: self }).then([]);
  });
});
