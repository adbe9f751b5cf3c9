/** Sign-in providers as the web app names them (docs/decisions/0046). */
/** Brand names, the same in every language. */
const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  GOOGLE: 'Google', CLEVER: 'Clever', CLASSLINK: 'ClassLink', EDLINK: 'Edlink', SCHOOLOGY: 'Schoology',
};

/** A provider's name; one this app does not know yet shows as the server spells it. */
export function providerName(provider: string): string {
  return PROVIDER_NAMES[provider] ?? provider;
}
