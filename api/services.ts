/**
 * The long-lived parts one process wires together (api/platform.ts builds them). Resolvers reach
 * them through `ctx.services`; tests build them against a test database.
 */
import type { Pool } from 'pg';
import type { Config } from '../infra/config';
import type { EventStore } from '../infra/eventstore/port';
import type { CommandBus } from '../infra/commandbus';
import type { ProjectionRunner } from '../projections/runner';
import type { WorkflowEngine } from '../workflows/engine/port';
import type { FeatureFlags } from './flags/service';
import type { AuthService } from './auth/service';
import type { SsoService } from './sso/service';
import type { MeetingCredentials } from '../infra/meetings/credentials';

export interface Services {
  config: Config;
  /** Owner connection: event store appends and projection writes. Never used by resolvers. */
  ownerPool: Pool;
  /** app_api connection: every resolver read, under row-level security. */
  apiPool: Pool;
  eventStore: EventStore;
  bus: CommandBus;
  projections: ProjectionRunner;
  engine: WorkflowEngine;
  flags: FeatureFlags;
  auth: AuthService;
  /** Single sign-on (docs/decisions/0046). */
  sso: SsoService;
  /** Meeting-provider credentials per ecosystem, sealed (docs/decisions/0058). */
  meetings: MeetingCredentials;
  clock: () => Date;
}

/** What resolvers may reach through `ctx.services` (api/context.ts): no pool, no event store, no bus. */
export type ResolverServices = Pick<Services, 'config' | 'auth' | 'flags' | 'engine' | 'clock' | 'sso' | 'meetings'>;

const narrowed = new WeakMap<Services, ResolverServices>();

/**
 * The resolvers' view of `services`: a separate object without the pools, the event store and the
 * bus, so a resolver cannot reach them by mistake. It is a fence for code, not a boundary inside
 * the process: the services it does offer (auth, flags, engine) hold connections of their own.
 * Read through getters, because the platform sets `engine` after building the services.
 */
export function resolverServices(services: Services): ResolverServices {
  let view = narrowed.get(services);
  if (!view) {
    view = Object.freeze({
      get config() { return services.config; },
      get auth() { return services.auth; },
      get flags() { return services.flags; },
      get engine() { return services.engine; },
      get clock() { return services.clock; },
      get sso() { return services.sso; },
      get meetings() { return services.meetings; },
    });
    narrowed.set(services, view);
  }
  return view;
}
