import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../config';
import { DeliveryError } from '../mail/port';
import { describeSmsUrl, parseSmsUrl, TwilioTextTransport, twilioStatusCallbackPath } from './twilio';

/** A stand-in for Twilio's Messages endpoint: records requests, answers what the test queues. */
interface Seen { path: string; auth: string; form: URLSearchParams }

describe('Twilio text messages', () => {
  let server: Server;
  let base: string;
  const seen: Seen[] = [];
  const answers: Array<{ status: number; body: unknown }> = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => { body += chunk.toString(); });
      req.on('end', () => {
        seen.push({ path: req.url ?? '', auth: req.headers.authorization ?? '', form: new URLSearchParams(body) });
        const answer = answers.shift() ?? { status: 201, body: { sid: 'SM0123456789abcdef', status: 'queued' } };
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const transport = () => new TwilioTextTransport(parseSmsUrl(`twilio+http://AC123:tok%2Fen@${base}?from=%2B15550001111`));

  it('posts To, From and Body with Basic authentication to the account\'s Messages resource', async () => {
    const delivered = await transport().send({ messageId: 'm-1', to: '+15555550123', text: 'Su código es 424242.' });
    expect(delivered).toEqual({ providerMessageId: 'SM0123456789abcdef' });
    const request = seen.at(-1)!;
    expect(request.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(request.auth).toBe(`Basic ${Buffer.from('AC123:tok/en').toString('base64')}`);
    expect(Object.fromEntries(request.form)).toEqual({ To: '+15555550123', From: '+15550001111', Body: 'Su código es 424242.' });
  });

  it('asks for a status callback per message when given one (PUBLIC_URL set), so an undelivered text comes back as a bounce', async () => {
    const withCallback = new TwilioTextTransport({
      ...parseSmsUrl(`twilio+http://AC123:tok%2Fen@${base}?from=%2B15550001111`),
      statusCallbackUrl: (id) => `https://tutoring.example.org${twilioStatusCallbackPath(id)}`,
    });
    await withCallback.send({ messageId: '7d0c6a1e-3f4b-4c2d-9e8f-1a2b3c4d5e6f', to: '+15555550123', text: 'Hola' });
    expect(seen.at(-1)!.form.get('StatusCallback')).toBe('https://tutoring.example.org/webhooks/twilio-status?messageId=7d0c6a1e-3f4b-4c2d-9e8f-1a2b3c4d5e6f');
  });

  it('classifies refusals: a bad number for good, throttling for later, a server error as maybe sent', async () => {
    const failureOf = async (status: number) => {
      answers.push({ status, body: { code: 21211, message: 'Invalid To number' } });
      return transport().send({ messageId: 'm-2', to: '+15555550123', text: 'x' }).then(() => null, (err: DeliveryError) => err);
    };
    expect((await failureOf(400))?.failure).toBe('permanent');
    expect((await failureOf(429))?.failure).toBe('transient');
    expect((await failureOf(500))?.failure).toBe('uncertain');
    const refused = await failureOf(400);
    expect(refused?.message).toBe('Twilio answered 400 (error 21211): Invalid To number');
  });

  it('treats a provider it cannot reach as not sent (safe to retry)', async () => {
    const spare = createServer();
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
    const port = (spare.address() as AddressInfo).port;
    await new Promise<void>((resolve) => spare.close(() => resolve()));
    const closed = new TwilioTextTransport(parseSmsUrl(`twilio+http://AC1:t@127.0.0.1:${port}?from=%2B15550001111`));
    await expect(closed.send({ messageId: 'm-3', to: '+15555550123', text: 'x' })).rejects.toMatchObject({ failure: 'transient' });
  });

  it('reads SMS_URL, and never shows its token', () => {
    expect(parseSmsUrl('twilio://AC9:secret@api.twilio.com?from=%2B15550001111')).toMatchObject({ baseUrl: 'https://api.twilio.com', accountSid: 'AC9', authToken: 'secret' });
    expect(describeSmsUrl('twilio://AC9:secret@api.twilio.com?from=%2B15550001111')).not.toContain('secret');
    expect(() => parseSmsUrl('twilio://AC9:secret@api.twilio.com')).toThrow(/from=/);
    const bad = configSchema.safeParse({ SMS_URL: 'twilio://AC9:secret-token@api.twilio.com', SMTP_URL: 'http://user:secret-pass@host' });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).not.toMatch(/secret/);
  });
});
