/**
 * The demo ecosystem with single sign-on for browser tests (docs/decisions/0046): the local OpenID
 * provider as Clever (OIDC) and the local SAML identity provider as Schoology (district
 * `demo-schoology`). Tests add accounts to `oidc.accounts` / `saml.accounts`; an account whose
 * e-mail is a person's of the ecosystem links to them on its first sign-in.
 */
import { editEcosystem } from '../../../domain/ecosystem/handlers';
import { TENANTS_PROJECTION } from '../../../projections/tenants';
import { startTestOidcProvider, type TestOidcProvider } from '../../sso/oidc-provider';
import { IDP_CERT, startTestSamlIdp, type TestSamlIdp } from '../../sso/saml-idp';
import type { E2eApp } from './app';

const SYSTEM = { userId: 'e2e-setup', role: 'SYSTEM' as const };
export const SAML_DISTRICT = 'demo-schoology';

export interface SsoProviders {
  oidc: TestOidcProvider;
  saml: TestSamlIdp;
  stop(): Promise<void>;
}

export async function startSsoProviders(app: E2eApp): Promise<SsoProviders> {
  const oidc = await startTestOidcProvider([`${app.url}/sso/clever/callback`]);
  const saml = await startTestSamlIdp();
  const stop = async () => { await saml.stop(); await oidc.stop(); };
  try {
    const ecosystemId = app.platform.demo!.ecosystemId;
    const { bus, projections, sso } = app.platform.services;
    const edited = await bus.dispatch(editEcosystem, { ecosystemId, changes: { ssoDistrictIds: { schoology: SAML_DISTRICT } } },
      { actor: SYSTEM, commandId: crypto.randomUUID(), now: new Date().toISOString() });
    if (edited.position) await projections.waitFor(edited.position, [TENANTS_PROJECTION], 10_000);
    await sso.configure(SYSTEM, {
      ecosystemId, provider: 'CLEVER', protocol: 'OIDC', issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret,
      endpoints: null, samlEntryPoint: null, samlCertificate: null, districtClaim: null, newAccountRole: null,
    }, crypto.randomUUID());
    await sso.configure(SYSTEM, {
      ecosystemId, provider: 'SCHOOLOGY', protocol: 'SAML', issuer: saml.entityId, clientId: `${app.url}/saml/sp`, clientSecret: null,
      endpoints: null, samlEntryPoint: saml.entryPoint, samlCertificate: IDP_CERT, districtClaim: 'district_id', newAccountRole: null,
    }, crypto.randomUUID());
  } catch (error) {
    await stop();
    throw error;
  }
  return { oidc, saml, stop };
}
