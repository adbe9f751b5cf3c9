/**
 * What the platform's server-sent event streams share (GET /feature-flags, decision 0013;
 * GET /notifications/stream, decision 0073): the access token a browser's EventSource can send,
 * the open streams by owner (for the per-owner cap and for ending them all at shutdown), and the
 * start of a hijacked event-stream response.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { readClientHeaders } from '../request-context';

/** How long a client refused for too many streams should wait before its EventSource retries. */
export const STREAM_RETRY_AFTER_SECONDS = 30;

/** The access token in `Authorization: Bearer` or, since EventSource cannot send headers, `?access_token=` (RFC 6750). */
export function streamTokenOf(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = typeof query?.access_token === 'string' && query.access_token ? query.access_token : null;
  return readClientHeaders(request).bearer ?? fromQuery;
}

/** Open streams by owner, so a cap can count them and shutdown can end them. */
export class OpenStreams {
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

/** Takes the response from fastify and starts an event stream on it; answers the raw response to write events to. */
export function startEventStream(reply: FastifyReply): ServerResponse {
  reply.hijack();
  const res = reply.raw;
  // A hijacked reply sends nothing fastify holds: the security headers set in onRequest are copied.
  res.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no',
  });
  res.write(': connected\n\n');
  return res;
}
