import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../infra/mail/testing/smtp-capture';
import { startTestApi, type TestApi } from '../../tests/setup/api';

const SEND = 'mutation S($language: String) { sendTestMessage(language: $language) { id recipient kind channel language status } }';
const LIST = 'query L($first: Int, $after: String) { getOutboxMessages(first: $first, after: $after) { edges { cursor node { id kind status } } pageInfo { hasNextPage endCursor } } }';
const ONE = 'query O($id: ID!) { getOutboxMessage(messageId: $id) { id status attempts transport subject text html language } }';

type Sent = { sendTestMessage: { id: string; recipient: string; kind: string; channel: string; language: string; status: string } };
type One = { getOutboxMessage: { id: string; status: string; attempts: number; transport: string | null; subject: string | null; text: string | null; html: string | null; language: string } | null };

describe('the outbox API, with SMTP configured', () => {
  let smtp: SmtpCapture;
  let api: TestApi;
  let admin: string;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    api = await startTestApi({ SMTP_URL: smtp.url, MAIL_FROM: 'Platform <no-reply@platform.example.org>' });
    admin = await api.loginAs('platformAdmin');
  });
  afterAll(async () => {
    await api?.stop();
    await smtp?.close();
  });

  async function settled(id: string) {
    for (const deadline = Date.now() + 20_000; ;) {
      const res = await api.graphql<One>(ONE, { id }, { token: admin });
      const message = res.data?.getOutboxMessage;
      if (message && !['QUEUED', 'SENDING'].includes(message.status)) return message;
      if (Date.now() > deadline) throw new Error(`message ${id} never settled: ${JSON.stringify(res)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('sends the platform admin a test e-mail in the language asked for (the spec\'s sp is Spanish), and shows it', async () => {
    const res = await api.graphql<Sent>(SEND, { language: 'sp' }, { token: admin });
    expect(res.errors).toBeUndefined();
    const sent = res.data!.sendTestMessage;
    expect(sent).toMatchObject({ recipient: api.platform.demo!.platformAdmin.email, kind: 'TEST', channel: 'EMAIL', language: 'es' });
    const message = await settled(sent.id);
    expect(message).toMatchObject({ status: 'SENT', attempts: 1, transport: 'smtp', subject: 'Mensaje de prueba de Tutoring Platform' });
    expect(message.text).toContain('Este es un mensaje de prueba');
    expect(message.html).toContain('<html lang="es">');
    const [mail] = await smtp.waitFor(1);
    expect(mail.subject).toBe('Mensaje de prueba de Tutoring Platform');
    expect(mail.headers.get('content-language')).toBe('es');
  });

  it('answers a repeated request (same Idempotency-Key) with the same message, sent once', async () => {
    const before = smtp.received.length;
    const headers = { 'idempotency-key': 'outbox-test-1' };
    const first = await api.graphql<Sent>(SEND, { language: 'en' }, { token: admin, headers });
    const again = await api.graphql<Sent>(SEND, { language: 'en' }, { token: admin, headers });
    expect(again.data!.sendTestMessage.id).toBe(first.data!.sendTestMessage.id);
    await settled(first.data!.sendTestMessage.id);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(smtp.received.length - before).toBe(1);
  });

  it('lists messages newest first, a page at a time', async () => {
    const page1 = await api.graphql<{ getOutboxMessages: { edges: Array<{ node: { id: string } }>; pageInfo: { hasNextPage: boolean; endCursor: string } } }>(LIST, { first: 1 }, { token: admin });
    expect(page1.data!.getOutboxMessages.edges).toHaveLength(1);
    expect(page1.data!.getOutboxMessages.pageInfo.hasNextPage).toBe(true);
    const page2 = await api.graphql<typeof page1.data>(LIST, { first: 5, after: page1.data!.getOutboxMessages.pageInfo.endCursor }, { token: admin });
    const ids = page2.data!.getOutboxMessages.edges.map((e) => e.node.id);
    expect(ids).toHaveLength(1);
    expect(ids).not.toContain(page1.data!.getOutboxMessages.edges[0].node.id);
  });

  it('is for platform admins only, and writes nothing for anyone else', async () => {
    const ecosystemAdmin = await api.loginAs('ecosystemAdmin');
    const events = await api.eventCount();
    for (const token of [ecosystemAdmin, null]) {
      const send = await api.graphql(SEND, {}, { token });
      expect(send.errors?.[0]?.extensions?.code).toBe(token ? 'FORBIDDEN' : 'UNAUTHENTICATED');
      const list = await api.graphql(LIST, {}, { token });
      expect(list.errors?.[0]?.extensions?.code).toBe(token ? 'FORBIDDEN' : 'UNAUTHENTICATED');
    }
    expect(await api.eventCount()).toBe(events);
  });

  it('answers a malformed message id with its field, and an unknown one with null', async () => {
    const bad = await api.graphql(ONE, { id: 'nope' }, { token: admin, headers: { 'accept-language': 'es' } });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0]?.message).toBe('Este identificador de mensaje no es válido.');
    const none = await api.graphql<One>(ONE, { id: '00000000-0000-4000-8000-000000000000' }, { token: admin });
    expect(none.data?.getOutboxMessage).toBeNull();
  });
});
