/**
 * POST/GET /graphql through graphql-helix, kept thin: persisted-query lookup, the document cache,
 * one context per request, and error formatting through api/errors.ts.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { processRequest } from 'graphql-helix';
import { genericMessage, toClientError } from '../errors';
import { localeFromHeader, type Locale } from '../i18n/locale';
import type { RequestContext } from '../context';
import type { DocumentCache, PersistedQueries } from './documents';

export interface GraphQLHandlerOptions {
  schema: GraphQLSchema;
  documents: DocumentCache;
  persisted: PersistedQueries;
  /** 'only': persisted ids alone (production); 'allow-raw': ids or query text (development). */
  mode: 'only' | 'allow-raw';
  createContext(request: FastifyRequest, reply: FastifyReply, requestId: string): Promise<RequestContext>;
}

interface GraphQLBody {
  query?: unknown;
  doc_id?: unknown;
  id?: unknown;
  variables?: unknown;
  operationName?: unknown;
  extensions?: unknown;
}

function badRequest(reply: FastifyReply, message: string, code: string) {
  return reply.status(400).type('application/json').send({ errors: [{ message, extensions: { code } }] });
}

function paramsOf(request: FastifyRequest): GraphQLBody | null {
  const source = request.method === 'GET' ? request.query : request.body;
  return source && typeof source === 'object' && !Array.isArray(source) ? (source as GraphQLBody) : null;
}

function parseVariables(raw: unknown): Record<string, unknown> | undefined | 'invalid' {
  if (raw === undefined || raw === null || raw === '') return undefined;
  let value = raw;
  if (typeof raw === 'string') {
    try { value = JSON.parse(raw); } catch { return 'invalid'; }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : 'invalid';
}

export function createGraphQLHandler(options: GraphQLHandlerOptions) {
  return async function handle(request: FastifyRequest, reply: FastifyReply) {
    const params = paramsOf(request);
    if (!params) return badRequest(reply, 'Expected a JSON object with a query or a persisted query id.', 'BAD_REQUEST');
    const docId = typeof params.doc_id === 'string' ? params.doc_id : typeof params.id === 'string' ? params.id : null;
    let query: string | null = null;
    if (docId) {
      query = options.persisted.get(docId) ?? null;
      if (!query) return badRequest(reply, 'Unknown persisted query id.', 'PERSISTED_QUERY_NOT_FOUND');
    } else if (typeof params.query === 'string' && params.query.trim()) {
      if (options.mode === 'only') return badRequest(reply, 'Only persisted queries are accepted.', 'PERSISTED_QUERY_ONLY');
      query = params.query;
    } else {
      return badRequest(reply, 'Must provide a query or a persisted query id.', 'BAD_REQUEST');
    }
    const variables = parseVariables(params.variables);
    if (variables === 'invalid') return badRequest(reply, 'Variables must be a JSON object.', 'BAD_REQUEST');
    const requestId = randomUUID();
    const locale = localeFromHeader(request.headers['accept-language']);
    let context: RequestContext | undefined;
    const result = await processRequest<RequestContext, unknown>({
      schema: options.schema,
      query,
      variables,
      operationName: typeof params.operationName === 'string' ? params.operationName : undefined,
      request: { body: request.body, headers: request.headers, method: request.method, query: request.query },
      parse: options.documents.parse,
      validate: options.documents.validate,
      contextFactory: async () => {
        try {
          context = await options.createContext(request, reply, requestId);
          return context;
        } catch (err) {
          // Helix would put this message in the answer verbatim (a database error, say).
          console.error(`[graphql ${requestId}] context`, err);
          throw new GraphQLError(genericMessage(locale), { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
        }
      },
      formatPayload: ({ payload }) => formatPayload(payload, context, requestId, locale),
    });
    if (result.type !== 'RESPONSE') {
      return badRequest(reply, 'Subscriptions and incremental delivery are not served here.', 'BAD_REQUEST');
    }
    for (const { name, value } of result.headers) reply.header(name, value);
    if (result.status >= 500) {
      console.error(`[graphql ${requestId}]`, result.payload.errors);
      return reply.status(500).type('application/json').send({ errors: [{ message: genericMessage(locale), extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
    }
    // A request error (syntax, validation, variables) has no `data` at all: the client sent something wrong.
    const requestError = result.status !== 200 || !('data' in result.payload);
    const payload = requestError ? withRequestErrorCodes(formatPayload(result.payload, context, requestId, locale)) : result.payload;
    const internal = requestError && payload.errors?.some((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR');
    return reply.status(internal ? 500 : requestError ? 400 : 200).type('application/json').send(payload);
  };
}

/** Request errors from graphql-js carry no code; clients branch on codes, so give them one. */
function withRequestErrorCodes(payload: ExecutionResult): ExecutionResult {
  const errors = payload.errors?.map((e) => (e.extensions?.code ? e : new GraphQLError(e.message, { nodes: e.nodes, extensions: { ...e.extensions, code: 'BAD_USER_INPUT' } })));
  return { ...payload, ...(errors ? { errors } : {}) };
}

function formatPayload(payload: ExecutionResult, context: RequestContext | undefined, requestId: string, locale: Locale): ExecutionResult {
  const errors = payload.errors?.map((e) => toClientError(e, locale, (err) => console.error(`[graphql ${requestId}]`, err)));
  const warnings = context?.warnings.length ? { warnings: [...new Set(context.warnings)] } : undefined;
  const extensions = warnings ? { ...payload.extensions, ...warnings } : payload.extensions;
  return {
    ...payload,
    ...(errors ? { errors: errors.map((e) => (e instanceof GraphQLError ? e : new GraphQLError(String(e)))) } : {}),
    ...(extensions ? { extensions } : {}),
  };
}
