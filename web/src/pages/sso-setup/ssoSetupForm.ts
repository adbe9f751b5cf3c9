/**
 * The single sign-on set-up form's rules (docs/decisions/0046): which protocols each provider
 * offers, the form of a provider from its current set-up, what must be filled in before anything
 * is sent, and the input configureSsoProvider takes. The client secret is write-only: a set-up
 * that has one (under the same protocol) may keep it, which sends no secret at all.
 */
import type { SsoSetupMessageId } from '../../i18n/ssoSetup.en';

export const PROVIDERS = ['GOOGLE', 'CLEVER', 'CLASSLINK', 'EDLINK', 'SCHOOLOGY'] as const;
export type Provider = (typeof PROVIDERS)[number];
export type Protocol = 'OIDC' | 'OAUTH2' | 'SAML';
export const NEW_ACCOUNT_ROLES = ['STUDENT', 'PARENT', 'TEACHER', 'MEMBER'] as const;
export type NewAccountRole = (typeof NEW_ACCOUNT_ROLES)[number];

/** As domain/sso/providers.ts allows them; the first is the one a new set-up starts with. */
export const PROTOCOLS: Readonly<Record<Provider, readonly Protocol[]>> = {
  GOOGLE: ['OIDC'], CLEVER: ['OIDC'], CLASSLINK: ['OIDC'], EDLINK: ['OAUTH2'], SCHOOLOGY: ['SAML', 'OAUTH2'],
};

export interface Setup {
  readonly provider: string;
  readonly protocol: string;
  readonly issuer: string;
  readonly clientId: string;
  readonly hasClientSecret: boolean;
  readonly authorizationEndpoint?: string | null;
  readonly tokenEndpoint?: string | null;
  readonly userinfoEndpoint?: string | null;
  readonly samlEntryPoint?: string | null;
  readonly samlCertificate?: string | null;
  readonly districtClaim?: string | null;
  readonly newAccountRole?: string | null;
}

type UrlField = 'authorizationEndpoint' | 'tokenEndpoint' | 'userinfoEndpoint' | 'samlEntryPoint';

export interface SetupForm extends Record<UrlField, string> {
  provider: Provider;
  protocol: Protocol;
  issuer: string;
  clientId: string;
  secretMode: 'keep' | 'set';
  clientSecret: string;
  samlCertificate: string;
  districtClaim: string;
  newAccountRole: NewAccountRole | '';
}

export type FormErrors = Partial<Record<keyof SetupForm, SsoSetupMessageId>>;

function isRole(value: string | null | undefined): value is NewAccountRole {
  return (NEW_ACCOUNT_ROLES as readonly string[]).includes(value ?? '');
}

/** The form of `provider`: its current set-up, or an empty one under the provider's first protocol. */
export function formFor(provider: Provider, setups: readonly Setup[]): SetupForm {
  const s = setups.find((x) => x.provider === provider);
  const protocol = PROTOCOLS[provider].find((p) => p === s?.protocol) ?? PROTOCOLS[provider][0];
  return {
    provider, protocol, issuer: s?.issuer ?? '', clientId: s?.clientId ?? '', secretMode: s?.hasClientSecret ? 'keep' : 'set', clientSecret: '',
    authorizationEndpoint: s?.authorizationEndpoint ?? '', tokenEndpoint: s?.tokenEndpoint ?? '', userinfoEndpoint: s?.userinfoEndpoint ?? '',
    samlEntryPoint: s?.samlEntryPoint ?? '', samlCertificate: s?.samlCertificate ?? '', districtClaim: s?.districtClaim ?? '',
    newAccountRole: isRole(s?.newAccountRole) ? s.newAccountRole : '',
  };
}

/** The server keeps a secret only for a set-up of the same protocol that has one. */
export function canKeepSecret(form: Pick<SetupForm, 'provider' | 'protocol'>, setups: readonly Setup[]): boolean {
  return setups.some((s) => s.provider === form.provider && s.protocol === form.protocol && s.hasClientSecret);
}

export function usesSecret(protocol: Protocol): boolean {
  return protocol !== 'SAML';
}

function isUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Which URL fields the protocol needs: OAuth 2's three endpoints, or SAML's sign-in address. */
export function urlFieldsOf(protocol: Protocol): readonly UrlField[] {
  if (protocol === 'OAUTH2') return ['authorizationEndpoint', 'tokenEndpoint', 'userinfoEndpoint'];
  return protocol === 'SAML' ? ['samlEntryPoint'] : [];
}

export function formErrors(form: SetupForm, canKeep: boolean): FormErrors {
  const errors: FormErrors = {};
  if (!form.issuer.trim()) errors.issuer = 'ssoSetup.required';
  else if (form.protocol === 'OIDC' && !isUrl(form.issuer)) errors.issuer = 'ssoSetup.notUrl';
  if (!form.clientId.trim()) errors.clientId = 'ssoSetup.required';
  if (usesSecret(form.protocol) && !(canKeep && form.secretMode === 'keep') && !form.clientSecret.trim()) errors.clientSecret = 'ssoSetup.required';
  for (const field of urlFieldsOf(form.protocol)) {
    if (!form[field].trim()) errors[field] = 'ssoSetup.required';
    else if (!isUrl(form[field])) errors[field] = 'ssoSetup.notUrl';
  }
  if (form.protocol === 'SAML' && !form.samlCertificate.trim()) errors.samlCertificate = 'ssoSetup.required';
  return errors;
}

/** configureSsoProvider's input: fields of other protocols are left out, and a kept secret is not sent. */
export function setupInput(ecosystemId: string, form: SetupForm, canKeep: boolean) {
  const urls = new Set<string>(urlFieldsOf(form.protocol));
  const url = (field: UrlField) => (urls.has(field) ? form[field].trim() : null);
  const sendSecret = usesSecret(form.protocol) && !(canKeep && form.secretMode === 'keep');
  return {
    ecosystemId, provider: form.provider, protocol: form.protocol, issuer: form.issuer.trim(), clientId: form.clientId.trim(),
    clientSecret: sendSecret ? form.clientSecret.trim() : null,
    authorizationEndpoint: url('authorizationEndpoint'), tokenEndpoint: url('tokenEndpoint'), userinfoEndpoint: url('userinfoEndpoint'),
    samlEntryPoint: url('samlEntryPoint'), samlCertificate: form.protocol === 'SAML' ? form.samlCertificate.trim() : null,
    districtClaim: form.districtClaim.trim() || null, newAccountRole: form.newAccountRole || null,
  };
}

export interface DistrictIds {
  readonly clever?: string | null; readonly classLink?: string | null; readonly edLink?: string | null; readonly schoology?: string | null;
}

/** The ecosystem's district id for a provider (spec section 3's ssoDistrictIds); Google has none. */
export function districtIdOf(provider: string, ids: DistrictIds): string | null {
  const byProvider: Record<string, string | null | undefined> = { CLEVER: ids.clever, CLASSLINK: ids.classLink, EDLINK: ids.edLink, SCHOOLOGY: ids.schoology };
  return byProvider[provider] || null;
}
