/**
 * How single sign-on events read in the audit trail: which provider, never a subject, issuer
 * detail or client secret (sealed or not).
 */
import type { RecordedEvent } from '../../domain/shared/events';
import { registerBreadcrumbDescriber } from '../audit/describe';

const provider = (event: RecordedEvent): unknown => (typeof event.data === 'object' && event.data !== null ? (event.data as Record<string, unknown>).provider : undefined);

export function registerSsoBreadcrumbs(): void {
  registerBreadcrumbDescriber('SsoIdentityLinked', (e) => ({ summary: `Linked a ${String(provider(e))} sign-in`, changes: { provider: provider(e) } }));
  registerBreadcrumbDescriber('SsoIdentityUnlinked', (e) => ({ summary: `Removed a linked ${String(provider(e))} sign-in`, changes: { provider: provider(e) } }));
  registerBreadcrumbDescriber('SsoProviderConfigured', (e) => ({ summary: `Configured ${String(provider(e))} sign-in`, changes: { provider: provider(e) } }));
  registerBreadcrumbDescriber('SsoProviderRemoved', (e) => ({ summary: `Removed ${String(provider(e))} sign-in`, changes: { provider: provider(e) } }));
}
