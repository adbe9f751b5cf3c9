import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canKeepSecret, districtIdOf, formErrors, formFor, PROTOCOLS, PROVIDERS, setupInput, type Setup, type SetupForm } from './ssoSetupForm';

const GOOGLE: Setup = { provider: 'GOOGLE', protocol: 'OIDC', issuer: 'https://accounts.google.com', clientId: 'g-client', hasClientSecret: true, newAccountRole: 'STUDENT' };
const SAML: Setup = { provider: 'SCHOOLOGY', protocol: 'SAML', issuer: 'urn:idp', clientId: 'sp', hasClientSecret: false,
  samlEntryPoint: 'https://idp.example.org/sso', samlCertificate: 'MIIC', districtClaim: 'district' };

describe('the form of a provider', () => {
  it('starts from the current set-up, keeping a secret that is set', () => {
    expect(formFor('GOOGLE', [GOOGLE])).toMatchObject({ protocol: 'OIDC', issuer: GOOGLE.issuer, clientId: 'g-client', secretMode: 'keep', clientSecret: '', newAccountRole: 'STUDENT' });
    expect(formFor('SCHOOLOGY', [SAML])).toMatchObject({ protocol: 'SAML', samlEntryPoint: SAML.samlEntryPoint, samlCertificate: 'MIIC', districtClaim: 'district' });
  });

  it('starts empty under the provider\'s first protocol when nothing is set up', () => {
    for (const provider of PROVIDERS) {
      expect(formFor(provider, [])).toMatchObject({ provider, protocol: PROTOCOLS[provider][0], issuer: '', secretMode: 'set', newAccountRole: '' });
    }
  });
});

describe('the write-only secret', () => {
  it('can be kept only under the protocol it was set for', () => {
    expect(canKeepSecret({ provider: 'GOOGLE', protocol: 'OIDC' }, [GOOGLE])).toBe(true);
    expect(canKeepSecret({ provider: 'CLEVER', protocol: 'OIDC' }, [GOOGLE])).toBe(false);
    expect(canKeepSecret({ provider: 'SCHOOLOGY', protocol: 'OAUTH2' }, [SAML])).toBe(false);
  });

  it('is never sent when kept, and sent trimmed when set', () => {
    const kept = formFor('GOOGLE', [GOOGLE]);
    expect(formErrors(kept, true)).toEqual({});
    expect(setupInput('e1', kept, true).clientSecret).toBeNull();
    const replaced: SetupForm = { ...kept, secretMode: 'set', clientSecret: ' s3cret ' };
    expect(setupInput('e1', replaced, true).clientSecret).toBe('s3cret');
    expect(formErrors({ ...replaced, clientSecret: '' }, true)).toEqual({ clientSecret: 'ssoSetup.required' });
  });

  it('is required for a new OpenID or OAuth 2 set-up, whatever the mode says', () => {
    fc.assert(fc.property(fc.constantFrom(...PROVIDERS), fc.constantFrom('keep' as const, 'set' as const), (provider, secretMode) => {
      const form = { ...formFor(provider, []), secretMode };
      const errors = formErrors(form, canKeepSecret(form, []));
      return form.protocol === 'SAML' ? errors.clientSecret === undefined : errors.clientSecret === 'ssoSetup.required';
    }));
  });
});

describe('checks and input', () => {
  it('asks OAuth 2 for its three endpoints and SAML for its address and certificate, as web addresses', () => {
    const oauth: SetupForm = { ...formFor('EDLINK', []), issuer: 'edlink', clientId: 'c', clientSecret: 's', authorizationEndpoint: 'ftp://x', tokenEndpoint: 'https://t' };
    expect(formErrors(oauth, false)).toEqual({ authorizationEndpoint: 'ssoSetup.notUrl', userinfoEndpoint: 'ssoSetup.required' });
    expect(formErrors({ ...formFor('SCHOOLOGY', [SAML]), samlCertificate: ' ' }, false)).toEqual({ samlCertificate: 'ssoSetup.required' });
    expect(formErrors({ ...formFor('CLEVER', []), issuer: 'not a url', clientSecret: 's' }, false)).toEqual({ issuer: 'ssoSetup.notUrl', clientId: 'ssoSetup.required' });
  });

  it('leaves out the fields of other protocols', () => {
    const form: SetupForm = { ...formFor('SCHOOLOGY', [SAML]), authorizationEndpoint: 'https://left.over', clientSecret: 'ignored' };
    expect(setupInput('e1', form, false)).toEqual({
      ecosystemId: 'e1', provider: 'SCHOOLOGY', protocol: 'SAML', issuer: 'urn:idp', clientId: 'sp', clientSecret: null,
      authorizationEndpoint: null, tokenEndpoint: null, userinfoEndpoint: null, samlEntryPoint: 'https://idp.example.org/sso',
      samlCertificate: 'MIIC', districtClaim: 'district', newAccountRole: null,
    });
  });

  it('finds the ecosystem\'s district id of each provider, none for Google', () => {
    const ids = { clever: 'c-1', classLink: '', edLink: null, schoology: 's-9' };
    expect(PROVIDERS.map((p) => districtIdOf(p, ids))).toEqual([null, 'c-1', null, null, 's-9']);
  });
});
