import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailTransport } from '../../infra/mail/smtp';
import { NO_TRANSPORTS } from '../../infra/mail/port';
import { startSmtpCapture, type SmtpCapture } from '../../infra/mail/testing/smtp-capture';
import { startMessagingHarness, type MessagingHarness } from '../testing/messaging';

const FROM = 'Río Academy <no-reply@rio.example.org>';
const ecosystemId = '5f0d2c1b-7a6e-4d3c-8b9a-0f1e2d3c4b5a';
const brand = { ecosystemName: 'Río Academy', tutorTerm: 'Coach' };

describe('message delivery through SMTP', () => {
  let smtp: SmtpCapture;
  let h: MessagingHarness;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    h = await startMessagingHarness({ mail: new SmtpMailTransport({ url: smtp.url, from: FROM }), text: null });
  });
  afterAll(async () => {
    await h?.stop();
    await smtp?.close();
  });

  const sendTest = (to: string, language: 'en' | 'es', idempotencyKey?: string) => h.send({
    ecosystemId, channel: 'EMAIL', kind: 'TEST', language, to, recipientUserId: null, params: {}, brand, idempotencyKey,
  });

  it('sends an e-mail in the recipient\'s language, with its headers and both parts', async () => {
    const before = smtp.received.length;
    const es = await sendTest('Ana@Example.org', 'es');
    const en = await sendTest('bob@example.org', 'en');
    expect(await h.settled(es.messageId)).toMatchObject({ status: 'SENT', attempts: 1, transport: 'smtp' });
    expect(await h.settled(en.messageId)).toMatchObject({ status: 'SENT', attempts: 1 });
    const mails = (await smtp.waitFor(before + 2)).slice(before);
    const spanish = mails.find((m) => m.headers.get('content-language') === 'es');
    const english = mails.find((m) => m.headers.get('content-language') === 'en');
    expect(spanish?.subject).toBe('Mensaje de prueba de Río Academy');
    expect(spanish?.to && 'text' in spanish.to ? spanish.to.text : '').toBe('ana@example.org');
    expect(spanish?.from?.value[0]).toMatchObject({ name: 'Río Academy', address: 'no-reply@rio.example.org' });
    expect(spanish?.messageId).toBe(`<${es.messageId}@rio.example.org>`);
    expect(spanish?.headers.get('x-platform-message-kind')).toBe('TEST');
    expect(spanish?.headers.get('auto-submitted')).toBe('auto-generated');
    expect(spanish?.text).toContain('Este es un mensaje de prueba de Río Academy.');
    expect(spanish?.html).toContain('<html lang="es">');
    expect(spanish?.html).toContain('Este es un mensaje de prueba de Río Academy.');
    expect(english?.subject).toBe('Test message from Río Academy');
    expect(english?.text).toContain('This is a test message from Río Academy.');
    expect(english?.html).toContain('<html lang="en">');
  });

  it('records and sends a message once, however often its idempotency key is sent', async () => {
    const before = smtp.received.length;
    const first = await sendTest('carla@example.org', 'en', 'welcome/carla');
    const again = await sendTest('carla@example.org', 'en', 'welcome/carla');
    expect(again.messageId).toBe(first.messageId);
    expect(first.recorded).toBe(true);
    expect(again.recorded).toBe(false);
    await h.settled(first.messageId);
    // A third attempt after delivery: nothing new either.
    await sendTest('carla@example.org', 'en', 'welcome/carla');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(smtp.received.length - before).toBe(1);
    expect(await h.eventTypes(first.messageId)).toEqual(['MessageRecorded', 'MessageDeliveryAttempted', 'MessageSent']);
  });

  it('retries a deferred delivery with back-off, and sends it once when the server takes it', async () => {
    const before = smtp.received.length;
    smtp.deferNext(2);
    const sent = await sendTest('dora@example.org', 'en');
    expect(await h.settled(sent.messageId)).toMatchObject({ status: 'SENT', attempts: 3 });
    expect(smtp.received.length - before).toBe(1);
    expect(await h.eventTypes(sent.messageId)).toEqual([
      'MessageRecorded', 'MessageDeliveryAttempted', 'MessageDeliveryFailed', 'MessageDeliveryAttempted', 'MessageDeliveryFailed',
      'MessageDeliveryAttempted', 'MessageSent',
    ]);
  });

  it('gives up once every retry was deferred, keeping the last error', async () => {
    smtp.deferNext(3);
    const sent = await sendTest('eva@example.org', 'en');
    const row = await h.settled(sent.messageId);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 3 });
    expect(row.last_error).toMatch(/^Not delivered after 3 attempts: SMTP .*451/);
  });

  it('does not retry an address the server refuses for good', async () => {
    smtp.rejected.add('nobody@example.org');
    const sent = await sendTest('nobody@example.org', 'en');
    const row = await h.settled(sent.messageId);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 1 });
    expect(row.last_error).toContain('550');
  });

  it('never sends twice when the run is retried after the send went out but before it was recorded', async () => {
    const before = smtp.received.length;
    h.faults.failRecordSent = 1;
    const sent = await sendTest('fran@example.org', 'en');
    // The retry finds the attempt begun and unrecorded: it may have gone out (it did), so it is not sent again.
    expect(await h.settled(sent.messageId)).toMatchObject({ status: 'UNCERTAIN', attempts: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(smtp.received.length - before).toBe(1);
    expect(await h.eventTypes(sent.messageId)).toEqual(['MessageRecorded', 'MessageDeliveryAttempted', 'MessageDeliveryUncertain']);
  });

  it('ends a message UNCERTAIN, not stuck SENDING, when the last attempt went out but was never recorded', async () => {
    // Found by delivery.unit.test.ts's property: retries run out right after the send.
    const before = smtp.received.length;
    smtp.deferNext(2);
    h.faults.failRecordSent = 1;
    const sent = await sendTest('gus@example.org', 'en');
    expect(await h.settled(sent.messageId)).toMatchObject({ status: 'UNCERTAIN', attempts: 3 });
    expect(smtp.received.length - before).toBe(1);
  });
});

describe('message delivery with nothing configured', () => {
  let h: MessagingHarness;
  beforeAll(async () => { h = await startMessagingHarness(NO_TRANSPORTS); });
  afterAll(async () => { await h?.stop(); });

  it('keeps e-mail and texts in the outbox, whose bodies only a platform admin\'s request can read', async () => {
    const mail = await h.send({ ecosystemId, channel: 'EMAIL', kind: 'RESET_PASSWORD', language: 'es', to: 'gil@example.org', recipientUserId: null,
      params: { url: 'https://app.example.org/reset-password/tok123', expiresInMinutes: 60 }, brand });
    const text = await h.send({ ecosystemId: null, channel: 'SMS', kind: 'MFA_CODE', language: 'en', to: '+15555550123', recipientUserId: null,
      params: { code: '424242', expiresInMinutes: 10 }, brand: {} });
    expect(await h.settled(mail.messageId)).toMatchObject({ status: 'OUTBOX', attempts: 0, transport: null });
    expect(await h.settled(text.messageId)).toMatchObject({ status: 'OUTBOX', attempts: 0 });

    const asApi = async (platformAdmin: boolean, ecosystemIds: string[]) => {
      const client = await h.db.apiPool.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SELECT set_config('app.platform_admin', $1, true), set_config('app.ecosystem_ids', $2, true)`, [platformAdmin ? 'on' : 'off', ecosystemIds.join(',')]);
        const list = await client.query<{ id: string }>('SELECT id FROM read.messages ORDER BY created_at');
        const body = await client.query<{ body_subject: string | null; body_text: string }>('SELECT * FROM messages.body($1)', [mail.messageId]);
        await client.query('COMMIT');
        return { ids: list.rows.map((r) => r.id), body: body.rows[0] ?? null };
      } finally {
        client.release();
      }
    };
    const admin = await asApi(true, []);
    expect(admin.ids).toEqual([mail.messageId, text.messageId]);
    expect(admin.body?.body_subject).toBe('Río Academy: restablezca su contraseña');
    expect(admin.body?.body_text).toContain('https://app.example.org/reset-password/tok123');
    // The tenant's own admin sees the row of its message, never a body (the link in it is a key).
    const tenant = await asApi(false, [ecosystemId]);
    expect(tenant.ids).toEqual([mail.messageId]);
    expect(tenant.body).toBeNull();
    const analyst = await h.db.ownerPool.query<{ ok: boolean }>(`SELECT has_function_privilege('analyst', 'messages.body(uuid)', 'EXECUTE') AS ok`);
    expect(analyst.rows[0].ok).toBe(false);
  });

  it('refuses a recipient that is not an address of its channel, recording nothing', async () => {
    await expect(h.send({ ecosystemId, channel: 'SMS', kind: 'TEST', language: 'en', to: '555-0123', recipientUserId: null, params: {}, brand }))
      .rejects.toMatchObject({ fields: { to: { key: 'message.invalidPhone' } } });
    await expect(h.send({ ecosystemId, channel: 'EMAIL', kind: 'TEST', language: 'en', to: 'not-an-address', recipientUserId: null, params: {}, brand }))
      .rejects.toMatchObject({ fields: { to: { key: 'user.invalidEmail' } } });
    const rows = await h.db.ownerPool.query('SELECT 1 FROM events WHERE type = $1', ['MessageRecorded']);
    expect(rows.rowCount).toBe(2); // the two of the test before
  });
});
