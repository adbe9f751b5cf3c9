/**
 * The `graphql` tag for operations sent without Relay's runtime (log-in, feature flags), so the
 * log-in page's first load need not carry relay-runtime and react-relay. The Relay compiler reads
 * every `graphql` tag and the build's Relay plugin replaces each with its generated artifact (the
 * plugin looks at the tag's name, not at where it was imported from); this function only runs
 * where no plugin did, as Relay's own tag does.
 */
import type { ConcreteRequest } from 'relay-runtime';

export function graphql(_document: TemplateStringsArray): ConcreteRequest {
  throw new Error('graphql: this tag should have been replaced by the Relay build plugin');
}
