/**
 * The browser's Relay environment. Pages that show data import it (their route modules are lazy),
 * so Relay's runtime loads with the first such page, not with the log-in page. It sends through
 * the same connection as everything else (relay/client.ts).
 */
import { commitLocalUpdate } from 'relay-runtime';
import { browserFetch } from './client';
import { relayEnvironmentOver } from './environment';

export const relayEnvironment = relayEnvironmentOver(browserFetch);

/** After a log-in, what the anonymous visit cached no longer applies. */
export function resetRelayStore(): void {
  commitLocalUpdate(relayEnvironment, (store) => store.invalidateStore());
}
