import { describe, it } from 'vitest';
import { given } from '../user/given';
import type { MessageEvent, MessageRecorded } from './events';
import {
  abandonMessage, beginDeliveryAttempt, keepMessageInOutbox, recordDeliveryFailure, recordDeliveryUncertain,
  recordMessage, recordMessageBounced, recordMessageSent,
} from './handlers';

const messageId = '7d0c6a1e-3f4b-4c2d-9e8f-1a2b3c4d5e6f';
const tokenA = '11111111-1111-4111-8111-111111111111';
const tokenB = '22222222-2222-4222-8222-222222222222';

const recorded: MessageRecorded = {
  type: 'MessageRecorded',
  data: {
    messageId, ecosystemId: null, channel: 'EMAIL', kind: 'TEST', language: 'es', to: 'admin@example.org', recipientUserId: null,
    subject: 'Mensaje de prueba', text: 'Hola', html: '<p>Hola</p>', idempotencyKey: 'key-1',
  },
};
const attempted = (attempt: number, token = tokenA): MessageEvent => ({ type: 'MessageDeliveryAttempted', data: { messageId, attempt, token, transport: 'smtp' } });
const failed = (attempt: number, permanent = false): MessageEvent => ({ type: 'MessageDeliveryFailed', data: { messageId, attempt, error: 'timeout', permanent } });
const sent = (attempt: number): MessageEvent => ({ type: 'MessageSent', data: { messageId, attempt, providerMessageId: '250 OK' } });

describe('Message', () => {
  describe('recording', () => {
    it('records a new message', () => {
      given(recordMessage, []).when(recorded.data).then([recorded]);
    });
    it('records nothing the second time the same id (idempotency key) comes, whatever its content', () => {
      given(recordMessage, [recorded]).when({ ...recorded.data, text: 'Other' }).then([]);
    });
  });

  describe('a delivery attempt', () => {
    it('begins the first attempt of a waiting message, owned by the token that asked', () => {
      given(beginDeliveryAttempt, [recorded]).when({ messageId, attempt: 1, token: tokenA, transport: 'smtp' }).then([attempted(1)]);
    });
    it('does not begin an attempt another worker began (the second worker sees the first token)', () => {
      given(beginDeliveryAttempt, [recorded, attempted(1)]).when({ messageId, attempt: 1, token: tokenB, transport: 'smtp' }).then([]);
      given(beginDeliveryAttempt, [recorded, attempted(1)]).when({ messageId, attempt: 2, token: tokenB, transport: 'smtp' }).then([]);
    });
    it('begins the next attempt after a transient failure, not one that skips a number', () => {
      given(beginDeliveryAttempt, [recorded, attempted(1), failed(1)]).when({ messageId, attempt: 2, token: tokenB, transport: 'smtp' }).then([attempted(2, tokenB)]);
      given(beginDeliveryAttempt, [recorded, attempted(1), failed(1)]).when({ messageId, attempt: 3, token: tokenB, transport: 'smtp' }).then([]);
    });
    it('never begins again once sent, failed for good, uncertain or in the outbox', () => {
      const ends: MessageEvent[][] = [
        [attempted(1), sent(1)], [attempted(1), failed(1, true)], [attempted(1), { type: 'MessageDeliveryUncertain', data: { messageId, attempt: 1 } }],
        [{ type: 'MessageKeptInOutbox', data: { messageId } }],
      ];
      for (const end of ends) {
        given(beginDeliveryAttempt, [recorded, ...end]).when({ messageId, attempt: end.length, token: tokenB, transport: 'smtp' }).then([]);
        given(beginDeliveryAttempt, [recorded, ...end]).when({ messageId, attempt: end.length + 1, token: tokenB, transport: 'smtp' }).then([]);
      }
    });
  });

  describe('outcomes', () => {
    it('records the current attempt as sent, once', () => {
      given(recordMessageSent, [recorded, attempted(1)]).when({ messageId, attempt: 1, providerMessageId: '250 OK' }).then([sent(1)]);
      given(recordMessageSent, [recorded, attempted(1), sent(1)]).when({ messageId, attempt: 1, providerMessageId: '250 OK' }).then([]);
    });
    it('ignores a late report about an older attempt', () => {
      given(recordMessageSent, [recorded, attempted(1), failed(1), attempted(2)]).when({ messageId, attempt: 1, providerMessageId: null }).then([]);
      given(recordDeliveryFailure, [recorded, attempted(1), failed(1), attempted(2)]).when({ messageId, attempt: 1, error: 'x', permanent: false }).then([]);
    });
    it('learns that an uncertain attempt did go out', () => {
      const uncertain: MessageEvent = { type: 'MessageDeliveryUncertain', data: { messageId, attempt: 1 } };
      given(recordDeliveryUncertain, [recorded, attempted(1)]).when({ messageId, attempt: 1 }).then([uncertain]);
      given(recordMessageSent, [recorded, attempted(1), uncertain]).when({ messageId, attempt: 1, providerMessageId: null })
        .then([{ type: 'MessageSent', data: { messageId, attempt: 1, providerMessageId: null } }]);
    });
    it('keeps only an untouched message in the outbox', () => {
      given(keepMessageInOutbox, [recorded]).when({ messageId }).then([{ type: 'MessageKeptInOutbox', data: { messageId } }]);
      given(keepMessageInOutbox, [recorded, attempted(1), failed(1)]).when({ messageId }).then([]);
    });
    it('abandons a message waiting for a retry, not one being sent or already ended', () => {
      const abandoned: MessageEvent = { type: 'MessageAbandoned', data: { messageId, error: 'gave up' } };
      given(abandonMessage, [recorded, attempted(1), failed(1)]).when({ messageId, error: 'gave up' }).then([abandoned]);
      given(abandonMessage, [recorded, attempted(1)]).when({ messageId, error: 'gave up' }).then([]);
      given(abandonMessage, [recorded, attempted(1), sent(1)]).when({ messageId, error: 'gave up' }).then([]);
    });
  });

  describe('a bounce (decision 0077)', () => {
    const uncertain: MessageEvent = { type: 'MessageDeliveryUncertain', data: { messageId, attempt: 1 } };
    const bounced = (reason: string | null, source: 'mail-webhook' | 'twilio' = 'mail-webhook'): MessageEvent => ({ type: 'MessageBounced', data: { messageId, reason, source } });
    const report = { messageId, reason: '550 5.1.1 mailbox unknown', source: 'mail-webhook' as const, providerMessageId: null };

    it('records a bounce of a sent message, and of an uncertain one (it did go out after all)', () => {
      given(recordMessageBounced, [recorded, attempted(1), sent(1)]).when(report).then([bounced('550 5.1.1 mailbox unknown')]);
      given(recordMessageBounced, [recorded, attempted(1), uncertain]).when(report).then([bounced('550 5.1.1 mailbox unknown')]);
    });
    it('records nothing the second time the same message is reported', () => {
      given(recordMessageBounced, [recorded, attempted(1), sent(1), bounced('first')]).when(report).then([]);
    });
    it('records nothing for a message not sent: unknown, waiting, sending, failed or only in the outbox', () => {
      given(recordMessageBounced, []).when(report).then([]);
      given(recordMessageBounced, [recorded]).when(report).then([]);
      given(recordMessageBounced, [recorded, attempted(1)]).when(report).then([]);
      given(recordMessageBounced, [recorded, attempted(1), failed(1, true)]).when(report).then([]);
      given(recordMessageBounced, [recorded, { type: 'MessageKeptInOutbox', data: { messageId } }]).when(report).then([]);
    });
    it('bounds the reason and records an empty one as none', () => {
      given(recordMessageBounced, [recorded, attempted(1), sent(1)]).when({ ...report, reason: `  ${'x'.repeat(500)}  ` }).then([bounced('x'.repeat(500))]);
      given(recordMessageBounced, [recorded, attempted(1), sent(1)]).when({ ...report, reason: '   ' }).then([bounced(null)]);
      given(recordMessageBounced, [recorded, attempted(1), sent(1)]).when({ ...report, reason: null }).then([bounced(null)]);
    });
    it('ignores a provider report naming another provider id than the send recorded', () => {
      given(recordMessageBounced, [recorded, attempted(1), sent(1)]).when({ ...report, source: 'twilio', providerMessageId: 'SMother' }).then([]);
      given(recordMessageBounced, [recorded, attempted(1), sent(1)]).when({ ...report, reason: null, source: 'twilio', providerMessageId: '250 OK' }).then([bounced(null, 'twilio')]);
    });
  });
});
