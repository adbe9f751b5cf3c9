/**
 * Message delivery on a real Temporal server (`npm run test:temporal`), with the activities in this
 * process's worker and a local SMTP server: the same guarantees as on pg-boss
 * (delivery.int.test.ts), on Temporal's own retries with the `delivery` profile (a retry waits 10 s).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailTransport } from '../../infra/mail/smtp';
import { startSmtpCapture, type SmtpCapture } from '../../infra/mail/testing/smtp-capture';
import { TemporalWorkflowEngine } from '../engine/temporal';
import { startMessagingHarness, type MessagingHarness } from '../testing/messaging';
import { temporalTestAddress } from '../testing/temporal-server';

const taskQueue = `messages-${randomUUID()}`;

describe('message delivery on Temporal', () => {
  let smtp: SmtpCapture;
  let h: MessagingHarness;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    h = await startMessagingHarness({ mail: new SmtpMailTransport({ url: smtp.url, from: 'Platform <no-reply@platform.example.org>' }), text: null },
      (activities) => new TemporalWorkflowEngine({ address: temporalTestAddress(), namespace: 'default', taskQueue, activities, shutdownGraceMs: 300, log: () => undefined }));
  });
  afterAll(async () => {
    await h?.stop();
    await smtp?.close();
  });

  const send = (to: string, idempotencyKey?: string) => h.send({
    ecosystemId: null, channel: 'EMAIL', kind: 'TEST', language: 'es', to, recipientUserId: null, params: {}, brand: {}, idempotencyKey,
  });

  it('sends a message once per idempotency key, in the recipient\'s language', async () => {
    const before = smtp.received.length;
    const first = await send('ana@example.org', 'temporal/ana');
    const again = await send('ana@example.org', 'temporal/ana');
    expect(again.messageId).toBe(first.messageId);
    expect(await h.settled(first.messageId)).toMatchObject({ status: 'SENT', attempts: 1, transport: 'smtp' });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const mails = smtp.received.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Mensaje de prueba de Tutoring Platform');
  });

  it('does not send again when the activity is retried after the send but before it was recorded', async () => {
    const before = smtp.received.length;
    h.faults.failRecordSent = 1;
    const sent = await send('bea@example.org');
    expect(await h.settled(sent.messageId)).toMatchObject({ status: 'UNCERTAIN', attempts: 1 });
    expect(smtp.received.length - before).toBe(1);
  }, 60_000);
});
