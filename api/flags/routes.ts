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
import type { OutgoingHttpHeaders } from 'node:http';
import { readClientHeaders } from '../request-context';
import { wordedFor } from '../http/messages';
import { apiMessages } from '../i18n/messages';
import type { Services } from '../services';

/** How long a client refused for too many streams should wait before its EventSource retries. */
const RETRY_AFTER_SECONDS = 30;

interface Owner {
  key: string;
  cap: number;
}

/** Open streams by owner, so the cap can count them and shutdown can end them. */
class OpenStreams {
  private readonly byOwner = new Map<string, Set<() => void>>();

  count(owner: string): number {
    return this.byOwner.get(owner)?.size ?? 0;
  }

  add(owner: string, end: () => void): () => void {
    const set = this.byOwner.get(owner) ?? new Set();
    this.byOwner.set(owner, set.add(end));
    return () => {
      set.delete(end);
      if (set.size === 0 && this.byOwner.get(owner) === set) this.byOwner.delete(owner);
    };
  }

  endAll(): void {
    for (const set of [...this.byOwner.values()]) for (const end of [...set]) end();
  }
}

function tokenOf(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = typeof query?.access_token === 'string' && query.access_token ? query.access_token : null;
  return readClientHeaders(request).bearer ?? fromQuery;
}

async function ownerOf(services: Services, request: FastifyRequest): Promise<Owner> {
  const token = tokenOf(request);
  const viewer = token ? await services.auth.authenticate(token) : null;
  const { FEATURE_FLAG_STREAMS_PER_USER: perUser, FEATURE_FLAG_STREAMS_PER_ADDRESS: perAddress } = services.config;
  return viewer ? { key: `user:${viewer.userId}`, cap: perUser } : { key: `address:${request.ip}`, cap: perAddress };
}

function openStream(services: Services, request: FastifyRequest, reply: FastifyReply, streams: OpenStreams, owner: Owner): void {
  reply.hijack();
  const res = reply.raw;
  // A hijacked reply sends nothing fastify holds: the security headers set in onRequest are copied.
  res.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no',
  });
  res.write(': connected\n\n');
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
        return reply.status(429).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ error: wordedFor(request, apiMessages.tooManyFlagStreams), code: 'RATE_LIMITED' });
      }
      openStream(services, request, reply, streams, owner);
    });
  };
}
