/**
 * POST/GET /graphql: GraphQL over HTTP as its specification says, by graphql-http (the
 * specification's reference implementation): `application/graphql-response+json` when the client
 * asks for it (4xx for request errors), `application/json` otherwise (200 for any well-formed
 * request). Around it, our own parts only: persisted-query lookup, the document cache, the
 * request guard, one context per request, and error formatting (api/graphql/format.ts).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { createHandler, parseRequestParams, type Request as GraphQLHttpRequest, type RequestParams, type Response as GraphQLHttpResponse } from 'graphql-http';
import { genericMessage } from '../errors';
import type { Message } from '../../domain/shared/i18n';
import { translate } from '../i18n/catalogue';
import { DEFAULT_LOCALE, LOCALES, localeFromHeader, type Locale } from '../i18n/locale';
import { apiMessages } from '../i18n/messages';
import type { RequestContext } from '../context';
import type { DocumentCache, PersistedQueries } from './documents';
import { formatError, formatResult } from './format';
import { checkVariables } from './request-guard';

export interface GraphQLHandlerOptions {
  schema: GraphQLSchema;
  documents: DocumentCache;
  persisted: PersistedQueries;
  /** 'only': persisted ids alone (production); 'allow-raw': ids or query text (development). */
  mode: 'only' | 'allow-raw';
  /** Production answers leave out "Did you mean ...?" suggestions that spell out the schema. */
  production?: boolean;
  /** `locale`: the reader's language, read once per request from Accept-Language. */
  createContext(request: FastifyRequest, reply: FastifyReply, requestId: string, locale: Locale): Promise<RequestContext>;
  /**
   * Ends what a context holds (its read transaction and connection) once the operation's execution
   * is over, on success and on error: while the answer is sent (docs/decisions/0030).
   */
  endContext(context: RequestContext): Promise<void>;
}

/** What travels with one request through graphql-http's callbacks. */
interface Exchange {
  request: FastifyRequest;
  reply: FastifyReply;
  requestId: string;
  /** The reader's language, from Accept-Language, read once per request. */
  locale: Locale;
  context: RequestContext | null;
  /** The operation was not executed (its variables could not be coerced): a request error. */
  notExecuted: boolean;
}

type HttpRequest = GraphQLHttpRequest<FastifyRequest, Exchange>;

/** A request refused before graphql-http reads it, in the media type and language the client asked for. */
function errorResponse(req: HttpRequest, status: number, message: Message, code: string): GraphQLHttpResponse {
  const text = translate(message, req.context.locale);
  const modern = (req.raw.headers.accept ?? '').includes('application/graphql-response+json');
  return [JSON.stringify({ errors: [{ message: text, extensions: { code } }] }), {
    status, statusText: status === 400 ? 'Bad Request' : 'Error',
    headers: { 'content-type': `${modern ? 'application/graphql-response+json' : 'application/json'}; charset=utf-8` },
  }];
}

function rawParams(request: FastifyRequest): Record<string, unknown> {
  const source = request.method === 'GET' ? request.query : request.body;
  return source && typeof source === 'object' && !Array.isArray(source) ? (source as Record<string, unknown>) : {};
}

/** The same request with the persisted document's text as its `query` parameter. */
function withQuery(req: HttpRequest, query: string): HttpRequest {
  if (req.method !== 'GET') return { ...req, body: { ...rawParams(req.raw), query } };
  const url = new URL(req.url, 'http://graphql.invalid');
  url.searchParams.set('query', query);
  return { ...req, url: `${url.pathname}${url.search}` };
}

/** Relay sends `doc_id` (older clients `id`); raw text only where the mode allows it. */
async function requestParams(req: HttpRequest, options: GraphQLHandlerOptions): Promise<RequestParams | GraphQLHttpResponse> {
  const raw = rawParams(req.raw);
  const docId = typeof raw.doc_id === 'string' ? raw.doc_id : typeof raw.id === 'string' ? raw.id : null;
  let request = req;
  if (docId !== null) {
    const text = options.persisted.get(docId);
    if (!text) return errorResponse(req, 400, apiMessages.unknownPersistedQuery, 'PERSISTED_QUERY_NOT_FOUND');
    request = withQuery(req, text);
  } else if (options.mode === 'only' && raw.query !== undefined) {
    return errorResponse(req, 400, apiMessages.persistedQueriesOnly, 'PERSISTED_QUERY_ONLY');
  }
  const params = await parseRequestParams(request);
  if (Array.isArray(params)) return params as GraphQLHttpResponse;
  checkVariables((params as RequestParams).variables, req.context.locale);
  return params as RequestParams;
}

/**
 * graphql-http answers a variable coercion failure like an executed operation (200); the
 * specification asks for 400 under application/graphql-response+json, as for other request errors.
 */
function statusOf(init: GraphQLHttpResponse[1], exchange: Exchange): number {
  const modern = init.headers?.['content-type']?.startsWith('application/graphql-response+json') ?? false;
  return init.status === 200 && modern && exchange.notExecuted ? 400 : init.status;
}

/** The answer is already decided: a failure to end the read transaction (read-only) is logged, not sent. */
async function endContext(options: GraphQLHandlerOptions, exchange: Exchange): Promise<void> {
  if (!exchange.context) return;
  await options.endContext(exchange.context).catch((err: unknown) => console.error(`[graphql ${exchange.requestId}] ending the request's reads`, err));
}

export function createGraphQLHandler(options: GraphQLHandlerOptions) {
  const production = options.production ?? false;
  // graphql-http's formatError sees only the error, so each language gets a handler of its own
  // (cheaper than carrying the language in an AsyncLocalStorage, whose hooks tax every promise).
  const handlers = new Map(LOCALES.map((locale) => [locale, createHandler<FastifyRequest, Exchange, Record<PropertyKey, unknown>>({
    schema: options.schema,
    // Our cache takes query text only, which is all graphql-http ever passes.
    parse: (source) => options.documents.parse(typeof source === 'string' ? source : source.body),
    validate: options.documents.validate,
    parseRequestParams: (req) => requestParams(req, options),
    async context(req) {
      const exchange = req.context;
      exchange.context = await options.createContext(exchange.request, exchange.reply, exchange.requestId, exchange.locale);
      return exchange.context as unknown as Record<PropertyKey, unknown>;
    },
    onOperation(req, _args, result) {
      req.context.notExecuted = !('data' in result);
      const ctx = req.context.context;
      return formatResult(result, ctx?.warnings ?? [], (err) => console.error(`[graphql ${req.context.requestId}]`, err), ctx?.extensions, ctx?.locale);
    },
    formatError: (err) => formatError(err, production, locale),
  })] as const));

  return async function handle(request: FastifyRequest, reply: FastifyReply) {
    const locale = localeFromHeader(request.headers['accept-language']);
    const exchange: Exchange = { request, reply, requestId: randomUUID(), locale, context: null, notExecuted: false };
    let response: GraphQLHttpResponse;
    try {
      const handler = handlers.get(locale) ?? handlers.get(DEFAULT_LOCALE)!;
      response = await handler({
        method: request.method, url: request.url, headers: request.headers,
        body: (request.body as string | Record<string, unknown> | undefined) ?? null, raw: request, context: exchange,
      });
    } catch (err) {
      // Only the unexpected arrives here (the request context could not be built: database down...).
      console.error(`[graphql ${exchange.requestId}]`, err);
      await endContext(options, exchange);
      return reply.status(500).type('application/json; charset=utf-8')
        .send({ errors: [{ message: genericMessage(locale), extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
    }
    // The answer is complete: its read transaction (read-only, nothing to lose) ends while it is
    // sent, not before, and the request lasts until it has (a closing server waits for it).
    const ended = endContext(options, exchange);
    const [body, init] = response;
    void reply.status(statusOf(init, exchange));
    for (const [name, value] of Object.entries(init.headers ?? {})) void reply.header(name, value);
    void reply.send(body ?? '');
    await ended;
    return reply;
  };
}
