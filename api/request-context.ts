/** Builds the RequestContext of one HTTP request (api/context.ts). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import type { Role } from '../domain/shared/events';
import { UnauthenticatedError } from '../domain/shared/errors';
import { TenantReads, withTenantScope, type TenantScope } from '../projections/scope';
import { scopeOf, type ClientHeaders, type CookieJar, type ExecuteOptions, type RequestContext, type Viewer } from './context';
import { checkReplayedRequest, IDEMPOTENCY_HEADER, idFor, parseIdempotencyKey, requestHashFor } from './idempotency';
import { forgetLoaded } from './loaders';
import { resolverServices, type Services } from './services';
import type { Locale } from './i18n/locale';

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first && first.trim() ? first.trim() : null;
}

export function readClientHeaders(request: FastifyRequest): ClientHeaders {
  const auth = header(request, 'authorization');
  const bearer = auth && /^bearer\s+/i.test(auth) ? auth.replace(/^bearer\s+/i, '').trim() || null : null;
  return {
    bearer,
    platformMode: header(request, 'x-platform-mode'),
    ecosystemProfileId: header(request, 'x-ecosystem-profile-id'),
    reviewAppSecret: header(request, 'x-review-app-secret'),
    idempotencyKey: header(request, IDEMPOTENCY_HEADER),
  };
}

const rolePrecedence: Role[] = ['SUPER_ADMIN', 'PROGRAM_ADMIN', 'STAFF', 'TEACHER', 'LEADER', 'PARENT', 'PUPIL', 'STUDENT', 'MEMBER'];

/** The role recorded in event metadata: the viewer's strongest role in the ecosystem acted on. */
export function actorRole(viewer: Viewer, ecosystemId?: string | null): Role {
  if (viewer.platformAdmin) return 'PLATFORM_ADMIN';
  const roles = viewer.roles.filter((r) => !ecosystemId || r.ecosystemId === ecosystemId).map((r) => r.role);
  return rolePrecedence.find((r) => roles.includes(r)) ?? 'MEMBER';
}

export function cookieJar(request: FastifyRequest, reply: FastifyReply, secure: boolean): CookieJar {
  return {
    get: (name) => request.cookies[name],
    set: (name, value, o) => { void reply.setCookie(name, value, { path: o.path, maxAge: o.maxAgeSeconds, httpOnly: true, sameSite: 'strict', secure }); },
    clear: (name, path) => { void reply.clearCookie(name, { path }); },
  };
}

/**
 * How a context reads. A request shares one transaction between its resolvers (TenantReads,
 * docs/decisions/0025), which its end closes; work outside a request (start-up seeding) reads in a
 * transaction per read, since nothing would end a shared one.
 */
interface ReadPath {
  read<T>(fn: (client: PoolClient) => Promise<T>): Promise<T>;
  /** Ends the open read transaction when a command starts, so it holds no connection while the command runs and waits. */
  commit(): Promise<void>;
}

const requestReads = new WeakMap<RequestContext, TenantReads>();
/**
 * Where a context keeps what asNewAccount needs to make its sibling: a symbol-keyed property, not a
 * WeakMap entry. A WeakMap entry per request whose value (a closure over the request's parts) leads
 * back to its key made every request's context an ephemeron that only a full collection frees:
 * garbage collection took 19% of the server's time under `{ __typename }` load and throughput fell
 * by a third (benchmark 5, session 18).
 */
const NEW_ACCOUNT = Symbol('newAccountParts');
interface NewAccountParts { services: Services; parts: ContextParts }

/**
 * The request as the person whose account it has just created (a sign-up): their commands record
 * them as the actor and derive their ids from the request's Idempotency-Key like any viewer's. Only
 * for an account this request created, before anyone has signed in as it.
 */
export function asNewAccount(ctx: RequestContext, account: { userId: string; email: string }): RequestContext {
  const made = (ctx as RequestContext & { [NEW_ACCOUNT]?: NewAccountParts })[NEW_ACCOUNT];
  if (!made) throw new Error('asNewAccount needs a context made by contextFor');
  const viewer: Viewer = { userId: account.userId, email: account.email, platformAdmin: false, roles: [] };
  return contextFor(made.services, { ...made.parts, viewer, role: 'MEMBER', reads: undefined });
}

function oneTransactionPerRead(services: Services, scope: TenantScope): ReadPath {
  return { read: (fn) => withTenantScope(services.apiPool, scope, fn), commit: () => Promise.resolve() };
}

/** `locale`: the reader's language, which the GraphQL handler has read from Accept-Language already. */
export async function createRequestContext(services: Services, request: FastifyRequest, reply: FastifyReply, requestId: string, locale: Locale): Promise<RequestContext> {
  const headers = readClientHeaders(request);
  const viewer = headers.bearer ? await services.auth.authenticate(headers.bearer) : null;
  const reads = new TenantReads(services.apiPool, scopeOf(viewer));
  const ctx = contextFor(services, {
    viewer, headers, cookies: cookieJar(request, reply, services.config.NODE_ENV === 'production'), requestId, clientIp: request.ip,
    locale, reads,
  });
  requestReads.set(ctx, reads);
  return ctx;
}

/**
 * Ends a request's read transaction and returns its connection: called once the operation's
 * execution is over, whether it succeeded or failed. A read attempted after this is refused.
 */
export async function endRequestContext(ctx: RequestContext): Promise<void> {
  await requestReads.get(ctx)?.close();
}

const noHeaders: ClientHeaders = { bearer: null, platformMode: null, ecosystemProfileId: null, reviewAppSecret: null, idempotencyKey: null };
const noCookies: CookieJar = { get: () => undefined, set: () => undefined, clear: () => undefined };

/**
 * A context for work the platform does itself (start-up seeding): a platform-admin viewer whose
 * events record the SYSTEM role, going through the same policy, commands and reads as a request.
 */
export function systemContext(services: Services, userId: string): RequestContext {
  const viewer: Viewer = { userId, email: 'system@platform.invalid', platformAdmin: true, roles: [] };
  return contextFor(services, { viewer, headers: noHeaders, cookies: noCookies, requestId: crypto.randomUUID(), clientIp: 'system', role: 'SYSTEM' });
}

interface ContextParts {
  viewer: Viewer | null;
  headers: ClientHeaders;
  cookies: CookieJar;
  requestId: string;
  clientIp: string;
  role?: Role;
  locale?: Locale;
  /** The request's shared read transaction; a transaction per read when absent. */
  reads?: ReadPath;
}

export function contextFor(services: Services, parts: ContextParts): RequestContext {
  const { viewer, requestId } = parts;
  const scope = scopeOf(viewer);
  const reads = parts.reads ?? oneTransactionPerRead(services, scope);
  const warnings: string[] = [];
  const extensions: Record<string, unknown> = {};
  const key = parseIdempotencyKey(parts.headers.idempotencyKey);
  // `ctx` is the context built below: ids are asked for only once it exists.
  const derive = (kind: string) => (viewer ? idFor(ctx, viewer.userId, key, kind) : crypto.randomUUID());
  const ctx: RequestContext = {
    requestId,
    clientIp: parts.clientIp,
    viewer,
    locale: parts.locale ?? 'en',
    headers: parts.headers,
    scope,
    services: resolverServices(services),
    warnings,
    extensions,
    cookies: parts.cookies,
    read: (fn) => reads.read(fn),
    newId: (what) => derive(`id:${what}`),
    loadAggregate: (aggregate, aggregateId) => services.bus.load(aggregate, aggregateId),
    async execute(handler, input, options: ExecuteOptions = {}) {
      if (!viewer) throw new UnauthenticatedError();
      const requestHash = requestHashFor(ctx, key);
      // The read transaction ends while the command runs: its COMMIT costs the mutation no round trip.
      const [result] = await Promise.all([services.bus.dispatch(handler, input, {
        actor: { userId: viewer.userId, role: parts.role ?? actorRole(viewer, options.ecosystemId) },
        commandId: options.commandId ?? derive(handler.type),
        correlationId: requestId,
        // The platform's clock is the one time source of commands and of the checks made before them.
        now: services.clock().toISOString(),
        requestHash,
      }), reads.commit()]);
      if (result.replayed) checkReplayedRequest(requestHash, result.events);
      // A repeated request (or a concurrent copy that lost the race) is answered from the log.
      if (result.replayed && result.events.length > 0) extensions.replayed = true;
      if (result.position && options.waitFor?.length) {
        const caughtUp = await services.projections.waitFor(result.position, options.waitFor, services.config.PROJECTION_WAIT_MS);
        if (!caughtUp) warnings.push('STALE_READ');
      }
      // Rows loaded before the command may have changed: the payload's lookups read them again.
      forgetLoaded(ctx);
      return { aggregateId: result.aggregateId, state: result.state, events: result.events, position: result.position, replayed: result.replayed };
    },
  };
  const made: NewAccountParts = { services, parts };
  Object.defineProperty(ctx, NEW_ACCOUNT, { value: made });
  return ctx;
}
