/**
 * Request-rate limits per client address for the endpoints anyone can reach, by
 * @fastify/rate-limit (in-memory, per process). The key is the client address as fastify's
 * `request.ip` gives it, so TRUST_PROXY alone decides whether X-Forwarded-For is believed; IPv6
 * addresses count per /56 (the plugin's default), since one client usually holds a whole prefix.
 * Over the limit: 429 with Retry-After and a JSON error with code RATE_LIMITED.
 *
 * Loopback is not exempt: a proxy on the same host without TRUST_PROXY would otherwise switch the
 * limits off for everyone. Tests and benchmarks raise the limits through configuration instead.
 */
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Config } from '../../infra/config';
import { renderEnglish } from '../../domain/shared/i18n';
import { apiMessages } from '../i18n/messages';

const WINDOW_MS = 60_000;
/** Counters kept at most; expired ones are swept first, so only a flood of addresses evicts live ones. */
const MAX_COUNTERS = 50_000;

type Counted = { current: number; ttl: number };
type Done = (err: Error | null, result: Counted) => void;

/**
 * One fixed-window count per key, shared by every route. The plugin's own in-memory store gives
 * each route its own map, so a `groupId` (GET and POST /graphql) would not share a count.
 */
export class SharedWindowStore {
  private readonly windows = new Map<string, { count: number; startedAt: number }>();

  incr(key: string, done: Done, windowMs: number): void {
    const now = Date.now();
    let entry = this.windows.get(key);
    if (!entry || entry.startedAt + windowMs <= now) {
      if (!entry && this.windows.size >= MAX_COUNTERS) this.sweep(now, windowMs);
      entry = { count: 0, startedAt: now };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    done(null, { current: entry.count, ttl: entry.startedAt + windowMs - now });
  }

  read(key: string, done: Done, windowMs: number): void {
    const entry = this.windows.get(key);
    const now = Date.now();
    const live = entry && entry.startedAt + windowMs > now;
    done(null, live ? { current: entry.count, ttl: entry.startedAt + windowMs - now } : { current: 0, ttl: 0 });
  }

  child(): SharedWindowStore {
    return this;
  }

  private sweep(now: number, windowMs: number): void {
    for (const [key, entry] of this.windows) if (entry.startedAt + windowMs <= now) this.windows.delete(key);
    // Still full: forget the oldest (Map keeps insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_COUNTERS) break;
      this.windows.delete(key);
    }
  }
}

/** A refusal the server's error handler turns into the 429 answer of each route's own shape. */
export class RateLimitedHttpError extends Error {
  readonly statusCode = 429;
  readonly code = 'RATE_LIMITED';
  readonly userMessage;
  constructor(readonly retryAfterSeconds: number) {
    const message = apiMessages.rateLimitedAddress({ seconds: retryAfterSeconds });
    super(renderEnglish(message));
    this.userMessage = message;
  }
}

interface Limit {
  max: number;
  /** Routes of one group share one count (GET and POST /graphql). */
  groupId: string;
}

export function limitsOf(config: Config): Record<string, Limit> {
  return {
    '/graphql': { max: config.RATE_LIMIT_GRAPHQL, groupId: 'graphql' },
    '/refresh-tokens': { max: config.RATE_LIMIT_AUTH, groupId: 'refresh-tokens' },
    '/logout': { max: config.RATE_LIMIT_AUTH, groupId: 'logout' },
    '/feature-flags': { max: config.RATE_LIMIT_FEATURE_FLAGS, groupId: 'feature-flags' },
    '/notifications/stream': { max: config.RATE_LIMIT_NOTIFICATION_STREAMS, groupId: 'notification-streams' },
    '/uploads/profile-picture': { max: config.RATE_LIMIT_UPLOADS, groupId: 'uploads' },
    // Single sign-on (docs/decisions/0047): each start stores a flow, each callback asks a provider.
    '/sso/:provider/start': { max: config.RATE_LIMIT_AUTH, groupId: 'sso-start' },
    '/sso/schoology/saml/start': { max: config.RATE_LIMIT_AUTH, groupId: 'sso-start' },
    '/sso/:provider/link': { max: config.RATE_LIMIT_AUTH, groupId: 'sso-start' },
    '/sso/:provider/callback': { max: config.RATE_LIMIT_AUTH, groupId: 'sso-return' },
    '/sso/schoology/saml/acs': { max: config.RATE_LIMIT_AUTH, groupId: 'sso-return' },
    // Bounce reports (docs/decisions/0077): each checks a secret or a signature, then reads a stream.
    '/webhooks/mail-bounces': { max: config.RATE_LIMIT_WEBHOOKS, groupId: 'webhooks' },
    '/webhooks/twilio-status': { max: config.RATE_LIMIT_WEBHOOKS, groupId: 'webhooks' },
  };
}

/**
 * Registers the limiter and attaches each route's limit as the route is added, from one table, so
 * the routes themselves (auth's, flags') need not know about it. Register before any route.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  const limits = limitsOf(config);
  // Runs before the plugin's own onRoute hook (added below), which reads config.rateLimit.
  app.addHook('onRoute', (route: RouteOptions) => {
    const limit = limits[route.url];
    if (!limit || limit.max === 0) return;
    route.config = { ...route.config, rateLimit: { max: limit.max, timeWindow: WINDOW_MS, groupId: limit.groupId } };
  });
  await app.register(rateLimit, {
    global: false,
    // The plugin makes one instance per server and asks it for each route's child: always itself.
    store: SharedWindowStore as unknown as NonNullable<RateLimitPluginOptions['store']>,
    errorResponseBuilder: (_request, context) => new RateLimitedHttpError(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}
