/**
 * GET /feature-flags: a server-sent event stream. Each change is an event named for the flag's
 * dotted path, with a JSON body `{ "name": <path>, "value": <boolean> }` (spec section 7).
 * A comment line every 25 s keeps proxies from closing an idle stream.
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';

const HEARTBEAT_MS = 25_000;

export function flagRoutes(services: Services) {
  return async function register(app: FastifyInstance) {
    app.get('/feature-flags', (request, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
      res.write(': connected\n\n');
      const stop = services.flags.onChange((change) => {
        res.write(`event: ${change.name}\ndata: ${JSON.stringify(change)}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        stop();
      });
    });
  };
}
