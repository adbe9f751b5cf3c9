/**
 * GET /feature-flags: a server-sent event stream. Each change is an event named for the flag's
 * dotted path, with a JSON body `{ "name": <path>, "value": <boolean> }` (spec section 7).
 *
 * - A comment line every FEATURE_FLAG_HEARTBEAT_MS keeps proxies from closing an idle stream.
 * - Shutdown ends every open stream at once (fastify's close waits for hijacked connections).
 * - A cap on open streams per owner, 429 beyond it. The owner is the signed-in user when the
 *   request proves one (an access token in `Authorization: Bearer` or, since a browser's
 *   EventSource cannot send headers, the `access_token` query parameter of RFC 6750), else the
 *   client address. An invalid or expired token is not refused: the stream is public (flags are
 *   public) and counts against the address instead (docs/decisions/0013).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OpenStreams, STREAM_RETRY_AFTER_SECONDS, startEventStream, streamTokenOf } from '../http/event-stream';
import { wordedFor } from '../http/messages';
import { apiMessages } from '../i18n/messages';
import type { Services } from '../services';

interface Owner {
  key: string;
  cap: number;
}

async function ownerOf(services: Services, request: FastifyRequest): Promise<Owner> {
  const token = streamTokenOf(request);
  const viewer = token ? await services.auth.authenticate(token) : null;
  const { FEATURE_FLAG_STREAMS_PER_USER: perUser, FEATURE_FLAG_STREAMS_PER_ADDRESS: perAddress } = services.config;
  return viewer ? { key: `user:${viewer.userId}`, cap: perUser } : { key: `address:${request.ip}`, cap: perAddress };
}

function openStream(services: Services, request: FastifyRequest, reply: FastifyReply, streams: OpenStreams, owner: Owner): void {
  const res = startEventStream(reply);
  const stopChanges = services.flags.onChange((change) => {
    res.write(`event: ${change.name}\ndata: ${JSON.stringify(change)}\n\n`);
  });
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), services.config.FEATURE_FLAG_HEARTBEAT_MS);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    stopChanges();
    forget();
    // Ends the response and the connection: a kept-alive socket would hold server.close() again.
    res.end(() => res.socket?.destroy());
  };
  const forget = streams.add(owner.key, close);
  res.on('close', close);
}

export function flagRoutes(services: Services) {
  return async function register(app: FastifyInstance) {
    const streams = new OpenStreams();
    // Before fastify waits for connections to finish: an open stream never would on its own.
    app.addHook('preClose', (done) => {
      streams.endAll();
      done();
    });
    app.get('/feature-flags', async (request, reply) => {
      const owner = await ownerOf(services, request);
      if (streams.count(owner.key) >= owner.cap) {
        return reply.status(429).header('retry-after', String(STREAM_RETRY_AFTER_SECONDS)).send({ error: wordedFor(request, apiMessages.tooManyFlagStreams), code: 'RATE_LIMITED' });
      }
      openStream(services, request, reply, streams, owner);
    });
  };
}
