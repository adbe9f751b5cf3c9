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
  /** The parts of a multipart/form-data body that are files (room.sh's import takes `files`). */
  files: { field: string; name: string; type: string; bytes: Buffer }[];
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

/** The file parts of a multipart body, read as fetch's own FormData parser reads them. */
async function filesOf(raw: Buffer, type: string): Promise<SeenRequest['files']> {
  const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData();
  const files: SeenRequest['files'] = [];
  for (const [field, value] of form.entries()) {
    if (typeof value !== 'string') files.push({ field, name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
  }
  return files;
}

export async function standIn(handler: Handler): Promise<StandIn> {
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => { chunks.push(chunk); });
    req.on('end', () => void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const raw = Buffer.concat(chunks);
      const type = String(req.headers['content-type'] ?? '');
      const multipart = type.startsWith('multipart/form-data');
      const text = multipart ? '' : raw.toString('utf8');
      const files = multipart ? await filesOf(raw, type) : [];
      const request: SeenRequest = { method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body: text ? JSON.parse(text) : undefined, files };
      seen.push(request);
      const reply = handler(request);
      if (reply.body === undefined) res.writeHead(reply.status).end();
      else res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    })());
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
