/**
 * What every resolver receives. Resolvers never talk to the event store or write tables: reads go
 * through `ctx.read` (a read-only transaction as app_api, scoped by row-level security to the
 * viewer's tenants) and writes through `ctx.execute` (command bus, then a bounded wait until the
 * projections the payload reads have caught up).
 */
import type { PoolClient } from 'pg';
import type { Aggregate, CommandHandler, DomainEvent } from '../domain/shared/decider';
import type { Position, RecordedEvent, Role } from '../domain/shared/events';
import type { ResolverServices } from './services';
import type { Locale } from './i18n/locale';

export interface ViewerRole {
  ecosystemId: string;
  role: Role;
  programId: string | null;
}

/** The authenticated user of a request, from a verified access token and the users read model. */
export interface Viewer {
  userId: string;
  email: string;
  platformAdmin: boolean;
  roles: ViewerRole[];
}

/** The request headers of spec section 7. */
export interface ClientHeaders {
  /** Raw bearer token (without "Bearer "), or null. */
  bearer: string | null;
  /** x-platform-mode: "ecosystem-profile" for the tenant-branded route set, else "platform". */
  platformMode: string | null;
  /** x-ecosystem-profile-id: the ecosystem profile the client is browsing. */
  ecosystemProfileId: string | null;
  /** x-review-app-secret: unlocks review-app ecosystem search. */
  reviewAppSecret: string | null;
  /** Idempotency-Key: one per user action, the same when the request is sent again (decision 0017). */
  idempotencyKey: string | null;
}

export interface TenantScope {
  platformAdmin: boolean;
  ecosystemIds: string[];
  viewerId?: string | null;
}

export interface ExecuteOptions {
  /** Projections the payload reads; the mutation waits until they pass the appended position. */
  waitFor?: string[];
  /**
   * A command id of the caller's choosing (ids derived from the thing acted on). Default: derived
   * from the request's Idempotency-Key when it has one (decision 0017), else random.
   */
  commandId?: string;
  /** The ecosystem acted on: picks the actor role recorded in the events' metadata. */
  ecosystemId?: string | null;
}

export interface ExecuteResult<S> {
  aggregateId: string;
  state: S;
  events: RecordedEvent[];
  position: Position | null;
  replayed: boolean;
}

/** Cookie operations for the auth routes and mutations that set or clear the refresh token. */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options: { maxAgeSeconds: number; path: string }): void;
  clear(name: string, path: string): void;
}

export interface RequestContext {
  requestId: string;
  /** The client's address (behind a proxy: the forwarded one); half of the login rate-limit key. */
  clientIp: string;
  viewer: Viewer | null;
  /** The reader's language (Accept-Language), for anything a resolver words itself. */
  locale: Locale;
  headers: ClientHeaders;
  scope: TenantScope;
  cookies: CookieJar;
  /**
   * The few services some resolvers need beyond read/execute (auth, flags, engine, config, clock).
   * Never the pools, the event store or the bus: resolvers read through `read` and write through `execute`.
   */
  services: ResolverServices;
  read<T>(fn: (client: PoolClient) => Promise<T>): Promise<T>;
  execute<I, S, E extends DomainEvent>(handler: CommandHandler<I, S, E>, input: unknown, options?: ExecuteOptions): Promise<ExecuteResult<S>>;
  /**
   * The id of a new aggregate this mutation creates (`what` names it: 'program'). Derived from the
   * Idempotency-Key like command ids, so a repeated request creates the same aggregate, not a second.
   */
  newId(what: string): string;
  /**
   * An aggregate's current state, folded from its stream through the command bus: for checks a
   * command needs about another aggregate (a profile id's holder). Not a read model: never stale.
   */
  loadAggregate<S, E extends DomainEvent>(aggregate: Aggregate<S, E>, aggregateId: string): Promise<S>;
  /** Warnings returned in `extensions.warnings` (e.g. STALE_READ when projections lagged). */
  warnings: string[];
  /** Returned in the response's `extensions`: `replayed: true` when a command was answered from the log (decision 0017). */
  extensions: Record<string, unknown>;
}

export function scopeOf(viewer: Viewer | null): TenantScope {
  if (!viewer) return { platformAdmin: false, ecosystemIds: [] };
  return { platformAdmin: viewer.platformAdmin, ecosystemIds: [...new Set(viewer.roles.map((r) => r.ecosystemId))], viewerId: viewer.userId };
}
