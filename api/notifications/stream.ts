/**
 * GET /notifications/stream: the signed-in person's in-app notifications, live, as server-sent
 * events (decision 0073). Each change of one of *their* notifications (posted, read) is an event
 * `notification` with a JSON body `{ "notificationId": <uuid or null> }`; the client then reads the
 * list again through GraphQL, so the stream carries no content and needs no rendering or tenant
 * checks of its own. Woken by the read model's NOTIFY (listener.ts), never by polling.
 *
 * - Signed-in only: an access token in `Authorization: Bearer` or, since a browser's EventSource
 *   cannot send headers, the `access_token` query parameter (RFC 6750). 401 otherwise.
 * - A comment line every NOTIFICATION_STREAM_HEARTBEAT_MS; each heartbeat checks the token again
 *   and ends the stream once it expired or its session was revoked (the client reconnects with a
 *   fresh token).
 * - At most NOTIFICATION_STREAMS_PER_USER open streams per person, 429 beyond it.
 * - Shutdown ends every open stream at once.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import pg from 'pg';
import { notificationMessages } from '../../domain/notification/messages';
import { OpenStreams, STREAM_RETRY_AFTER_SECONDS, startEventStream, streamTokenOf } from '../http/event-stream';
import { wordedFor } from '../http/messages';
import type { Services } from '../services';
import { NotificationsListener } from './listener';

function openStream(services: Services, listener: NotificationsListener, streams: OpenStreams,
  reply: FastifyReply, userId: string, token: string): void {
  const res = startEventStream(reply);
  const unsubscribe = listener.subscribe(userId, (change) => {
    res.write(`event: notification\ndata: ${JSON.stringify({ notificationId: change.notificationId })}\n\n`);
  });
  const heartbeat = setInterval(() => {
    res.write(': keep-alive\n\n');
    services.auth.authenticate(token).then((viewer) => { if (viewer?.userId !== userId) close(); }, () => close());
  }, services.config.NOTIFICATION_STREAM_HEARTBEAT_MS);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    forget();
    // Ends the response and the connection: a kept-alive socket would hold server.close() again.
    res.end(() => res.socket?.destroy());
  };
  const forget = streams.add(userId, close);
  res.on('close', close);
}

export function notificationRoutes(services: Services) {
  return async function register(app: FastifyInstance) {
    const streams = new OpenStreams();
    // The app_api role may LISTEN; a client of its own, since it stays in LISTEN for the process's life.
    const listener = new NotificationsListener(() => new pg.Client(services.apiPool.options), (line) => app.log.warn(line));
    app.addHook('preClose', (done) => {
      streams.endAll();
      done();
    });
    app.addHook('onClose', async () => { await listener.stop(); });
    app.get('/notifications/stream', async (request, reply) => {
      const token = streamTokenOf(request);
      const viewer = token ? await services.auth.authenticate(token) : null;
      if (!token || !viewer) {
        return reply.status(401).send({ error: wordedFor(request, notificationMessages.signInForStream), code: 'UNAUTHENTICATED' });
      }
      if (streams.count(viewer.userId) >= services.config.NOTIFICATION_STREAMS_PER_USER) {
        return reply.status(429).header('retry-after', String(STREAM_RETRY_AFTER_SECONDS))
          .send({ error: wordedFor(request, notificationMessages.tooManyStreams), code: 'RATE_LIMITED' });
      }
      // LISTEN is active before the stream opens: nothing committed after the client sees `connected` is missed.
      await listener.start();
      openStream(services, listener, streams, reply, viewer.userId, token);
    });
  };
}
