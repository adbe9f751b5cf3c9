/**
 * The built web app (dist/web) and its single-page fallback, with caching that suits each file:
 * fingerprinted assets (Vite names them `assets/<name>-<hash>.<ext>`, so a changed file gets a new
 * name) are cached for a year as immutable; everything else, index.html above all, is `no-cache`:
 * kept, but revalidated with its ETag on every use, so a deploy reaches every open browser on its
 * next navigation while an unchanged shell costs a 304.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { apiMessages } from '../i18n/messages';
import { wordedFor } from './messages';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** `assets/index-Ezrb-ijK.js`: Vite's hash is 8 characters of [A-Za-z0-9_-]. */
const FINGERPRINTED = /(^|[/\\])assets[/\\][^/\\]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/i;

export function cacheControlFor(filePath: string): string {
  return FINGERPRINTED.test(filePath) ? IMMUTABLE : REVALIDATE;
}

export async function registerStaticWeb(app: FastifyInstance, webDir: string): Promise<void> {
  const root = path.resolve(webDir);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: ['index.html'],
    cacheControl: false,
    setHeaders: (res, filePath) => { res.setHeader('cache-control', cacheControlFor(path.relative(root, filePath))); },
  });
}

/**
 * Unknown paths: with the web app, a GET that accepts HTML gets the app shell (client-side routes;
 * the router shows its not-found page); everything else a JSON 404.
 */
export function registerNotFound(app: FastifyInstance, withWebApp: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    if (withWebApp && request.method === 'GET' && (request.headers.accept ?? '').includes('text/html')) return reply.sendFile('index.html');
    return reply.status(404).send({ error: wordedFor(request, apiMessages.notFound), code: 'NOT_FOUND' });
  });
}
