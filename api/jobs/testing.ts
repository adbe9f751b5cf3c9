/**
 * A test harness for the jobs area without the HTTP server: the SDL with the jobs resolvers, a
 * RequestContext built like api/request-context.ts builds one (reads as app_api under row-level
 * security; writes through the real command bus, then a wait for the projections), and the real
 * pg-boss engine or any other WorkflowEngine.
 */
import { randomUUID } from 'node:crypto';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { graphql, type GraphQLSchema } from 'graphql';
import { UnauthenticatedError } from '../../domain/shared/errors';
import type { CommandBus } from '../../infra/commandbus';
import type { ProjectionRunner } from '../../projections/runner';
import { withTenantScope } from '../../projections/scope';
import type { TestDatabase } from '../../tests/setup/db';
import type { WorkflowEngine } from '../../workflows/engine/port';
import { scopeOf, type RequestContext, type Viewer } from '../context';
import { toClientError } from '../errors';
import { loadSchemaSDL } from '../graphql/sdl';
import { loadNode } from '../relay';
import { actorRole } from '../request-context';
import type { Services } from '../services';
import { jobsResolvers } from './resolvers';

export interface Harness {
  db: TestDatabase;
  bus: CommandBus;
  runner: ProjectionRunner;
  engine: WorkflowEngine;
}

export interface Answer<T> {
  data: T | null;
  /** Client-facing error codes (as api/errors.ts maps them) and messages. */
  errors: Array<{ code: unknown; message: string; conflictType?: unknown }>;
}

/** The part of the base resolvers (api/graphql/schema.ts) that jobs rely on: Relay's node field. */
const base = {
  Node: { __resolveType: (node: { __typename?: string }) => node.__typename ?? null },
  Query: { node: (_root: unknown, args: { id: string }, ctx: RequestContext) => loadNode(ctx, args.id) },
};

export async function jobsSchema(): Promise<GraphQLSchema> {
  return makeExecutableSchema({
    typeDefs: await loadSchemaSDL(),
    resolvers: [base, jobsResolvers] as Parameters<typeof makeExecutableSchema>[0]['resolvers'],
    resolverValidationOptions: { requireResolversForResolveType: 'ignore' },
  });
}

export function contextFor(h: Harness, viewer: Viewer | null): RequestContext {
  const scope = scopeOf(viewer);
  const requestId = randomUUID();
  // Only what the jobs area reaches through ctx.services; the rest belongs to other areas.
  const services = { engine: h.engine } as Pick<Services, 'engine'> as Services;
  return {
    requestId, viewer, scope, services, warnings: [], extensions: {}, clientIp: '127.0.0.1', locale: 'en',
    headers: { bearer: null, platformMode: null, ecosystemProfileId: null, reviewAppSecret: null, idempotencyKey: null },
    newId: () => randomUUID(),
    loadAggregate: (aggregate, id) => h.bus.load(aggregate, id),
    cookies: { get: () => undefined, set: () => undefined, clear: () => undefined },
    read: (fn) => withTenantScope(h.db.apiPool, scope, fn),
    async execute(handler, input, options = {}) {
      if (!viewer) throw new UnauthenticatedError();
      const result = await h.bus.dispatch(handler, input, {
        actor: { userId: viewer.userId, role: actorRole(viewer, options.ecosystemId) },
        commandId: options.commandId ?? randomUUID(),
        correlationId: requestId,
      });
      if (result.position && options.waitFor?.length) await h.runner.waitFor(result.position, options.waitFor, 10_000);
      return { aggregateId: result.aggregateId, state: result.state, events: result.events, position: result.position, replayed: result.replayed };
    },
  };
}

export async function ask<T>(schema: GraphQLSchema, ctx: RequestContext, source: string, variables: Record<string, unknown> = {}): Promise<Answer<T>> {
  const result = await graphql({ schema, source, variableValues: variables, contextValue: ctx });
  const errors = (result.errors ?? []).map((e) => {
    const client = toClientError(e, 'en', () => undefined);
    return { code: client.extensions.code, message: client.message, conflictType: client.extensions.conflictType };
  });
  return { data: (result.data as T | null | undefined) ?? null, errors };
}
