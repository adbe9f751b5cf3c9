import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../infra/mail/testing/smtp-capture';
import { recordThroughBus, sendMessage } from '../../workflows/messages/send';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { BOUNCE_ACTOR, twilioSignature } from './bounces';

const SECRET = 'bounce-secret-for-tests-0123456789';
const TOKEN = 'twilio-auth-token';
const PUBLIC = 'https://tutoring.example.org';
const SID = 'SM0123456789abcdef0123456789abcdef';
const ONE = 'query O($id: ID!) { getOutboxMessage(messageId: $id) { id status error channel } }';
const LIST = 'query L { getOutboxMessages(first: 20) { edges { node { id status } } } }';
type One = { getOutboxMessage: { id: string; status: string; error: string | null; channel: string } | null };

describe('bounce webhooks, configured', () => {
  let smtp: SmtpCapture;
  let twilio: Server;
  const texts: URLSearchParams[] = [];
  let api: TestApi;
  let admin: string;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // A stand-in for Twilio's Messages endpoint: takes every text and names it SID.
    twilio = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => { body += chunk.toString(); });
      req.on('end', () => {
        texts.push(new URLSearchParams(body));
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid: SID, status: 'queued' }));
      });
    });
    await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
    const twilioHost = `127.0.0.1:${(twilio.address() as AddressInfo).port}`;
    api = await startTestApi({
      SMTP_URL: smtp.url, MAIL_FROM: 'Platform <no-reply@platform.example.org>', MAIL_BOUNCE_WEBHOOK_SECRET: SECRET,
      SMS_URL: `twilio+http://AC123:${TOKEN}@${twilioHost}?from=%2B15550001111`, PUBLIC_URL: PUBLIC,
    });
    admin = await api.loginAs('platformAdmin');
  });
  afterAll(async () => {
    await api?.stop();
    await smtp?.close();
    await new Promise<void>((resolve) => (twilio ? twilio.close(() => resolve()) : resolve()));
  });

  async function statusOf(id: string, wanted: (status: string) => boolean) {
    for (const deadline = Date.now() + 20_000; ;) {
      const res = await api.graphql<One>(ONE, { id }, { token: admin });
      const message = res.data?.getOutboxMessage;
      if (message && wanted(message.status)) return message;
      if (Date.now() > deadline) throw new Error(`message ${id} never reached the status: ${JSON.stringify(res)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const postMail = (body: unknown, authorization: string | null = `Bearer ${SECRET}`) => fetch(`${api.url}/webhooks/mail-bounces`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'es', ...(authorization ? { authorization } : {}) }, body: JSON.stringify(body),
  });

  async function sentEmail(): Promise<{ id: string; header: string }> {
    const res = await api.graphql<{ sendTestMessage: { id: string } }>('mutation { sendTestMessage(language: "en") { id } }', {}, { token: admin });
    const id = res.data!.sendTestMessage.id;
    await statusOf(id, (s) => s === 'SENT');
    const mail = smtp.received.find((m) => m.messageId?.startsWith(`<${id}@`) || m.messageId?.startsWith(`${id}@`));
    expect(mail, 'the captured e-mail').toBeDefined();
    return { id, header: mail!.messageId!.startsWith('<') ? mail!.messageId! : `<${mail!.messageId!}>` };
  }

  it('refuses a missing or wrong secret with 401, recording nothing', async () => {
    const { header } = await sentEmail();
    const before = await api.eventCount();
    for (const authorization of [null, 'Bearer wrong-secret', `Basic ${SECRET}`, `Bearer ${SECRET}x`]) {
      const res = await postMail({ messageId: header, reason: '550 no such user' }, authorization);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED', error: 'Este aviso de rebote no está firmado con el secreto configurado.' });
    }
    expect(await api.eventCount()).toBe(before);
  });

  it('answers 404 for a Message-ID that is not one of ours or not recorded, 400 for a malformed report, recording nothing', async () => {
    const before = await api.eventCount();
    for (const messageId of ['<abc@elsewhere.example>', '<7d0c6a1e-3f4b-4c2d-9e8f-1a2b3c4d5e6f@platform.example.org>']) {
      const res = await postMail({ messageId });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    for (const body of [{}, { messageId: 42 }, { messageId: '<x@y>', reason: 7 }]) expect((await postMail(body)).status).toBe(400);
    expect(await api.eventCount()).toBe(before);
  });

  it('records a sent e-mail as BOUNCED once, with its reason, seen in the outbox', async () => {
    const { id, header } = await sentEmail();
    const res = await postMail({ messageId: header, reason: '550 5.1.1 <nobody@example.org>: mailbox unknown' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'BOUNCED', recorded: true });
    const message = await statusOf(id, (s) => s === 'BOUNCED');
    expect(message.error).toBe('550 5.1.1 <nobody@example.org>: mailbox unknown');
    const list = await api.graphql<{ getOutboxMessages: { edges: Array<{ node: { id: string; status: string } }> } }>(LIST, {}, { token: admin });
    expect(list.data!.getOutboxMessages.edges.find((e) => e.node.id === id)?.node.status).toBe('BOUNCED');

    const before = await api.eventCount();
    const again = await postMail({ messageId: header, reason: 'a second DSN' });
    expect(await again.json()).toEqual({ status: 'BOUNCED', recorded: false });
    expect(await api.eventCount()).toBe(before);
    const events = await api.db.ownerPool.query<{ type: string }>('SELECT type FROM events WHERE stream_id = $1 ORDER BY revision', [`message-${id}`]);
    expect(events.rows.filter((e) => e.type === 'MessageBounced')).toHaveLength(1);
  });

  describe('Twilio status callback', () => {
    async function sentText(key: string): Promise<string> {
      const { services } = api.platform;
      const sent = await sendMessage({ record: recordThroughBus(services.bus, BOUNCE_ACTOR), engine: services.engine }, {
        ecosystemId: null, channel: 'SMS', kind: 'TEST', language: 'es', to: '+15555550123', recipientUserId: null, params: {}, brand: {}, idempotencyKey: key,
      });
      await statusOf(sent.messageId, (s) => s === 'SENT');
      return sent.messageId;
    }

    const postStatus = (messageId: string, form: Record<string, string>, signature?: string) => {
      const path = `/webhooks/twilio-status?messageId=${messageId}`;
      return fetch(`${api.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature ?? twilioSignature(TOKEN, `${PUBLIC}${path}`, form) },
        body: new URLSearchParams(form),
      });
    };

    it('asked Twilio to call back the public address with the message id', async () => {
      const id = await sentText('bounce/sms/callback');
      expect(texts.at(-1)!.get('StatusCallback')).toBe(`${PUBLIC}/webhooks/twilio-status?messageId=${id}`);
    });

    it('refuses a wrong or missing signature with 401, recording nothing', async () => {
      const id = await sentText('bounce/sms/unsigned');
      const form = { MessageSid: SID, MessageStatus: 'undelivered', ErrorCode: '30003' };
      const before = await api.eventCount();
      expect((await postStatus(id, form, 'bm90IHRoZSBzaWduYXR1cmU=')).status).toBe(401);
      expect((await postStatus(id, form, twilioSignature('another-token', `${PUBLIC}/webhooks/twilio-status?messageId=${id}`, form))).status).toBe(401);
      // Signed for another message's callback: the query is part of what is signed.
      expect((await postStatus(id, form, twilioSignature(TOKEN, `${PUBLIC}/webhooks/twilio-status?messageId=7d0c6a1e-3f4b-4c2d-9e8f-1a2b3c4d5e6f`, form))).status).toBe(401);
      expect(await api.eventCount()).toBe(before);
    });

    it('ignores statuses that are not failures, and records undelivered as BOUNCED with Twilio\'s error code', async () => {
      const id = await sentText('bounce/sms/undelivered');
      const before = await api.eventCount();
      const delivered = await postStatus(id, { MessageSid: SID, MessageStatus: 'delivered' });
      expect(await delivered.json()).toEqual({ status: 'IGNORED', recorded: false });
      expect(await api.eventCount()).toBe(before);

      const res = await postStatus(id, { MessageSid: SID, MessageStatus: 'undelivered', ErrorCode: '30003' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'BOUNCED', recorded: true });
      const message = await statusOf(id, (s) => s === 'BOUNCED');
      expect(message.error).toBe('Twilio: undelivered (error 30003)');
    });

    it('records nothing for another SID than the send recorded, or an unknown message', async () => {
      const id = await sentText('bounce/sms/other-sid');
      const before = await api.eventCount();
      expect(await (await postStatus(id, { MessageSid: 'SMsomeoneelse', MessageStatus: 'failed' })).json()).toEqual({ status: 'SENT', recorded: false });
      expect((await postStatus('7d0c6a1e-3f4b-4c2d-9e8f-1a2b3c4d5e6f', { MessageSid: SID, MessageStatus: 'failed' })).status).toBe(404);
      expect(await api.eventCount()).toBe(before);
    });
  });
});

describe('bounce webhooks, not configured', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ RATE_LIMIT_WEBHOOKS: '3' });
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('answers 404 on both routes when MAIL_BOUNCE_WEBHOOK_SECRET and SMS_URL are unset', async () => {
    const mail = await fetch(`${api.url}/webhooks/mail-bounces`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer anything-at-all' }, body: JSON.stringify({ messageId: '<x@y>' }),
    });
    expect(mail.status).toBe(404);
    const text = await fetch(`${api.url}/webhooks/twilio-status`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'MessageStatus=failed',
    });
    expect(text.status).toBe(404);
  });

  it('limits requests per client address, both routes sharing one count', async () => {
    const statuses: number[] = [];
    for (const path of ['/webhooks/mail-bounces', '/webhooks/twilio-status', '/webhooks/mail-bounces']) {
      statuses.push((await fetch(`${api.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status);
    }
    // The test before spent two of the three.
    expect(statuses).toEqual([404, 429, 429]);
  });
});
