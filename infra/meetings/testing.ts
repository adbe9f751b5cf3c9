/**
 * A local HTTP server for the meeting adapters' tests: it records every request (method, path,
 * query, headers, JSON body) and answers with the handler the test gives, so a test checks what a
 * provider would have received.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface Reply {
  status: number;
  body?: unknown;
}

export type Handler = (request: SeenRequest) => Reply;

export interface StandIn {
  url: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

export async function standIn(handler: Handler): Promise<StandIn> {
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => { text += chunk.toString('utf8'); });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const request: SeenRequest = { method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body: text ? JSON.parse(text) : undefined };
      seen.push(request);
      const reply = handler(request);
      if (reply.body === undefined) res.writeHead(reply.status).end();
      else res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

/** An address on this machine where nothing listens. */
export async function closedPort(): Promise<string> {
  const spare = createServer();
  await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
  const port = (spare.address() as AddressInfo).port;
  await new Promise<void>((resolve) => spare.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
