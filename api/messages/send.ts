/**
 * Sending a message from a resolver (invitations, verification, reset and log-in links, MFA
 * codes): records it through `ctx.execute`, which waits until the outbox shows it and keeps the
 * request's Idempotency-Key rules (decision 0017), then starts its delivery. Choose the key from
 * what the message is about, e.g. `invite/<inviteId>/<sendCount>`, so a retried request sends
 * nothing twice while a deliberate resend (a new count) does send.
 */
import { recordMessage } from '../../domain/message/handlers';
import type { MessageKind } from '../../domain/message/kinds';
import { MESSAGES_PROJECTION } from '../../projections/messages';
import { sendMessage, type SendMessageRequest, type SentMessage } from '../../workflows/messages/send';
import type { RequestContext } from '../context';

export function sendMessageFromRequest<K extends MessageKind>(ctx: RequestContext, request: SendMessageRequest<K>): Promise<SentMessage> {
  return sendMessage({
    record: async (input, commandId) => {
      const r = await ctx.execute(recordMessage, input, { commandId, waitFor: [MESSAGES_PROJECTION], ecosystemId: request.ecosystemId });
      return { state: r.state, replayed: r.replayed, position: r.position };
    },
    engine: ctx.services.engine,
  }, request);
}
