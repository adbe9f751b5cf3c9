/**
 * The unsubscribe part of a notification e-mail (docs/decisions/0072): the link at its foot that
 * turns this one kind of e-mail off for its recipient without logging in, and the same page as its
 * List-Unsubscribe header. Every notification sender (the notification reactor, the session
 * timers, the weekly parent report) takes it from here; a text message, and a message that is no
 * notification (invitations, one-time links, codes, scheduled reports to any address), has none.
 */
import type { MessageChannel } from '../../domain/message/events';
import { publicUrl, type Config } from '../../infra/config';
import { unsubscribePath, unsubscribeTokens, type UnsubscribeClaim } from '../../infra/unsubscribe';

/** The absolute address of the page that turns one person's e-mail of one kind off. */
export type UnsubscribeUrl = (claim: UnsubscribeClaim) => string;

/** Links signed with the platform's secret (the API's JWT secret), on PUBLIC_URL. */
export function unsubscribeUrls(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, secret: string): UnsubscribeUrl {
  const tokens = unsubscribeTokens(secret);
  return (claim) => publicUrl(config, unsubscribePath(tokens.sign(claim)));
}

export interface UnsubscribePart {
  /** The template's `unsubscribeUrl`: the link at the e-mail's foot, null for a text. */
  url: string | null;
  /** Spread into the send request: the List-Unsubscribe header of an e-mail. */
  header: { listUnsubscribe?: string };
}

/** The unsubscribe part of one message of a notification: for an e-mail when links are configured, else nothing. */
export function unsubscribePart(channel: MessageChannel, urlOf: UnsubscribeUrl | undefined, claim: UnsubscribeClaim): UnsubscribePart {
  if (channel !== 'EMAIL' || !urlOf) return { url: null, header: {} };
  const url = urlOf(claim);
  return { url, header: { listUnsubscribe: url } };
}
